import type { Plugin } from "vite";

/** The suffix of the module ids of WalletConnect's own copies. */
export const WALLETCONNECT_SUFFIX = "?walletconnect";

/**
 * WalletConnect (fetched only when a user picks it) uses viem and its cryptography libraries as
 * the app does. Shared modules would join the first-visit chunk (every module the entry reaches
 * is grouped there, see chunkGroups.ts), and with them every viem export WalletConnect uses:
 * about 75 kB gzip more on every first visit. WalletConnect gets its own copy instead: these
 * libraries, imported from WalletConnect's code (or from such a copy), resolve to the same files
 * under another module id, so they are only ever reached lazily.
 */
export function walletConnectOwnCopy(): Plugin {
  const fromWalletConnect = (id: string) =>
    id.endsWith(WALLETCONNECT_SUFFIX) || /node_modules[\\/](@walletconnect|@reown)[\\/]/.test(id);
  const shared = /node_modules[\\/](viem|ox|abitype|@noble|@scure)[\\/]/;
  return {
    name: "walletconnect-own-copy",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !fromWalletConnect(importer) || source.includes("?")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !shared.test(resolved.id)) return null;
      return { ...resolved, id: resolved.id + WALLETCONNECT_SUFFIX };
    },
  };
}
