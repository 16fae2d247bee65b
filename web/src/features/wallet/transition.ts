import type { Address } from "viem";
import type { ParentProblem, Referral, WalletSession, WalletState } from "./state";

/** What the wallet machine learned or was asked; `transition` decides what it changes. */
export type WalletEvent =
  /** A connect begins (a tap, an account switch in the wallet, a resumed interrupted connect). */
  | { type: "connectStarted" }
  /** The wallet granted this account to the connect under way. */
  | { type: "accountGranted"; account: Address }
  /** The wallet is on another chain than the deployment's. */
  | { type: "wrongChain" }
  /** The account's place in the referral tree, read from the pool. */
  | { type: "referralRead"; referral: Referral }
  /** No inviter on chain, and an invite whose inviter is offered for binding. */
  | { type: "inviterNeeded"; parent: string; problem: ParentProblem | null }
  /** The server accepted the signed message: the session's token. */
  | { type: "signedIn"; token: string }
  /** After a page load: the stored token of the account the wallet still has. */
  | { type: "resumed"; account: Address; token: string }
  /** A popup's action (bind, switch) started or ended. */
  | { type: "busy"; busy: boolean }
  /** A connect ended without an outcome (no wallet picked). */
  | { type: "stopped" }
  /** The session ended; `parent` is the invite kept for the next one. */
  | { type: "signedOut"; parent: string | null }
  /** The invite changed (a new link, an invite spent by binding). */
  | { type: "inviteChanged"; parent: string | null };

export type WalletEventType = WalletEvent["type"];

const isBound = (referral: Referral) => referral.isRoot || referral.inviter !== null;

/** The session after `event`; the same object when the event means nothing in this state. */
function next(s: WalletSession, event: WalletEvent): WalletSession {
  switch (event.type) {
    case "connectStarted":
      // A connect under way is joined, a signed-in one has nothing to connect, and a popup's
      // running action is not cut short; otherwise the user starts over.
      if (s.status === "signedOut" || ((s.status === "wrongNetwork" || s.status === "needsInviter") && !s.busy))
        return { status: "connecting" };
      return s;
    case "accountGranted":
      return s.status === "connecting" ? { status: "connecting", account: event.account } : s;
    case "wrongChain":
      switch (s.status) {
        case "connecting":
          return s.account ? { status: "wrongNetwork", account: s.account, busy: false } : s;
        case "signingIn":
          return { status: "wrongNetwork", account: s.account, referral: s.referral, busy: false };
        case "needsInviter":
          return { status: "wrongNetwork", account: s.account, referral: s.referral, busy: false };
        case "signedIn":
          return { status: "wrongNetwork", account: s.account, token: s.token, referral: s.referral, busy: false };
        default:
          return s;
      }
    case "referralRead":
      switch (s.status) {
        case "connecting":
        case "needsInviter":
          // Root or bound (now, after a bind): sign in. Unbound: the flow checks the invite next.
          return s.account && isBound(event.referral)
            ? { status: "signingIn", account: s.account, referral: event.referral }
            : s;
        case "signingIn":
        case "signedIn":
        case "wrongNetwork":
          return { ...s, referral: event.referral };
        default:
          return s;
      }
    case "inviterNeeded":
      return s.status === "connecting" && s.account
        ? {
            status: "needsInviter",
            account: s.account,
            referral: { isRoot: false, inviter: null },
            parent: event.parent,
            problem: event.problem,
            busy: false,
          }
        : s;
    case "signedIn":
      return s.status === "signingIn"
        ? { status: "signedIn", account: s.account, token: event.token, referral: s.referral }
        : s;
    case "resumed":
      return s.status === "connecting" && !s.account
        ? { status: "signedIn", account: event.account, token: event.token }
        : s;
    case "busy":
      return (s.status === "needsInviter" || s.status === "wrongNetwork") && s.busy !== event.busy
        ? { ...s, busy: event.busy }
        : s;
    case "stopped":
      return s.status === "connecting" || s.status === "signingIn" ? { status: "signedOut" } : s;
    case "signedOut":
      return s.status === "signedOut" ? s : { status: "signedOut" };
    case "inviteChanged":
      return s;
  }
}

/**
 * The wallet's one pure state change: no I/O, no clock. The machine performs the effects (the
 * wallet's requests, storage, toasts) and feeds what they gave here. Returns `state` itself when
 * the event changes nothing, so the machine can tell an ignored event.
 */
export function transition(state: WalletState, event: WalletEvent): WalletState {
  const session = next(state.session, event);
  const parentAddress =
    event.type === "signedOut" || event.type === "inviteChanged" ? event.parent : state.parentAddress;
  return session === state.session && parentAddress === state.parentAddress ? state : { session, parentAddress };
}
