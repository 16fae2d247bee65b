import type { RuntimeConfig } from "@dwn/api";
import type { WalletKey } from "../../i18n/wallet";
import { apiClientFor, apiLanguage, createApiCaller } from "../../lib/api";
import { chainFromConfig, publicClientFor } from "../../lib/chain";
import { broadcastWalletConnected } from "./broadcast";
import { chooseWallet } from "./choose";
import type { PickedWallet } from "./components/WalletPicker";
import type { WalletDiscovery } from "./discovery";
import type { Eip1193Provider } from "./eip1193";
import { createWalletMachine, type WalletMachine, type WalletNotice } from "./machine";
import { createReferralAccess } from "./referral";
import { signInApi } from "./signin";
import type { SessionStorage } from "./storage";
import { readUrlParent } from "./url-parent";
import type { WalletConnectOptions } from "./walletconnect";

export interface AppWalletOptions {
  config: RuntimeConfig;
  storage: SessionStorage;
  discovery: WalletDiscovery;
  /** The interface language, for the sign-in calls. */
  language(): string | undefined;
  t(key: WalletKey): string;
  /** Shows the wallet picker; resolves with the wallet picked, undefined when it was closed. */
  pick(): Promise<PickedWallet | undefined>;
  notify(notice: WalletNotice): void;
}

/**
 * The wallet machine wired to the page: the deployment's chain and pool, the sign-in API,
 * the wallets discovered, the URL's inviter and the browser's effects. WalletProvider fetches
 * this module (and with it the whole connect flow) on the first connect, or at start-up when
 * a stored session is to be resumed.
 */
export function createAppWalletMachine(options: AppWalletOptions): WalletMachine {
  const { config, discovery, t } = options;
  // The wallet's own calls carry the token they are given, if any; a 401 here ends nothing more.
  const callerWith = (token: string | undefined) =>
    createApiCaller({
      client: apiClientFor(config),
      language: () => apiLanguage(options.language()),
      token: () => token,
      onUnauthorized: () => undefined,
      messages: {
        timedOut: () => t("wallet.api.timedOut"),
        failed: () => t("wallet.api.failed"),
        unreachable: () => t("wallet.api.unreachable"),
      },
    });
  return createWalletMachine({
    chain: config.chain,
    storage: options.storage,
    referral: createReferralAccess({
      client: publicClientFor(config),
      chain: chainFromConfig(config),
      pool: config.contracts.pool,
    }),
    api: signInApi(callerWith(undefined), callerWith),
    readUrlParent: () => readUrlParent(window.location),
    async chooseProvider() {
      const choose = () =>
        chooseWallet({
          options: discovery.list(),
          injected: discovery.injected(),
          userAgent: navigator.userAgent,
          walletConnect: Boolean(config.walletConnect),
        });
      let choice = choose();
      if (choice.kind === "pick" && discovery.list().length === 0) {
        // A wallet that injected after the page loaded answers a fresh request at once.
        discovery.refresh();
        choice = choose();
      }
      if (choice.kind === "use") {
        options.storage.setUsesWalletConnect(false);
        return choice.provider;
      }
      const picked = await options.pick();
      if (picked?.kind !== "walletconnect") {
        if (picked) options.storage.setUsesWalletConnect(false);
        return picked?.provider;
      }
      const settings = walletConnectOptions(config);
      if (!settings) return undefined;
      const { connectWalletConnect } = await import("./walletconnect");
      const provider = await connectWalletConnect(settings);
      options.storage.setUsesWalletConnect(true);
      return provider;
    },
    async forgetWallet(wallet) {
      if (isWalletConnectProvider(wallet)) {
        options.storage.setUsesWalletConnect(false);
        return wallet.disconnect();
      }
      return wallet.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    },
    effects: {
      notify: options.notify,
      // The app's routes are hash routes (DESIGN.md §6); no router hook, so this works
      // wherever the provider sits.
      goNotBound: () => window.location.assign("#/not_bound"),
      reload: () => window.location.reload(),
      connected: (account) => broadcastWalletConnected(account),
    },
  });
}

/** WalletConnect's settings for this deployment, or undefined when it offers none. */
export function walletConnectOptions(config: RuntimeConfig): WalletConnectOptions | undefined {
  if (!config.walletConnect) return undefined;
  const origin = window.location.origin;
  return {
    projectId: config.walletConnect.projectId,
    chain: { id: config.chain.id, rpcUrl: config.chain.rpcUrl },
    metadata: {
      name: "DWN",
      description: "DWN: NFT hashrate, income and staking on BNB Smart Chain",
      url: origin,
      icons: [`${origin}/chain/icon.svg`],
    },
  };
}

/** The WalletConnect provider answers to `isWalletConnect` and can end its session. */
function isWalletConnectProvider(wallet: Eip1193Provider): wallet is Eip1193Provider & { disconnect(): Promise<void> } {
  return Reflect.get(wallet, "isWalletConnect") === true && typeof Reflect.get(wallet, "disconnect") === "function";
}
