import { isAddress, type Address } from "viem";

/** Spec §2: after a connect, a global "walletConnected" event; screens refresh their data on it. */
export const WALLET_CONNECTED = "walletConnected";

export type WalletConnectedListener = (account: Address) => void;

/** Announces a connect as a DOM CustomEvent on window (detail: the account). */
export function broadcastWalletConnected(account: Address, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<Address>(WALLET_CONNECTED, { detail: account }));
}

/** Calls `listener` after every connect; returns the unsubscribe function. */
export function onWalletConnected(listener: WalletConnectedListener, target: EventTarget = window): () => void {
  const handler = (event: Event) => {
    const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
    if (typeof detail === "string" && isAddress(detail)) listener(detail);
  };
  target.addEventListener(WALLET_CONNECTED, handler);
  return () => target.removeEventListener(WALLET_CONNECTED, handler);
}
