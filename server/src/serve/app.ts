import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { createHash, randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import {
  defaultLanguage,
  isLanguage,
  Status,
  type Fields,
  type Language,
  type RuntimeConfig,
  type SystemStatus,
} from "@dwn/api";
import type { RequestSample } from "../ops/metrics";
import { isDatabaseUnavailable, type Db } from "../store/db";
import { readReorgs, readSyncState } from "../sync/indexer";
import { checkSign, createSessionKeys, seal } from "./envelope";
import { Refusal } from "./input";
import { createHttpServer, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from "./connections";
import { clientKey, createLimiter, DEFAULT_LIMITS, originForm, type Limits } from "./limits";
import { message, type MessageKey } from "./messages";
import { routes, type Route, type RouteDeps } from "./routes";
import type { ApiKeys } from "./keys";
import { helmetOptions, inlineScriptHashes } from "./security";
import type { createSignIn } from "./signin";
import { sweep, SWEEP_EVERY_MS } from "./sweep";

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
}

/** `t` may be this far from the server's clock. */
const MAX_CLOCK_SKEW = 5 * 60;

/** Where a request whose target cannot be read is routed: counted like an API call, then refused. */
const UNREADABLE_TARGET = "/api/(unreadable)";

/** Fastify's own refusals of a request it cannot read, as our messages. */
const FRAMEWORK_REFUSALS: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "tooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "badContentType",
  FST_ERR_CTP_INVALID_TYPE: "badContentType",
  FST_ERR_CTP_EMPTY_TYPE: "badContentType",
};

export function buildApp(options: AppOptions) {
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
    frameworkErrors: (error, request, response) => badTarget(request, response),
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
  /** The requests whose target could not be read (rewriteUrl above). */
  const unreadable = new WeakSet<object>();
  const sessionKeys = createSessionKeys(options.keys.privateKey);
  const table = routes(options);
  const log = options.log ?? (() => undefined);
  const webDir = options.webDir && existsSync(options.webDir) ? options.webDir : undefined;

  // Security headers on every answer, the limits' 429 included (registered before their hook).
  const chain = options.runtimeConfig.chain;
  const indexHtml = webDir ? join(webDir, "index.html") : undefined;
  app.register(
    helmet,
    helmetOptions({
      rpcUrls: [chain.rpcUrl, ...(chain.rpcUrls ?? [])],
      walletConnect: options.runtimeConfig.walletConnect != null,
      inlineScripts: indexHtml && existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, "utf8")) : [],
      https: options.https === true,
    }),
  );

  app.addHook("onResponse", (request, response, done) => {
    // The route's pattern, not the URL: labels stay few, and no query string reaches the log.
    const route = request.routeOptions.url ?? "(no route)";
    const status = response.statusCode;
    const ms = response.elapsedTime;
    options.observeRequest?.({ method: request.method, route, status, seconds: ms / 1000 });
    request.log.info(
      {
        method: request.method,
        route,
        path: request.url.split("?")[0].slice(0, 200),
        status,
        ms: Math.round(ms * 10) / 10,
      },
      "request",
    );
    done();
  });

  // The API reads form-encoded bodies only (DESIGN.md §4): JSON, text and the rest are refused.
  app.removeAllContentTypeParsers();
  app.register(formbody);

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

  /** Who asks (routes.ts's RouteContext.requester): the session key's hash, else the client address. */
  function requesterOf(request: FastifyRequest): string {
    const key = sessionKeyOf(request);
    if (key) return `key:${createHash("sha256").update(key, "latin1").digest("base64url").slice(0, 22)}`;
    return `ip:${clientKey(request.ip)}`;
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
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return tooLarge(request, response);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(request, response, new Refusal(422, FRAMEWORK_REFUSALS[error.code] ?? "badRequest"));
    }
    if (isDatabaseUnavailable(error)) return databaseAway(request, response, error);
    log(`API fault on ${request.url.split("?")[0]}: ${error.message}`);
    return reply(request, response, Status.serverFault, message("serverFault", langOf(request)), null);
  });

  // Limits (limits.ts): per client address on every /api/ request, before its body is read;
  // per client address again on the sign-in calls; per token on the signed-in calls, once the
  // body (which carries the token) is read. Counted in the database, shared by every process.
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const limiter = createLimiter({ db: options.db, now: options.clock, log });

  /**
   * HTTP 429 with Retry-After and {status: 429, msg, data}, in plain JSON even when the request
   * carried sKey: a refusal must cost no RSA, and the client reads it without the envelope.
   */
  function tooMany(request: FastifyRequest, response: FastifyReply) {
    const seconds = limiter.retryAfter();
    const json = JSON.stringify({
      status: Status.tooMany,
      msg: message("tooMany", langOf(request), { seconds }),
      data: null,
    });
    void response.code(429).header("retry-after", String(seconds)).type("application/json; charset=utf-8").send(json);
  }

  /**
   * HTTP 413 with {status: 422, msg, data} in plain JSON: the body was not read, so neither was
   * its envelope, and the client reads the sentence without it (as a 429's).
   */
  function tooLarge(request: FastifyRequest, response: FastifyReply) {
    const json = JSON.stringify({ status: Status.badInput, msg: message("tooLarge", langOf(request)), data: null });
    return response.code(413).type("application/json; charset=utf-8").send(json);
  }

  /**
   * HTTP 400 with {status: 422, msg, data} in plain JSON: a target that cannot be read is no
   * API call, so its envelope is not opened (no RSA) and nothing else is read.
   */
  function badTarget(request: FastifyRequest, response: FastifyReply) {
    const json = JSON.stringify({ status: Status.badInput, msg: message("badRequest", langOf(request)), data: null });
    return response.code(400).type("application/json; charset=utf-8").send(json);
  }

  /** When the last "database away" line was written: one line per 10 s, not one per request. */
  let databaseAwaySaid = 0;

  /**
   * HTTP 503 with Retry-After and {status: 500, msg, data} in plain JSON (as a 429's): the
   * database does not answer (a restart, a failover), and the same call will work once it does.
   */
  function databaseAway(request: FastifyRequest, response: FastifyReply, error: Error) {
    if (Date.now() - databaseAwaySaid > 10_000) {
      databaseAwaySaid = Date.now();
      log(`API: ${error.message} Answering 503 until it does.`);
    }
    const json = JSON.stringify({
      status: Status.serverFault,
      msg: message("databaseAway", langOf(request)),
      data: null,
    });
    return response.code(503).header("retry-after", "5").type("application/json; charset=utf-8").send(json);
  }

  /** Takes a permit for each key in turn; stops at the first refusal. */
  function takeAll(checks: readonly (readonly [string, number])[], from = 0): boolean | Promise<boolean> {
    for (let i = from; i < checks.length; i++) {
      const verdict = limiter.take(checks[i][0], checks[i][1]);
      if (verdict === false) return false;
      if (verdict !== true) return verdict.then((ok) => ok && takeAll(checks, i + 1));
    }
    return true;
  }

  /** Goes on with the request, or answers 429; most verdicts come without waiting. */
  function proceed(
    verdict: boolean | Promise<boolean>,
    request: FastifyRequest,
    response: FastifyReply,
    done: (error?: Error) => void,
  ) {
    if (verdict === true) return done();
    if (verdict === false) return tooMany(request, response);
    verdict.then((ok) => (ok ? done() : tooMany(request, response)), done);
  }

  app.addHook("onRequest", (request, response, done) => {
    // Counted by the route the request reached, or by its path when it reached none.
    const route = request.routeOptions.url;
    if (!(route ?? request.url).startsWith("/api/")) return done();
    const client = clientKey(request.ip);
    const signIn = (request.routeOptions.config as { signIn?: boolean } | undefined)?.signIn === true;
    // Each key names its limit: processes configured alike count together. Each sign-in call
    // (challenge, login) has its own count.
    const checks: (readonly [string, number])[] = [[`ip/${limits.perIp}:${client}`, limits.perIp]];
    if (signIn) {
      checks.push([`${request.routeOptions.url}/${limits.signInPerIp}:${client}`, limits.signInPerIp]);
    }
    const then = unreadable.has(request.raw)
      ? (error?: Error) => (error ? done(error) : badTarget(request, response))
      : done;
    proceed(takeAll(checks), request, response, then);
  });

  /** The per-token limit, on the routes that need a token; the key is the token's hash. */
  function tokenLimit(request: FastifyRequest, response: FastifyReply, done: (error?: Error) => void) {
    const body: unknown = request.body;
    const token = body && typeof body === "object" && "token" in body ? body.token : undefined;
    if (typeof token !== "string" || token === "") return done();
    const key = `token/${limits.perToken}:${createHash("sha256").update(token).digest("base64url").slice(0, 22)}`;
    proceed(limiter.take(key, limits.perToken), request, response, done);
  }

  // Expired sign-in messages and sessions and past limit windows go in a periodic sweep.
  const sweepEveryMs = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  let sweeping: Promise<unknown> | undefined;
  const sweeper =
    sweepEveryMs > 0
      ? setInterval(() => {
          const seconds = (ms: number) => Math.floor(ms / 1000);
          sweeping ??= sweep(options.db, seconds(Date.now()), seconds(options.clock?.() ?? Date.now()))
            .catch((error: unknown) => log(`The sweep failed: ${(error as Error).message}`))
            .finally(() => (sweeping = undefined));
        }, sweepEveryMs).unref()
      : undefined;
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    await sweeping;
    await limiter.settled();
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
      const [state, reorgs, finalized] = await Promise.all([
        readSyncState(options.db),
        readReorgs(options.db),
        options.chainHead?.(),
      ]);
      const indexedBlock = state?.blockNumber ?? 0;
      return reply(request, response, Status.ok, message("ok", langOf(request)), {
        chainId: options.runtimeConfig.chain.id,
        headBlock: state?.headBlock ?? 0,
        indexedBlock,
        reorgs: reorgs.count,
        lastReorgDepth: reorgs.lastDepth,
        finalizedBlock: finalized ?? null,
        lag: finalized === undefined ? null : Math.max(0, finalized - indexedBlock),
        lastPollAt: state?.updatedAt ?? null,
      } satisfies SystemStatus);
    },
  });

  app.register(async (scope) => {
    for (const [path, route] of Object.entries({ ...table, ...options.extraRoutes }) as [string, Route][]) {
      scope.post(
        `/api/${path}`,
        { config: { signIn: route.signIn === true }, ...(route.open ? {} : { preHandler: tokenLimit }) },
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
    const requester = route.signIn ? requesterOf(request) : "";
    try {
      const data = await route.handle({ fields, lang, address, token, requester });
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

  // The page's first chain reads go to the RPC node, on another origin: the browser opens that
  // connection (DNS, TCP, TLS) while the scripts download instead of after they have run.
  const rpcOrigin = new URL(options.runtimeConfig.chain.rpcUrl).origin;
  if (webDir) {
    app.register(fastifyStatic, {
      root: webDir,
      prefix: "/chain/",
      // The build writes .br and .gz beside each text file; sent when the browser accepts them.
      preCompressed: true,
      // Files and folders named with a leading dot (Vite's .vite/manifest.json, the devnet's
      // .devnet-build) are the build's own, not the app's: they answer 404 like a missing file.
      dotfiles: "ignore",
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
