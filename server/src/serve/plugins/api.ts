import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import { Status, type Fields, type RuntimeConfig, type SystemStatus } from "@dwn/api";
import type { Db } from "../../store/db";
import { readReorgs, readSyncState } from "../../sync/indexer";
import type { Answers } from "../answers";
import { checkSign } from "../envelope";
import { Refusal } from "../input";
import { message } from "../messages";
import type { Route } from "../routes";
import type { createSignIn } from "../signin";

/** `t` may be this far from the server's clock. */
const MAX_CLOCK_SKEW = 5 * 60;

export interface ApiOptions {
  db: Db;
  runtimeConfig: RuntimeConfig;
  signIn: ReturnType<typeof createSignIn>;
  /** The endpoints, by path under /api/ (routes.ts, and a benchmark's extra ones). */
  routes: Record<string, Route>;
  answers: Answers;
  /** The per-token limit, run before the handler of each route that needs a token. */
  tokenLimit: preHandlerHookHandler;
  /** The chain's finalized head from the RPC (undefined: no answer), for the status's lag. */
  chainHead?: () => Promise<number | undefined>;
}

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

/** The API under /api/: the runtime config, the indexer's status and every endpoint (DESIGN.md §4). */
export async function api(app: FastifyInstance, options: ApiOptions) {
  const { db, answers, signIn } = options;
  const { reply, refuse, langOf } = answers;

  /**
   * The envelope: a request that sends sKey must send a readable one, an l_sign over exactly
   * its fields and a current `t`; only `open` calls may come without one.
   */
  function checkEnvelope(request: FastifyRequest, fields: Fields, open: boolean): Refusal | undefined {
    const header = request.headers.skey;
    if (header === undefined || header === "") return open ? undefined : new Refusal(422, "sessionKeyRequired");
    const key = answers.sessionKeyOf(request);
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
      const [state, reorgs, finalized] = await Promise.all([readSyncState(db), readReorgs(db), options.chainHead?.()]);
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

  for (const [path, route] of Object.entries(options.routes)) {
    app.post(
      `/api/${path}`,
      { config: { signIn: route.signIn === true }, ...(route.open ? {} : { preHandler: options.tokenLimit }) },
      (request, response) => handle(route, request, response),
    );
  }

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
        const session = await signIn.session(token);
        if (!session) return notSignedIn();
        address = session;
      }
    }
    const lang = langOf(request);
    const requester = route.signIn ? answers.requesterOf(request) : "";
    try {
      const data = await route.handle({ fields, lang, address, token, requester });
      return reply(request, response, Status.ok, message("ok", lang), data);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // Not being signed in outranks bad input, also where the route looks the session up itself.
      if (route.ownSession && error.status !== 401 && !(await signIn.session(token))) return notSignedIn();
      return refuse(request, response, error);
    }
  }
}
