import { isMobileBrowser } from "./choose";
import { LazyWalletPopups } from "./components/LazyWalletPopups";
import { createWalletDiscovery } from "./discovery";
import type { WalletMachine } from "./machine";
import { createAppWalletMachine, walletConnectOptions, type AppWalletOptions } from "./session";
import { accountOf } from "./state";
import { createSessionStorage } from "./storage";
import { isSessionKey } from "./storageKeys";

/**
 * Why the wallet's code was fetched: a stored session to resume at start-up, a connect, or
 * another tab that stored a session (a storage event).
 */
export type LiveTrigger = "storedSession" | "connect" | "storedElsewhere";

/**
 * The wallet beyond what a visitor's first screen needs: wallet discovery, the connect flow's
 * machine, the resume of a stored session, the following of other tabs and the wallet's popups.
 * WalletProvider fetches this module on the first connect, at start-up when storage holds a
 * session, or when another tab stores one.
 */
export function createLiveWallet(options: Omit<AppWalletOptions, "storage" | "discovery">) {
  const { config } = options;
  const storage = createSessionStorage(window.localStorage);
  const discovery = createWalletDiscovery(window);
  // Listening from the moment the code arrives: the connect that fetched it chooses among the
  // wallets that answer (EIP-6963 wallets announce themselves again when the page asks).
  discovery.start();
  const machine = createAppWalletMachine({ ...options, storage, discovery });

  /**
   * Runs the session's life in the page on `wallet` (the provider's stand-in, which forwards
   * to `machine`): resumes the stored session once the wallet it belongs to is found, follows
   * other tabs, and resumes a WalletConnect pairing. Returns the stop function.
   */
  function run(wallet: WalletMachine, trigger: LiveTrigger): () => void {
    let settled = false;
    const attempt = () => {
      if (settled) return;
      const injected = discovery.injected();
      const first = injected && isMobileBrowser(navigator.userAgent) ? [injected] : [];
      const candidates = [...first, ...discovery.list().map((option) => option.provider)];
      void wallet.restore(candidates).then((found) => {
        if (found) settled = true;
      });
    };
    // Another tab signed in: this tab resumes its session (its token stored), never signing in itself.
    const signedInElsewhere = () => {
      const stored = storage.walletAddress();
      return Boolean(stored && storage.token(stored) && !accountOf(wallet.getState().session));
    };
    const stopDiscovery = discovery.start();
    const unsubscribe = discovery.subscribe(attempt);
    if (trigger === "storedSession") attempt();
    if (trigger === "storedElsewhere" && signedInElsewhere()) attempt();

    // Another tab signed out or in: this tab follows.
    const onStorage = (event: StorageEvent) => {
      if (!isSessionKey(event.key)) return;
      wallet.sessionChangedElsewhere();
      if (signedInElsewhere()) {
        settled = false;
        attempt();
      }
    };
    window.addEventListener("storage", onStorage);

    // A session made with WalletConnect resumes through its stored pairing: the WalletConnect
    // code is fetched at start-up only for such a session.
    let live = true;
    const settings = walletConnectOptions(config);
    if (trigger === "storedSession" && settings && storage.walletAddress() && storage.usesWalletConnect()) {
      void (async () => {
        const { resumeWalletConnect } = await import("./walletconnect");
        const provider = await resumeWalletConnect(settings);
        if (live && provider) await wallet.restore([provider]);
      })().catch(() => undefined);
    }

    return () => {
      settled = true;
      live = false;
      stopDiscovery();
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }

  return { discovery, machine, run, Popups: LazyWalletPopups };
}

export type LiveWallet = ReturnType<typeof createLiveWallet>;
