import { isEip1193Provider, type Eip1193Provider } from "./eip1193";

/** A wallet the page can connect with. */
export interface WalletOption {
  /** The EIP-6963 uuid, or "injected" for the `window.ethereum` fallback. */
  id: string;
  kind: "announced" | "injected";
  /** The announced name; empty for the fallback, which the picker labels itself. */
  name: string;
  /** A data URI (EIP-6963 requires one); empty for the fallback. */
  icon: string;
  rdns: string;
  provider: Eip1193Provider;
}

/** The part of `window` discovery uses, so tests can hand it a plain EventTarget. */
export type DiscoveryTarget = Pick<Window, "addEventListener" | "removeEventListener" | "dispatchEvent"> & {
  ethereum?: unknown;
  /** Binance Web3 Wallet's in-app browser documents its provider here. */
  binancew3w?: unknown;
  /** OKX Wallet's documented provider (it may leave `window.ethereum` to another wallet). */
  okxwallet?: unknown;
};

/** The in-app browser's provider: `window.ethereum`, else where Binance and OKX document theirs. */
function injectedProvider(target: DiscoveryTarget): Eip1193Provider | undefined {
  const binance: unknown =
    typeof target.binancew3w === "object" && target.binancew3w !== null
      ? Reflect.get(target.binancew3w, "ethereum")
      : undefined;
  return [target.ethereum, binance, target.okxwallet].find(isEip1193Provider);
}

function announcedOption(detail: unknown): WalletOption | undefined {
  if (typeof detail !== "object" || detail === null) return undefined;
  const info: unknown = Reflect.get(detail, "info");
  const provider: unknown = Reflect.get(detail, "provider");
  if (typeof info !== "object" || info === null || !isEip1193Provider(provider)) return undefined;
  const field = (name: string) => {
    const value: unknown = Reflect.get(info, name);
    return typeof value === "string" ? value : "";
  };
  if (!field("uuid") || !field("name")) return undefined;
  return {
    id: field("uuid"),
    kind: "announced",
    name: field("name"),
    icon: field("icon"),
    rdns: field("rdns"),
    provider,
  };
}

/**
 * EIP-6963 discovery with the `window.ethereum` fallback. Wallets that inject late are caught
 * by MetaMask's `ethereum#initialized` event and by looking again whenever the page regains
 * focus (a wallet app switching back to its browser, an extension enabled meanwhile).
 */
export function createWalletDiscovery(target: DiscoveryTarget) {
  let announced: WalletOption[] = [];
  let injected: Eip1193Provider | undefined;
  let options: readonly WalletOption[] = [];
  const listeners = new Set<() => void>();

  function publish() {
    const list = [...announced];
    // The injected provider is usually one of the announced ones; list it only when not.
    if (injected && !announced.some((option) => option.provider === injected)) {
      list.push({ id: "injected", kind: "injected", name: "", icon: "", rdns: "", provider: injected });
    }
    const same = list.length === options.length && list.every((option, i) => option === options[i]);
    if (same) return;
    options = list;
    for (const listener of listeners) listener();
  }

  function onAnnounce(event: Event) {
    const option = announcedOption(event instanceof CustomEvent ? event.detail : undefined);
    if (!option) return;
    const known = announced.find((o) => o.id === option.id || o.provider === option.provider);
    if (known && known.id === option.id && known.provider === option.provider) return;
    announced = [...announced.filter((o) => o !== known), option];
    publish();
  }

  function checkInjected() {
    const next = injectedProvider(target);
    if (next === injected) return;
    injected = next;
    publish();
  }

  const requestAnnouncements = () => target.dispatchEvent(new Event("eip6963:requestProvider"));
  const onFocus = () => {
    checkInjected();
    requestAnnouncements();
  };

  return {
    /** Starts listening and asks wallets to announce themselves; returns the stop function. */
    start() {
      target.addEventListener("eip6963:announceProvider", onAnnounce);
      target.addEventListener("ethereum#initialized", checkInjected);
      target.addEventListener("focus", onFocus);
      requestAnnouncements();
      checkInjected();
      return () => {
        target.removeEventListener("eip6963:announceProvider", onAnnounce);
        target.removeEventListener("ethereum#initialized", checkInjected);
        target.removeEventListener("focus", onFocus);
      };
    },
    /** Asks again, e.g. when the user taps connect and nothing was found yet. */
    refresh: onFocus,
    list: () => options,
    /** `window.ethereum`, when it is a provider. */
    injected: () => injected,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type WalletDiscovery = ReturnType<typeof createWalletDiscovery>;
