import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Answers } from "../answers";
import { clientKey, type Limiter, type Limits } from "../limits";

export interface LimitsOptions {
  limiter: Limiter;
  limits: Limits;
  answers: Answers;
  /** The requests whose target could not be read: counted like an API call, then refused with 400. */
  unreadable: WeakSet<object>;
}

/** Takes a permit for each key in turn; stops at the first refusal. */
function takeAll(
  limiter: Limiter,
  checks: readonly (readonly [string, number])[],
  from = 0,
): boolean | Promise<boolean> {
  for (let i = from; i < checks.length; i++) {
    const verdict = limiter.take(checks[i][0], checks[i][1]);
    if (verdict === false) return false;
    if (verdict !== true) return verdict.then((ok) => ok && takeAll(limiter, checks, i + 1));
  }
  return true;
}

/** Goes on with the request, or answers 429; most verdicts come without waiting. */
function proceed(
  answers: Answers,
  verdict: boolean | Promise<boolean>,
  request: FastifyRequest,
  response: FastifyReply,
  done: (error?: Error) => void,
) {
  if (verdict === true) return done();
  if (verdict === false) return void answers.tooMany(request, response);
  verdict.then((ok) => (ok ? done() : void answers.tooMany(request, response)), done);
}

/**
 * The limits (limits.ts) per client address on every /api/ request, before its body is read,
 * and again on the sign-in calls (routes whose config says `signIn`). Counted in the database,
 * shared by every process. The per-token limit is {@link tokenLimit}, a route's preHandler.
 */
export const requestLimits = fp<LimitsOptions>(
  async (app, { limiter, limits, answers, unreadable }) => {
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
        ? (error?: Error) => (error ? done(error) : void answers.badTarget(request, response))
        : done;
      proceed(answers, takeAll(limiter, checks), request, response, then);
    });
  },
  { name: "request-limits" },
);

/** The per-token limit, for the routes that need a token, once the body (which carries it) is read. */
export function tokenLimit({ limiter, limits, answers }: Omit<LimitsOptions, "unreadable">) {
  return (request: FastifyRequest, response: FastifyReply, done: (error?: Error) => void) => {
    const body: unknown = request.body;
    const token = body && typeof body === "object" && "token" in body ? body.token : undefined;
    if (typeof token !== "string" || token === "") return done();
    const key = `token/${limits.perToken}:${createHash("sha256").update(token).digest("base64url").slice(0, 22)}`;
    proceed(answers, limiter.take(key, limits.perToken), request, response, done);
  };
}
