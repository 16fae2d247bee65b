import { createHash, type KeyObject } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { defaultLanguage, isLanguage, Status, type Language } from "@dwn/api";
import { createSessionKeys, seal } from "./envelope";
import type { Refusal } from "./input";
import { clientKey } from "./limits";
import { message } from "./messages";

/**
 * How the API answers (DESIGN.md §4), shared by the app's plugins: every reply is HTTP 200 with
 * {status, msg, data}, sealed with the request's session key when it sent one; the refusals
 * that must cost no RSA (429, 413, 400, 503) go in plain JSON with an HTTP status of their own.
 */
export function createAnswers(options: {
  privateKey: KeyObject;
  log: (line: string) => void;
  /** Seconds until the limits' window turns, for a 429's Retry-After. */
  retryAfter: () => number;
}) {
  const sessionKeys = createSessionKeys(options.privateKey);
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

  /** {status, msg: the sentence, data: null} in plain JSON with HTTP status `http`. */
  function plain(response: FastifyReply, http: number, status: Status, msg: string) {
    return response
      .code(http)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify({ status, msg, data: null }));
  }

  /**
   * HTTP 429 with Retry-After and {status: 429, msg, data}, in plain JSON even when the request
   * carried sKey: a refusal must cost no RSA, and the client reads it without the envelope.
   */
  function tooMany(request: FastifyRequest, response: FastifyReply) {
    const seconds = options.retryAfter();
    response.header("retry-after", String(seconds));
    return plain(response, 429, Status.tooMany, message("tooMany", langOf(request), { seconds }));
  }

  /**
   * HTTP 413 with {status: 422, msg, data} in plain JSON: the body was not read, so neither was
   * its envelope, and the client reads the sentence without it (as a 429's).
   */
  function tooLarge(request: FastifyRequest, response: FastifyReply) {
    return plain(response, 413, Status.badInput, message("tooLarge", langOf(request)));
  }

  /**
   * HTTP 400 with {status: 422, msg, data} in plain JSON: a target that cannot be read is no
   * API call, so its envelope is not opened (no RSA) and nothing else is read.
   */
  function badTarget(request: FastifyRequest, response: FastifyReply) {
    return plain(response, 400, Status.badInput, message("badRequest", langOf(request)));
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
      options.log(`API: ${error.message} Answering 503 until it does.`);
    }
    response.header("retry-after", "5");
    return plain(response, 503, Status.serverFault, message("databaseAway", langOf(request)));
  }

  return { sessionKeyOf, requesterOf, langOf, reply, refuse, tooMany, tooLarge, badTarget, databaseAway };
}

export type Answers = ReturnType<typeof createAnswers>;
