import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { showToast } from "../../components/toast";
import { ApiSessionContext, type ApiSession } from "../../lib/api";
import { chainFromConfig } from "../../lib/chain";
import { useRuntimeConfig } from "../../lib/runtime";
import type { PickedWallet, PickerRequest } from "./components/WalletPicker";
import { WalletContext, type WalletContextValue } from "./context";
import { startDevnetWallet } from "./devnet";
import { createLazyWalletMachine } from "./lazyMachine";
import type { LiveTrigger, LiveWallet } from "./live";
import type { WalletMachine, WalletNotice } from "./machine";
import { signedOutState } from "./state";
import { hasStoredWallet, isSessionKey, STORAGE_KEYS } from "./storageKeys";
import { readUrlParent } from "./url-parent";

/**
 * The wallet session for the whole app: discovers wallets, runs the connect flow, resumes a
 * session after a reload, gives the API its token and renders the wallet's popups. A visitor's
 * first screen needs none of that beyond a signed-out state and the connect buttons: the rest
 * (live.ts: discovery, the connect flow's machine, the popups) is fetched on the first connect,
 * at start-up when storage holds a session to resume, or when another tab stores one.
 */
export function WalletProvider({ children }: { children?: ReactNode }) {
  const config = useRuntimeConfig();
  const { i18n } = useTranslation();
  const [picker, setPicker] = useState<PickerRequest>();
  const [live, setLive] = useState<{ wallet: LiveWallet; trigger: LiveTrigger; machine: WalletMachine }>();

  const { machine, fetchLive } = useMemo(() => {
    const storage = window.localStorage;
    // An invite link's inviter is kept from the moment the page opens, so that moving to
    // another screen, a reload or a WalletConnect pairing does not lose it before binding.
    const urlParent = readUrlParent(window.location);
    if (urlParent !== null) storage.setItem(STORAGE_KEYS.parentAddress, urlParent);
    const notify = (notice: WalletNotice) =>
      showToast({ content: "key" in notice ? i18n.t(notice.key) : notice.text, icon: notice.kind });
    let fetching: Promise<LiveWallet> | undefined;
    const fetchLive = (trigger: LiveTrigger) =>
      (fetching ??= import("./live").then(
        ({ createLiveWallet }) => {
          const wallet = createLiveWallet({
            config,
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
          });
          setLive({ wallet, trigger, machine });
          return wallet;
        },
        (error: unknown) => {
          fetching = undefined;
          throw error;
        },
      ));
    const machine = createLazyWalletMachine({
      initialState: signedOutState(storage.getItem(STORAGE_KEYS.parentAddress)),
      hasStoredSession: () => hasStoredWallet(storage),
      onLoadError: () => notify({ kind: "fail", key: "wallet.connectFailed" }),
      load: async () => (await fetchLive("connect")).machine,
    });
    return { machine, fetchLive };
  }, [config, i18n]);

  const running = live?.machine === machine ? live : undefined;
  useEffect(() => {
    if (running) return running.wallet.run(machine, running.trigger);
    // Until the wallet's code is here nobody is connected: it is fetched for a stored session
    // (resumed once its wallet is found), or once another tab stores one.
    const fetchFor = (trigger: LiveTrigger) => void fetchLive(trigger).catch(() => undefined);
    if (hasStoredWallet(window.localStorage)) {
      fetchFor("storedSession");
      return;
    }
    const onStorage = (event: StorageEvent) => {
      if (isSessionKey(event.key) && hasStoredWallet(window.localStorage)) fetchFor("storedElsewhere");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [running, machine, fetchLive]);

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
        {running && <running.wallet.Popups picker={picker} discovery={running.wallet.discovery} />}
      </ApiSessionContext.Provider>
    </WalletContext.Provider>
  );
}
