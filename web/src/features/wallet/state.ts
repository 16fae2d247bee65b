import type { Address } from "viem";

/** The wallet session of spec §3, plus what the popups and buttons need to show. */
export interface WalletState {
  account?: Address;
  token?: string;
  hasLogin: boolean;
  /** The account's on-chain inviter; null when it has none (or is root); undefined until read. */
  inviter?: Address | null;
  isRoot: boolean;
  connecting: boolean;
  /** The inviter address from the URL, as given (a bad one is refused when binding). */
  parentAddress: string | null;
  networkPopupVisible: boolean;
  parentPopupVisible: boolean;
  /**
   * Why the URL's inviter cannot be bound, checked before the bind popup offers it: not an
   * address, or an address outside the referral tree (the pool's validUser is false); null when
   * it can be.
   */
  parentProblem: "malformed" | "outsideTree" | null;
  binding: boolean;
  switching: boolean;
}

export const SIGNED_OUT = {
  account: undefined,
  token: undefined,
  hasLogin: false,
  inviter: undefined,
  isRoot: false,
  connecting: false,
  networkPopupVisible: false,
  parentPopupVisible: false,
  parentProblem: null,
  binding: false,
  switching: false,
} satisfies Omit<WalletState, "parentAddress">;

/** No session: what a page shows before anyone connects, or after a disconnect. */
export function signedOutState(parentAddress: string | null): WalletState {
  return { ...SIGNED_OUT, parentAddress };
}
