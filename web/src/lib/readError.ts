import type { TFunction } from "../i18n/translate";
import { ApiError, Status } from "@dwn/api";
import { NO_REPLY } from "./api";

/**
 * Where a failed read went wrong, as the user can act on it: the chain's RPC did not answer
 * (or refused), the API did not answer, or the API answered with a sentence of its own.
 */
export type ReadProblem = { kind: "chain" } | { kind: "api" } | { kind: "refused"; message: string };

/**
 * The one place that turns anything a read threw into something fit for the screen. A read
 * of this app is either an API call (which throws {@link ApiError}: the server's catalogue
 * sentence, or NO_REPLY) or a contract read over the RPC (whose errors carry the RPC's URL,
 * the request body and the library's version, which must never reach the screen).
 */
export function readProblem(error: unknown): ReadProblem {
  if (error instanceof ApiError) {
    return error.status === NO_REPLY ? { kind: "api" } : { kind: "refused", message: error.message };
  }
  return { kind: "chain" };
}

/** The sentence of the catalogue for a failed read, in the user's language; never the error's own text. */
export function readErrorText(error: unknown, t: TFunction, chainName: string): string {
  const problem = readProblem(error);
  if (problem.kind === "chain") return t("readError.chain", { chain: chainName });
  if (problem.kind === "api") return t("readError.api");
  return problem.message;
}

/**
 * Whether a read is worth asking again by itself: a network that did not answer may answer
 * later; an API that refused with a sentence (422, 10001) or a contract that reverted will
 * refuse again.
 */
export function isTransient(error: unknown): boolean {
  // The server's fault (500) may pass; its refusals (401, 422, 429, the business rule 10001) stand.
  if (error instanceof ApiError) return error.status === NO_REPLY || error.status === Status.serverFault;
  return !isRevert(error);
}

/** An `eth_call` the contract reverted (JSON-RPC code 3, or a node's "execution reverted"). */
export function isRevert(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    const code = Reflect.get(e, "code");
    const message = Reflect.get(e, "details") ?? Reflect.get(e, "message");
    if (code === 3 || (typeof message === "string" && /revert/i.test(message))) return true;
    e = Reflect.get(e, "cause");
  }
  return false;
}
