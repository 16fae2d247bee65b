import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../components/toast";
import { ApiSessionContext, type ApiSession } from "../../lib/api";
import { chainFromConfig } from "../../lib/chain";
import { useRuntimeConfig } from "../../lib/runtime";
import { isMobileBrowser } from "./choose";
import { LazyWalletPopups } from "./components/LazyWalletPopups";
import type { PickerRequest } from "./components/WalletPicker";
import { WalletContext, type WalletContextValue } from "./context";
import { startDevnetWallet } from "./devnet";
import { createWalletDiscovery } from "./discovery";
import type { Eip1193Provider } from "./eip1193";
import { createLazyWalletMachine } from "./lazyMachine";
import type { WalletNotice } from "./machine";
import { signedOutState } from "./state";
import { createSessionStorage } from "./storage";

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
            new Promise<Eip1193Provider | undefined>((resolve) =>
              setPicker({
                resolve: (provider) => {
                  setPicker(undefined);
                  resolve(provider);
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
    return () => {
      settled = true;
      unsubscribe();
    };
  }, [machine, discovery]);

  useEffect(() => {
    void startDevnetWallet(config, (key) => i18n.t(key));
  }, [config, i18n]);

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
