import type { RuntimeConfig } from "@dwn/api";
import { chainFromConfig } from "../lib/chain";
import { devnetAccounts } from "./accounts";
import { announceDevnetWallet } from "./announce";
import { createDialogUi } from "./DevnetDialogs";
import { createDevnetProvider } from "./provider";

/** Like an extension, the wallet is installed once per page and stays. */
let installed = false;

/**
 * The built-in devnet wallet (DESIGN.md §6): announced through EIP-6963 so the app finds it like
 * any other wallet. Only the devnet build and the dev server import this module.
 */
export function installDevnetWallet({ config }: { config: RuntimeConfig }): void {
  if (installed) return;
  installed = true;
  const provider = createDevnetProvider({
    accounts: devnetAccounts,
    chain: chainFromConfig(config),
    ui: createDialogUi(),
    storage: window.localStorage,
  });
  announceDevnetWallet(window, provider);
}
