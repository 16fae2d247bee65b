import type { RuntimeConfig } from "@dwn/api";

/** The local devnet's chain id (DESIGN.md §2); the built-in wallet never runs on another chain. */
export const DEVNET_CHAIN_ID = 31337;

/**
 * Starts the built-in devnet wallet on the dev server and in the devnet build
 * (`vite build --mode devnet`) only. The condition is a build-time constant, so in a production
 * build the branch, and with it the dynamic import of the wallet module and its keys, is
 * removed by the bundler. It tests the mode, not `DEV`: a `vite build` run where NODE_ENV
 * happens to be "development" or "test" is still a production build.
 */
export async function startDevnetWallet(config: RuntimeConfig): Promise<void> {
  if (import.meta.env.MODE === "development" || import.meta.env.MODE === "devnet") {
    if (config.chain.id !== DEVNET_CHAIN_ID) return;
    const { installDevnetWallet } = await import("../../devnet");
    installDevnetWallet({ config });
  }
}
