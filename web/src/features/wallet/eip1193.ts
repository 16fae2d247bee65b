/**
 * The slice of EIP-1193 the wallet feature speaks, and how to read wallets' errors. Wallets in
 * the field do not agree on error shapes, so the checks look through wrapped errors
 * (`cause`, `data.originalError`) and, where codes are missing, at the message.
 */

export interface Eip1193RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

export type Eip1193Listener = (...args: unknown[]) => void;

export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>;
  on?(event: string, listener: Eip1193Listener): unknown;
  removeListener?(event: string, listener: Eip1193Listener): unknown;
}

/** EIP-1193: the user rejected the request. */
export const USER_REJECTED = 4001;
/** EIP-3326: the wallet does not know the chain; add it first. */
export const UNRECOGNIZED_CHAIN = 4902;
/** JSON-RPC internal error: what MetaMask Mobile and others answer for an unknown chain. */
const INTERNAL_ERROR = -32603;

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "request") === "function";
}

/** The error and everything it wraps, outermost first. */
function unwrapped(error: unknown): object[] {
  const found: object[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && found.length < 8) {
    const next = queue.shift();
    if (typeof next !== "object" || next === null || found.includes(next)) continue;
    found.push(next);
    const data: unknown = Reflect.get(next, "data");
    queue.push(Reflect.get(next, "cause"), data);
    if (typeof data === "object" && data !== null) queue.push(Reflect.get(data, "originalError"));
  }
  return found;
}

function codesOf(error: unknown): unknown[] {
  return unwrapped(error).map((e) => Reflect.get(e, "code"));
}

function messagesOf(error: unknown): string {
  const own = typeof error === "string" ? [error] : [];
  return own.concat(unwrapped(error).map((e) => String(Reflect.get(e, "message") ?? ""))).join("\n");
}

export function isUserRejection(error: unknown): boolean {
  const codes = codesOf(error);
  if (codes.includes(USER_REJECTED) || codes.includes("ACTION_REJECTED")) return true;
  return /user (rejected|denied|cancel)|rejected by (the )?user|request (was )?(rejected|cancell?ed)/i.test(
    messagesOf(error),
  );
}

/**
 * Whether a failed `wallet_switchEthereumChain` means "add the chain first": code 4902, or the
 * non-standard answers of some mobile wallets (-32603, or only a message saying so).
 */
export function needsAddChain(error: unknown): boolean {
  if (isUserRejection(error)) return false;
  const codes = codesOf(error);
  if (codes.includes(UNRECOGNIZED_CHAIN) || codes.includes(String(UNRECOGNIZED_CHAIN))) return true;
  if (codes.includes(INTERNAL_ERROR)) return true;
  return /unrecogni[sz]ed chain|unknown chain|chain\b[^.\n]{0,40}?\bnot (been )?(added|found|supported|configured|recogni[sz]ed)|wallet_addEthereumChain|try adding the chain/i.test(
    messagesOf(error),
  );
}
