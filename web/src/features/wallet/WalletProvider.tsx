import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { showToast } from "../../components/toast";
import { ApiSessionContext, type ApiSession } from "../../lib/api";
import { chainFromConfig } from "../../lib/chain";
import { useRuntimeConfig } from "../../lib/runtime";
import { isMobileBrowser } from "./choose";
import { LazyWalletPopups } from "./components/LazyWalletPopups";
import type { PickedWallet, PickerRequest } from "./components/WalletPicker";
import { WalletContext, type WalletContextValue } from "./context";
import { startDevnetWallet } from "./devnet";
import { createWalletDiscovery } from "./discovery";
import { createLazyWalletMachine } from "./lazyMachine";
import type { WalletNotice } from "./machine";
import { accountOf, signedOutState } from "./state";
import { createSessionStorage, STORAGE_KEYS } from "./storage";
import { readUrlParent } from "./url-parent";

/**
 * The wallet session for the whole app: discovers wallets, runs the connect flow, resumes a
 * session after a reload, gives the API its token and renders the wallet's popups. The
 * connect flow's code (session.ts and what it imports) is fetched on the first connect, or
 * at start-up when there is a stored session to resume; the popups when one first opens.
 */
export function WalletProvider({ children }: { children?: ReactNode }) {
  const config = useRuntimeConfig();
  const { i18n } = useTranslation();
  const [discovery] = useState(() => createWalletDiscovery(window));
  const [picker, setPicker] = useState<PickerRequest>();

  const machine = useMemo(() => {
    const storage = createSessionStorage(window.localStorage);
    // An invite link's inviter is kept from the moment the page opens, so that moving to
    // another screen, a reload or a WalletConnect pairing does not lose it before binding.
    const urlParent = readUrlParent(window.location);
    if (urlParent !== null) storage.setParentAddress(urlParent);
    const notify = (notice: WalletNotice) =>
      showToast({ content: "key" in notice ? i18n.t(notice.key) : notice.text, icon: notice.kind });
    return createLazyWalletMachine({
      initialState: signedOutState(storage.parentAddress()),
      hasStoredSession: () => storage.walletAddress() !== undefined,
      onLoadError: () => notify({ kind: "fail", key: "wallet.connectFailed" }),
      load: async () =>
        (await import("./session")).createAppWalletMachine({
          config,
          storage,
          discovery,
          language: () => i18n.language,
          t: (key) => i18n.t(key),
          notify,
          pick: () =>
            new Promise<PickedWallet | undefined>((resolve) =>
              setPicker({
                resolve: (picked) => {
                  setPicker(undefined);
                  resolve(picked);
                },
              }),
            ),
        }),
    });
  }, [config, discovery, i18n]);

  useEffect(() => discovery.start(), [discovery]);

  // Resume the stored session once the wallet it belongs to has been found.
  useEffect(() => {
    let settled = false;
    const attempt = () => {
      if (settled) return;
      const injected = discovery.injected();
      const first = injected && isMobileBrowser(navigator.userAgent) ? [injected] : [];
      const candidates = [...first, ...discovery.list().map((option) => option.provider)];
      void machine.restore(candidates).then((found) => {
        if (found) settled = true;
      });
    };
    const unsubscribe = discovery.subscribe(attempt);
    attempt();
    // Another tab signed out or in: this tab follows, resuming a session once it is signed in
    // (its token stored), never signing in itself.
    const storage = createSessionStorage(window.localStorage);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !(Object.values(STORAGE_KEYS) as string[]).includes(event.key)) return;
      machine.sessionChangedElsewhere();
      const stored = storage.walletAddress();
      if (stored && storage.token(stored) && !accountOf(machine.getState().session)) {
        settled = false;
        attempt();
      }
    };
    window.addEventListener("storage", onStorage);
    return () => {
      settled = true;
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, [machine, discovery]);

  // A session made with WalletConnect resumes through its stored pairing: the WalletConnect
  // code is fetched at start-up only for such a session.
  useEffect(() => {
    const storage = createSessionStorage(window.localStorage);
    if (!storage.walletAddress() || !storage.usesWalletConnect()) return;
    let live = true;
    void (async () => {
      const { walletConnectOptions } = await import("./session");
      const settings = walletConnectOptions(config);
      if (!settings) return;
      const { resumeWalletConnect } = await import("./walletconnect");
      const provider = await resumeWalletConnect(settings);
      if (live && provider) await machine.restore([provider]);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [config, machine]);

  useEffect(() => {
    void startDevnetWallet(config);
  }, [config]);

  const session = useMemo<ApiSession>(
    () => ({ token: machine.token, onUnauthorized: machine.sessionExpired }),
    [machine],
  );
  const wallet = useMemo<WalletContextValue>(() => ({ machine, chain: chainFromConfig(config) }), [machine, config]);

  return (
    <WalletContext.Provider value={wallet}>
      <ApiSessionContext.Provider value={session}>
        {children}
        <LazyWalletPopups picker={picker} discovery={discovery} />
      </ApiSessionContext.Provider>
    </WalletContext.Provider>
  );
}
