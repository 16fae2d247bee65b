import { existsSync } from "node:fs";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import {
  defaultLanguage,
  isLanguage,
  Status,
  type Endpoint,
  type Fields,
  type Language,
  type RuntimeConfig,
} from "@dwn/api";
import type { Db } from "../store/db";
import { readSyncState } from "../sync/indexer";
import { checkSign, createSessionKeys, seal } from "./envelope";
import { Refusal } from "./input";
import { message, type MessageKey } from "./messages";
import { routes, type Route } from "./routes";
import type { ApiKeys } from "./keys";
import type { createSignIn } from "./signin";

export interface AppOptions {
  db: Db;
  keys: ApiKeys;
  signIn: ReturnType<typeof createSignIn>;
  runtimeConfig: RuntimeConfig;
  levelThresholds: readonly bigint[];
  /** The built web app, served under /chain/ when the folder exists. */
  webDir?: string;
  /** Sign-in calls allowed per IP per minute. */
  signInPerMinute?: number;
  bodyLimit?: number;
  log?: (line: string) => void;
}

/** `t` may be this far from the server's clock. */
export const MAX_CLOCK_SKEW = 5 * 60;

export function buildApp(options: AppOptions) {
  const app = Fastify({ bodyLimit: options.bodyLimit ?? 16 * 1024, trustProxy: true });
  const sessionKeys = createSessionKeys(options.keys.privateKey);
  const table = routes(options);
  const log = options.log ?? (() => undefined);

  app.register(formbody);
  app.register(rateLimit, { global: false });

  /** Where a reply is sealed with: the request's session key, when it sent one. */
  const sessionOf = new WeakMap<FastifyRequest, string>();

  function langOf(request: FastifyRequest): Language {
    const body = request.body as Fields | undefined;
    const candidates = [body?.lang, request.headers["think-lang"]];
    return (candidates.find(isLanguage) as Language | undefined) ?? defaultLanguage;
  }

  function reply(request: FastifyRequest, response: FastifyReply, status: Status, msg: string, data: unknown) {
    const json = JSON.stringify({ status, msg, data });
    const key = sessionOf.get(request);
    response.code(200);
    if (key) return response.type("text/plain; charset=utf-8").send(seal(key, json));
    return response.type("application/json; charset=utf-8").send(json);
  }

  function refuse(request: FastifyRequest, response: FastifyReply, refusal: Refusal) {
    return reply(request, response, refusal.status, message(refusal.key, langOf(request), refusal.params), null);
  }

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, response) => {
    const lang = langOf(request);
    if (error.statusCode === 429) {
      return response.code(429).send({ status: Status.businessRule, msg: message("tooMany", lang), data: null });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const key: MessageKey = error.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? "tooLarge" : "badRequest";
      return reply(request, response, Status.badInput, message(key, lang, { reason: error.message }), null);
    }
    log(`API fault on ${request.url}: ${error.message}`);
    return reply(request, response, Status.serverFault, message("serverFault", lang), null);
  });

  app.get("/api/config", async () => options.runtimeConfig);

  app.route({
    method: ["GET", "POST"],
    url: "/api/system/status",
    handler: async (request, response) => {
      const state = await readSyncState(options.db);
      return reply(request, response, Status.ok, message("ok", langOf(request)), {
        chainId: options.runtimeConfig.chain.id,
        headBlock: state?.headBlock ?? 0,
        indexedBlock: state?.blockNumber ?? 0,
      });
    },
  });

  app.register(async (scope) => {
    for (const [path, route] of Object.entries(table) as [Endpoint, Route][]) {
      scope.post(
        `/api/${path}`,
        route.signIn ? { config: { rateLimit: { max: options.signInPerMinute ?? 30, timeWindow: 60_000 } } } : {},
        (request, response) => handle(route, request, response),
      );
    }
  });

  async function handle(route: Route, request: FastifyRequest, response: FastifyReply) {
    const raw = request.body;
    const fields: Fields = {};
    if (raw && typeof raw === "object") {
      for (const [key, value] of Object.entries(raw)) {
        if (typeof value !== "string")
          return refuse(request, response, new Refusal(422, "badRequest", { reason: key }));
        fields[key] = value;
      }
    }
    const header = request.headers.skey;
    if (typeof header === "string" && header !== "") {
      const key = sessionKeys.open(header);
      if (!key) return refuse(request, response, new Refusal(422, "sessionKey"));
      sessionOf.set(request, key);
      if (!checkSign(key, fields)) return refuse(request, response, new Refusal(422, "badSign"));
      const t = Number(fields.t);
      if (!/^\d{1,12}$/.test(fields.t ?? "") || Math.abs(Date.now() / 1000 - t) > MAX_CLOCK_SKEW) {
        return refuse(request, response, new Refusal(422, "badTime"));
      }
    } else if (!route.open) {
      return refuse(request, response, new Refusal(422, "sessionKeyRequired"));
    }
    let address = "";
    if (!route.open) {
      const session = fields.token ? await options.signIn.session(fields.token) : undefined;
      if (!session) return refuse(request, response, new Refusal(401, "notSignedIn"));
      address = session;
    }
    const lang = langOf(request);
    try {
      const data = await route.handle({ fields, lang, address });
      return reply(request, response, Status.ok, message("ok", lang), data);
    } catch (error) {
      if (error instanceof Refusal) return refuse(request, response, error);
      throw error;
    }
  }

  app.setNotFoundHandler((request, response) => {
    if (request.url.startsWith("/api/")) {
      return response.code(404).send({
        status: Status.badInput,
        msg: message("notFound", langOf(request), { path: request.url }),
        data: null,
      });
    }
    return response.code(404).type("text/plain").send("Not found");
  });

  if (options.webDir && existsSync(options.webDir)) {
    app.register(fastifyStatic, { root: options.webDir, prefix: "/chain/" });
    app.get("/", (_request, response) => response.redirect("/chain/"));
  }
  return app;
}
