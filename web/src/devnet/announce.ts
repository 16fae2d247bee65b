import type { Eip1193Provider } from "../features/wallet/eip1193";

export const DEVNET_WALLET_NAME = "DWN Devnet Wallet";
export const DEVNET_WALLET_RDNS = "local.dwn.devnet-wallet";

const ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f0b90b"/><path d="M9 11h14v11H9z" fill="none" stroke="#0b0f1a" stroke-width="2"/><circle cx="19" cy="16.5" r="1.5" fill="#0b0f1a"/></svg>',
  );

/** A v4 uuid; crypto.randomUUID exists only in secure contexts, and a phone on the LAN is not one. */
function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Announces the wallet through EIP-6963, now and whenever the page asks; returns the stop function. */
export function announceDevnetWallet(target: EventTarget, provider: Eip1193Provider): () => void {
  const detail = Object.freeze({
    info: Object.freeze({ uuid: uuid(), name: DEVNET_WALLET_NAME, icon: ICON, rdns: DEVNET_WALLET_RDNS }),
    provider,
  });
  const announce = () => target.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  target.addEventListener("eip6963:requestProvider", announce);
  announce();
  return () => target.removeEventListener("eip6963:requestProvider", announce);
}
