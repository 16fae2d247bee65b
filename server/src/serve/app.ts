import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError } from "fastify";
import formbody from "@fastify/formbody";
import { defaultLanguage, isLanguage, Status, type RuntimeConfig, type ServedFigures } from "@dwn/api";
import type { RequestSample } from "../ops/metrics";
import { isDatabaseUnavailable, type Db } from "../store/db";
import { createAnswers } from "./answers";
import { Refusal } from "./input";
import { createHttpServer, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from "./connections";
import { createEvents, type EventLimits } from "./events";
import { createLimiter, DEFAULT_LIMITS, originForm, type Limits } from "./limits";
import { message, type MessageKey } from "./messages";
import { routes, type Route, type RouteDeps } from "./routes";
import type { ApiKeys } from "./keys";
import { securityHeaders } from "./plugins/security-headers";
import { helmetOptions, inlineScriptHashes } from "./security";
import type { createSignIn } from "./signin";
import { SWEEP_EVERY_MS } from "./sweep";
import { api } from "./plugins/api";
import { requestLimits, tokenLimit } from "./plugins/limits";
import { requestLog } from "./plugins/request-log";
import { sweeper } from "./plugins/sweeper";
import { webApp } from "./plugins/web";

export interface AppOptions {
  db: Db;
  keys: ApiKeys;
  signIn: ReturnType<typeof createSignIn>;
  runtimeConfig: RuntimeConfig;
  levelThresholds: readonly bigint[];
  /** The owner changes queued in the timelock (changes.ts); absent: the contracts have no timelock. */
  upcomingChanges?: RouteDeps["upcomingChanges"];
  /** The built web app, served under /chain/ when the folder exists. */
  webDir?: string;
  /** The public chain figures its page carries (figures.ts); absent: the page as built. */
  servedFigures?: () => Promise<ServedFigures | undefined>;
  /** Requests allowed per minute (see limits.ts); each one not given keeps its default. */
  limits?: Partial<Limits>;
  /** The limits' clock, in milliseconds (a test's). */
  clock?: () => number;
  /** How often expired sign-in messages, sessions and past limit windows are swept; 0: never. */
  sweepEveryMs?: number;
  bodyLimit?: number;
  /**
   * The proxies whose X-Forwarded-For names the client (the limits count per client address):
   * addresses or CIDR ranges. Default: none, so the client is the peer of the connection and
   * no header can choose the address a limit counts.
   */
  trustProxy?: readonly string[];
  /**
   * More endpoints, by path under /api/, served through the same handler as the API's own
   * (envelope, session, sealed reply): the benchmark's no-op baseline.
   */
  extraRoutes?: Record<string, Route>;
  log?: (line: string) => void;
  /** The JSON log (pino): one line per request with its id, method, route, status and duration. */
  logger?: FastifyBaseLogger;
  /** Told each answered request (the health port's metrics). */
  observeRequest?: (sample: RequestSample) => void;
  /** The chain's finalized head from the RPC (undefined: no answer), for the status's lag. */
  chainHead?: () => Promise<number | undefined>;
  /** The site is served over TLS (PUBLIC_ORIGIN is https): HSTS and upgrade-insecure-requests. */
  https?: boolean;
  /** Connection timeouts and caps (connections.ts); each one not given keeps its default. */
  connections?: Partial<ConnectionLimits>;
  /** The event stream's caps, keep-alive and polling (events.ts); each one not given keeps its default. */
  events?: Partial<EventLimits>;
}

/** Seconds a refused event stream is told to wait (a stream of the same session may close by then). */
const STREAM_RETRY_SECONDS = 5;

/** Where a request whose target cannot be read is routed: counted like an API call, then refused. */
const UNREADABLE_TARGET = "/api/(unreadable)";

/** Fastify's own refusals of a request it cannot read, as our messages. */
const FRAMEWORK_REFUSALS: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "tooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "badContentType",
  FST_ERR_CTP_INVALID_TYPE: "badContentType",
  FST_ERR_CTP_EMPTY_TYPE: "badContentType",
};

/**
 * Whether `webDir` holds a built web app (its index.html): a folder without one (none built, or
 * one a build is still writing) is no web app, and the server serves the API alone.
 */
export function hasWebApp(webDir: string) {
  return existsSync(join(webDir, "index.html"));
}

export function buildApp(options: AppOptions) {
  const log = options.log ?? (() => undefined);
  const webDir = options.webDir && hasWebApp(options.webDir) ? options.webDir : undefined;
  // Limits (limits.ts): counted in the database, shared by every process.
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const limiter = createLimiter({ db: options.db, now: options.clock, log });
  const answers = createAnswers({ privateKey: options.keys.privateKey, log, retryAfter: () => limiter.retryAfter() });
  const { refuse, reply, langOf } = answers;
  /** The requests whose target could not be read (rewriteUrl below). */
  const unreadable = new WeakSet<object>();
  const app = Fastify({
    loggerInstance: options.logger,
    // One line per request, written when it is answered (the onResponse hook below).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 16 * 1024,
    // Timeouts for headers, the whole request, silence and keep-alive; caps on connections.
    serverFactory: (handler) =>
      createHttpServer(handler, { ...DEFAULT_CONNECTION_LIMITS, ...options.connections }, options.trustProxy),
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    // Every target in origin form before routing, so that the limits count an absolute-form one
    // (`POST http://host/api/…`) like any other; one the router cannot read goes through the
    // limits and the security headers, and is refused there (the onRequest hook below).
    rewriteUrl: (raw) => {
      const url = raw.url ?? "/";
      if (url.charCodeAt(0) === 47 && !url.includes("%")) return url;
      const target = originForm(url);
      if (target !== undefined) return target;
      unreadable.add(raw);
      return UNREADABLE_TARGET;
    },
    // The router's own refusal, should it still find a target it cannot read: plain JSON, and
    // no session key opened (no RSA for a request that is not one).
    frameworkErrors: (error, request, response) => answers.badTarget(request, response),
    clientErrorHandler: (error, socket) => {
      // HTTP that cannot be parsed (headers too large, garbage): no request, so no language
      // and no session key; the body is still {status, msg, data}.
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      // The headers or the whole request did not arrive in time (connections.ts): 408, closed.
      if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
        if (socket.writable)
          socket.write("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return void socket.destroy();
      }
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

  // Security headers on every answer, the limits' 429 included (registered before their hook).
  const chain = options.runtimeConfig.chain;
  const indexHtml = webDir ? join(webDir, "index.html") : undefined;
  app.register(
    securityHeaders,
    helmetOptions({
      rpcUrls: [chain.rpcUrl, ...(chain.rpcUrls ?? [])],
      walletConnect: options.runtimeConfig.walletConnect != null,
      inlineScripts: indexHtml && existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, "utf8")) : [],
      https: options.https === true,
    }),
  );
  app.register(requestLog, { observeRequest: options.observeRequest });

  // The API reads form-encoded bodies only (DESIGN.md §4): JSON, text and the rest are refused.
  app.removeAllContentTypeParsers();
  app.register(formbody);

  app.setErrorHandler((error: FastifyError, request, response) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return answers.tooLarge(request, response);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(request, response, new Refusal(422, FRAMEWORK_REFUSALS[error.code] ?? "badRequest"));
    }
    if (isDatabaseUnavailable(error)) return answers.databaseAway(request, response, error);
    log(`API fault on ${request.url.split("?")[0]}: ${error.message}`);
    return reply(request, response, Status.serverFault, message("serverFault", langOf(request)), null);
  });

  app.register(requestLimits, { limiter, limits, answers, unreadable });
  app.addHook("onClose", () => limiter.settled());
  app.register(sweeper, {
    db: options.db,
    everyMs: options.sweepEveryMs ?? SWEEP_EVERY_MS,
    clock: options.clock,
    log,
  });
  app.register(api, {
    db: options.db,
    runtimeConfig: options.runtimeConfig,
    signIn: options.signIn,
    routes: { ...routes(options), ...options.extraRoutes },
    answers,
    tokenLimit: tokenLimit({ limiter, limits, answers }),
    chainHead: options.chainHead,
  });

  // The event stream (events.ts, docs/api.md): GET with the session token in the query, since
  // EventSource sends no headers of its own; the language likewise (`lang`), else as for any call.
  const events = createEvents({ db: options.db, limits: options.events, log });
  app.addHook("preClose", () => events.close());
  app.get("/api/events", async (request, response) => {
    const query = request.query as Record<string, unknown>;
    const lang = isLanguage(query.lang) ? query.lang : langOf(request);
    const plain = (http: number, status: Status, msg: string) =>
      response
        .code(http)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ status, msg, data: null }));
    const token = query.token;
    const address =
      typeof token === "string" && token !== "" && token.length <= 200
        ? await options.signIn.session(token)
        : undefined;
    if (typeof token !== "string" || address === undefined) {
      return plain(401, Status.notSignedIn, message("notSignedIn", lang));
    }
    const [session] = options.signIn.sessionKey(token);
    if (events.refusal(address, session)) {
      response.header("retry-after", String(STREAM_RETRY_SECONDS));
      return plain(429, Status.tooMany, message("tooManyStreams", lang, { seconds: STREAM_RETRY_SECONDS }));
    }
    const body = await events.open(address, session);
    // The client went away (or the server ended the stream): the stream is forgotten.
    response.raw.once("close", () => body.destroy());
    return response
      .code(200)
      .header("content-type", "text/event-stream")
      .header("cache-control", "no-cache")
      .header("x-accel-buffering", "no")
      .send(body);
  });

  app.setNotFoundHandler((request, response) => {
    if (request.url.startsWith("/api/")) {
      const path = request.url.split("?")[0].slice(0, 200);
      return refuse(request, response, new Refusal(422, "notFound", { path }));
    }
    return response.code(404).type("text/plain").send("Not found");
  });

  if (webDir) app.register(webApp, { webDir, runtimeConfig: options.runtimeConfig, figures: options.servedFigures });
  return app;
}
