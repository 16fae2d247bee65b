import type { FastifyInstance } from "fastify";
import { isLanguage, defaultLanguage, Status, type Fields } from "@dwn/api";
import { MAX_CLOCK_SKEW } from "../src/serve/app";
import { checkSign, createSessionKeys, seal } from "../src/serve/envelope";
import type { ApiKeys } from "../src/serve/keys";
import { message, type MessageKey } from "../src/serve/messages";
import type { createSignIn } from "../src/serve/signin";

export const NOOP_PATH = "/api/bench/noop";

/**
 * Adds the benchmark's baseline to a built app (before it listens): a POST route that does what
 * the app's handler does around every signed-in endpoint — read the form fields, open the
 * `sKey` header, check `l_sign` and `t`, look the token's session up, seal the reply — and
 * answers null data. It calls the same functions as the app; the app's own handler is private
 * to `buildApp`, so the steps around them are repeated here.
 */
export function addNoOpRoute(
  app: FastifyInstance,
  { keys, signIn }: { keys: ApiKeys; signIn: ReturnType<typeof createSignIn> },
) {
  const sessionKeys = createSessionKeys(keys.privateKey);
  app.post(NOOP_PATH, async (request, response) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const fields: Fields = {};
    for (const [key, value] of Object.entries(raw)) if (typeof value === "string") fields[key] = value;
    const lang = isLanguage(fields.lang) ? fields.lang : defaultLanguage;
    const header = request.headers.skey;
    const key = typeof header === "string" ? sessionKeys.open(header) : undefined;
    const answer = (status: Status, msg: MessageKey) => {
      const json = JSON.stringify({ status, msg: message(msg, lang), data: null });
      response.code(200);
      if (!key) return response.type("application/json; charset=utf-8").send(json);
      return response.type("text/plain; charset=utf-8").send(seal(key, json));
    };
    if (!key) return answer(Status.badInput, "sessionKey");
    if (!checkSign(key, fields)) return answer(Status.badInput, "badSign");
    if (!/^\d{1,12}$/.test(fields.t ?? "") || Math.abs(Date.now() / 1000 - Number(fields.t)) > MAX_CLOCK_SKEW) {
      return answer(Status.badInput, "badTime");
    }
    const address = fields.token ? await signIn.session(fields.token) : undefined;
    if (!address) return answer(Status.notSignedIn, "notSignedIn");
    return answer(Status.ok, "ok");
  });
}
