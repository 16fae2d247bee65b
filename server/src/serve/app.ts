import { existsSync } from "node:fs";
import { relative } from "node:path";
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { defaultLanguage, isLanguage, Status, type Fields, type Language, type RuntimeConfig } from "@dwn/api";
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
  /**
   * The peers whose X-Forwarded-For names the client (the sign-in limit counts per client IP),
   * in Fastify's `trustProxy` forms. Default: loopback and private networks, where a load
   * balancer sits; a client that connects from a public address cannot pick its own IP.
   */
  trustProxy?: boolean | string | string[];
  /**
   * More endpoints, by path under /api/, served through the same handler as the API's own
   * (envelope, session, sealed reply): the benchmark's no-op baseline.
   */
  extraRoutes?: Record<string, Route>;
  log?: (line: string) => void;
}

/** `t` may be this far from the server's clock. */
const MAX_CLOCK_SKEW = 5 * 60;

/** Fastify's own refusals of a request it cannot read, as our messages. */
const FRAMEWORK_REFUSALS: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "tooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "badContentType",
  FST_ERR_CTP_INVALID_TYPE: "badContentType",
  FST_ERR_CTP_EMPTY_TYPE: "badContentType",
};

export function buildApp(options: AppOptions) {
  const app = Fastify({
    bodyLimit: options.bodyLimit ?? 16 * 1024,
    trustProxy: options.trustProxy ?? "loopback, linklocal, uniquelocal",
    // A request whose URL cannot be decoded gets the same refusal as every other bad input.
    frameworkErrors: (error, request, response) => refuse(request, response, new Refusal(422, "badRequest")),
    clientErrorHandler: (error, socket) => {
      // HTTP that cannot be parsed (headers too large, garbage): no request, so no language
      // and no session key; the body is still {status, msg, data}.
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      const key: MessageKey = error.code === "HPE_HEADER_OVERFLOW" ? "tooLarge" : "badRequest";
      const body = JSON.stringify({ status: Status.badInput, msg: message(key, defaultLanguage), data: null });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  });
  const sessionKeys = createSessionKeys(options.keys.privateKey);
  const table = routes(options);
  const log = options.log ?? (() => undefined);

  // The API reads form-encoded bodies only (DESIGN.md §4): JSON, text and the rest are refused.
  app.removeAllContentTypeParsers();
  app.register(formbody);
  app.register(rateLimit, { global: false });

  /** The session key of a request whose sKey header opens: its reply is sealed with it. */
  const sessionOf = new WeakMap<FastifyRequest, string>();

  function sessionKeyOf(request: FastifyRequest): string | undefined {
    let key = sessionOf.get(request);
    const header = request.headers.skey;
    if (key === undefined && typeof header === "string" && header !== "") {
      key = sessionKeys.open(header);
      if (key) sessionOf.set(request, key);
    }
    return key;
  }

  function langOf(request: FastifyRequest): Language {
    const body: unknown = request.body;
    const lang = body && typeof body === "object" && "lang" in body ? body.lang : undefined;
    const candidates = [lang, request.headers["think-lang"]];
    return (candidates.find(isLanguage) as Language | undefined) ?? defaultLanguage;
  }

  function reply(request: FastifyRequest, response: FastifyReply, status: Status, msg: string, data: unknown) {
    const json = JSON.stringify({ status, msg, data });
    const key = sessionKeyOf(request);
    response.code(200);
    if (key) return response.type("text/plain; charset=utf-8").send(seal(key, json));
    return response.type("application/json; charset=utf-8").send(json);
  }

  function refuse(request: FastifyRequest, response: FastifyReply, refusal: Refusal) {
    return reply(request, response, refusal.status, message(refusal.key, langOf(request), refusal.params), null);
  }

  app.setErrorHandler((error: FastifyError, request, response) => {
    if (error.statusCode === 429) {
      return reply(request, response, Status.businessRule, message("tooMany", langOf(request)), null);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(request, response, new Refusal(422, FRAMEWORK_REFUSALS[error.code] ?? "badRequest"));
    }
    log(`API fault on ${request.url}: ${error.message}`);
    return reply(request, response, Status.serverFault, message("serverFault", langOf(request)), null);
  });

  /** The body's fields: each sent once, as text. */
  function readFields(body: unknown): Fields | Refusal {
    const fields: Fields = Object.create(null) as Fields;
    if (body === undefined || body === null) return fields;
    if (typeof body !== "object") return new Refusal(422, "badContentType");
    for (const [key, value] of Object.entries(body)) {
      if (typeof value !== "string") return new Refusal(422, "notText", { field: key });
      fields[key] = value;
    }
    return fields;
  }

  /**
   * The envelope (DESIGN.md §4): a request that sends sKey must send a readable one, an l_sign
   * over exactly its fields and a current `t`; only `open` calls may come without one.
   */
  function checkEnvelope(request: FastifyRequest, fields: Fields, open: boolean): Refusal | undefined {
    const header = request.headers.skey;
    if (header === undefined || header === "") return open ? undefined : new Refusal(422, "sessionKeyRequired");
    const key = sessionKeyOf(request);
    if (!key) return new Refusal(422, "sessionKey");
    if (!checkSign(key, fields)) return new Refusal(422, "badSign");
    const t = fields.t ?? "";
    if (!/^\d{1,12}$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) > MAX_CLOCK_SKEW) {
      return new Refusal(422, "badTime");
    }
    return undefined;
  }

  app.get("/api/config", async () => options.runtimeConfig);

  app.route({
    method: ["GET", "POST"],
    url: "/api/system/status",
    handler: async (request, response) => {
      const fields = readFields(request.body);
      const refusal = fields instanceof Refusal ? fields : checkEnvelope(request, fields, true);
      if (refusal) return refuse(request, response, refusal);
      const state = await readSyncState(options.db);
      return reply(request, response, Status.ok, message("ok", langOf(request)), {
        chainId: options.runtimeConfig.chain.id,
        headBlock: state?.headBlock ?? 0,
        indexedBlock: state?.blockNumber ?? 0,
      });
    },
  });

  app.register(async (scope) => {
    for (const [path, route] of Object.entries({ ...table, ...options.extraRoutes }) as [string, Route][]) {
      scope.post(
        `/api/${path}`,
        route.signIn ? { config: { rateLimit: { max: options.signInPerMinute ?? 30, timeWindow: 60_000 } } } : {},
        (request, response) => handle(route, request, response),
      );
    }
  });

  async function handle(route: Route, request: FastifyRequest, response: FastifyReply) {
    const fields = readFields(request.body);
    if (fields instanceof Refusal) return refuse(request, response, fields);
    const refusal = checkEnvelope(request, fields, route.open === true);
    if (refusal) return refuse(request, response, refusal);
    const token = fields.token ?? "";
    const notSignedIn = () => refuse(request, response, new Refusal(401, "notSignedIn"));
    let address = "";
    if (!route.open) {
      if (!token) return notSignedIn();
      if (!route.ownSession) {
        const session = await options.signIn.session(token);
        if (!session) return notSignedIn();
        address = session;
      }
    }
    const lang = langOf(request);
    try {
      const data = await route.handle({ fields, lang, address, token });
      return reply(request, response, Status.ok, message("ok", lang), data);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // Not being signed in outranks bad input, also where the route looks the session up itself.
      if (route.ownSession && error.status !== 401 && !(await options.signIn.session(token))) return notSignedIn();
      return refuse(request, response, error);
    }
  }

  app.setNotFoundHandler((request, response) => {
    if (request.url.startsWith("/api/")) {
      const path = request.url.split("?")[0].slice(0, 200);
      return refuse(request, response, new Refusal(422, "notFound", { path }));
    }
    return response.code(404).type("text/plain").send("Not found");
  });

  const webDir = options.webDir;
  // The page's first chain reads go to the RPC node, on another origin: the browser opens that
  // connection (DNS, TCP, TLS) while the scripts download instead of after they have run.
  const rpcOrigin = new URL(options.runtimeConfig.chain.rpcUrl).origin;
  if (webDir && existsSync(webDir)) {
    app.register(fastifyStatic, {
      root: webDir,
      prefix: "/chain/",
      // The build writes .br and .gz beside each text file; sent when the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, file) => {
        // Vite names everything in assets/ by its content's hash: a browser keeps those for good.
        // index.html and the images are checked again on each visit.
        const hashed = /^assets[\\/]/.test(relative(webDir, file));
        response.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=0");
        response.setHeader("vary", "accept-encoding");
        if (/^index\.html(\.br|\.gz)?$/.test(relative(webDir, file))) {
          response.setHeader("link", `<${rpcOrigin}>; rel=preconnect; crossorigin`);
        }
      },
    });
    app.get("/", (_request, response) => response.redirect("/chain/"));
  }
  return app;
}
