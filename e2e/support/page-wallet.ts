/**
 * The page side of the test wallet: an EIP-1193 provider whose requests go to Node through an
 * exposed binding, announced through EIP-6963 and set as `window.ethereum`, as an extension
 * does before the page's own scripts run.
 */

export const WALLET_BINDING = "__testWalletRequest";

export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface WalletRequest {
  method: string;
  params: unknown;
}

export type WalletReply = { result: unknown } | { error: { code: number; message: string } };

/** What Node reaches in the page: events to emit, and the wallets the page has heard announced. */
export interface PageWalletControl {
  emit(event: string, payload: unknown): void;
  announced: string[];
}

declare global {
  interface Window {
    __testWalletRequest(request: WalletRequest): Promise<WalletReply>;
    __testWallet?: PageWalletControl;
    ethereum?: unknown;
  }
}

/**
 * Runs in the page (context.addInitScript), serialized by Playwright: it must not use helpers
 * that exist only in Node, and, because tsx keeps function names with a `__name` helper the
 * page does not have, declares no named functions or function-valued constants; object methods
 * and inline callbacks only.
 */
export function installPageWallet(info: WalletInfo): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const provider = {
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      const reply = await window.__testWalletRequest({ method: args.method, params: args.params ?? [] });
      if ("error" in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply.result;
    },
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return provider;
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const control: PageWalletControl & { announce(): void } = {
    announced: [],
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
    announce() {
      window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
    },
  };
  window.__testWallet = control;
  window.ethereum = provider;
  // Which wallets announce themselves (the devnet build's own wallet among them).
  window.addEventListener("eip6963:announceProvider", (event) => {
    const rdns: unknown = event instanceof CustomEvent ? event.detail?.info?.rdns : undefined;
    if (typeof rdns === "string" && !control.announced.includes(rdns)) control.announced.push(rdns);
  });
  window.addEventListener("eip6963:requestProvider", () => control.announce());
  control.announce();
}
