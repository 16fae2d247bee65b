import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The headers @fastify/helmet sets with `options`, as it sets them on an answer: what an answer
 * of a bare server carries with it and does not without it. Every one is the same for every
 * request (no CSP nonces are asked for).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get("/", async () => "");
    try {
      return (await probe.inject({ method: "GET", url: "/" })).headers;
    } finally {
      await probe.close();
    }
  };
  const [bare, guarded] = await Promise.all([answer(false), answer(true)]);
  return Object.fromEntries(
    Object.entries(guarded)
      .filter(([name, value]) => typeof value === "string" && bare[name] !== value)
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Helmet's security headers on every answer. @fastify/helmet builds Helmet's middleware again
 * for each request (parsing the whole policy every time: a twentieth of an API call's CPU);
 * here its headers are worked out once, at start, and set from then on.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const headers = await helmetHeaders(options);
  app.addHook("onRequest", (request, response, done) => {
    response.headers(headers);
    done();
  });
});
