import type { Address } from "viem";

/** Where an account stands in the referral tree: root, bound to an inviter, or neither (null). */
export interface Referral {
  isRoot: boolean;
  inviter: Address | null;
}

/** Why the URL's inviter cannot be bound: not an address, or outside the referral tree. */
export type ParentProblem = "malformed" | "outsideTree";

/**
 * The wallet session of spec §3 and §4, one status at a time; each carries only what exists in
 * it. A popup is a status (`wrongNetwork`, `needsInviter`) and so always has an account; only a
 * signed-in session has a token, which it keeps when the wallet moves to another chain.
 *
 * `busy` marks the one action a popup offers while it runs (the switch of `wrongNetwork`, the
 * bind of `needsInviter`): each status has at most one such action, so a flag on the status
 * says which, and a busy popup ignores a second tap. `connecting` and `signingIn` are busy by
 * nature and need no flag.
 */
export type WalletSession =
  | { status: "signedOut" }
  /** A connect under way: no account until the wallet grants one. */
  | { status: "connecting"; account?: Address }
  /** The wallet is on another chain: the network popup. */
  | { status: "wrongNetwork"; account: Address; token?: string; referral?: Referral; busy: boolean }
  /** No inviter on chain and one in the URL: the bind popup offers `parent` (checked: `problem`). */
  | {
      status: "needsInviter";
      account: Address;
      referral: { isRoot: false; inviter: null };
      parent: string;
      problem: ParentProblem | null;
      busy: boolean;
    }
  /** Root or bound: the message is being fetched, signed and sent. */
  | { status: "signingIn"; account: Address; referral: Referral }
  /** `referral` is undefined until read (a resumed session reads it after showing the account). */
  | { status: "signedIn"; account: Address; token: string; referral?: Referral };

export type WalletStatus = WalletSession["status"];

export interface WalletState {
  session: WalletSession;
  /** The inviter of an invite link, as given (a bad one is refused when binding); it outlives sessions. */
  parentAddress: string | null;
}

/** No session: what a page shows before anyone connects, or after a disconnect. */
export function signedOutState(parentAddress: string | null): WalletState {
  return { session: { status: "signedOut" }, parentAddress };
}

/** The connected account, in every status that has one. */
export const accountOf = (session: WalletSession): Address | undefined =>
  "account" in session ? session.account : undefined;
