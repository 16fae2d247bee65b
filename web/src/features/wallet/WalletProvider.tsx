import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Toast } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { apiClientFor, apiLanguage, ApiSessionContext, createApiCaller, type ApiSession } from "../../lib/api";
import { chainFromConfig, publicClientFor } from "../../lib/chain";
import { useRuntimeConfig } from "../../lib/runtime";
import { broadcastWalletConnected } from "./broadcast";
import { chooseWallet, isMobileBrowser } from "./choose";
import { BindPopup } from "./components/BindPopup";
import { NetworkPopup } from "./components/NetworkPopup";
import { WalletPicker, type PickerRequest } from "./components/WalletPicker";
import { WalletContext, type WalletContextValue } from "./context";
import { startDevnetWallet } from "./devnet";
import { createWalletDiscovery } from "./discovery";
import type { Eip1193Provider } from "./eip1193";
import { createWalletMachine } from "./machine";
import { createReferralAccess } from "./pool";
import { signInApi } from "./signin";
import { createSessionStorage } from "./storage";
import { readUrlParent } from "./url-parent";

/**
 * The wallet session for the whole app: discovers wallets, runs the connect flow, resumes a
 * session after a reload, gives the API its token and renders the wallet's popups.
 */
export function WalletProvider({ children }: { children?: ReactNode }) {
  const config = useRuntimeConfig();
  const { i18n } = useTranslation();
  const [discovery] = useState(() => createWalletDiscovery(window));
  const [picker, setPicker] = useState<PickerRequest>();

  const machine = useMemo(() => {
    const chain = chainFromConfig(config);
    const signInCalls = createApiCaller({
      client: apiClientFor(config),
      language: () => apiLanguage(i18n.language),
      token: () => undefined,
      onUnauthorized: () => undefined,
      messages: { timedOut: () => i18n.t("wallet.api.timedOut"), failed: () => i18n.t("wallet.api.failed") },
    });
    return createWalletMachine({
      chain: config.chain,
      storage: createSessionStorage(window.localStorage),
      referral: createReferralAccess({ client: publicClientFor(config), chain, pool: config.contracts.pool }),
      api: signInApi(signInCalls),
      readUrlParent: () => readUrlParent(window.location),
      async chooseProvider() {
        const choose = () =>
          chooseWallet({ options: discovery.list(), injected: discovery.injected(), userAgent: navigator.userAgent });
        let choice = choose();
        if (choice.kind === "none") {
          // A wallet that injected after the page loaded answers a fresh request at once.
          discovery.refresh();
          choice = choose();
        }
        if (choice.kind === "use") return choice.provider;
        if (choice.kind === "none") {
          Toast.show({ content: i18n.t("wallet.noWallet"), icon: "fail" });
          return undefined;
        }
        return new Promise<Eip1193Provider | undefined>((resolve) =>
          setPicker({
            resolve: (provider) => {
              setPicker(undefined);
              resolve(provider);
            },
          }),
        );
      },
      effects: {
        notify: (notice) =>
          Toast.show({
            content: "key" in notice ? i18n.t(notice.key) : notice.text,
            icon: notice.kind,
          }),
        // The app's routes are hash routes (DESIGN.md §6); no router hook, so this works
        // wherever the provider sits.
        goNotBound: () => window.location.assign("#/not_bound"),
        reload: () => window.location.reload(),
        connected: (account) => broadcastWalletConnected(account),
      },
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
        <NetworkPopup />
        <BindPopup />
        <WalletPicker request={picker} discovery={discovery} />
      </ApiSessionContext.Provider>
    </WalletContext.Provider>
  );
}
