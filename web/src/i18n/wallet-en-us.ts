/**
 * The wallet feature's (and the devnet wallet's) strings in English, under the `wallet.` prefix:
 * the key set every complete language provides. Loaded with the en-us strings
 * (locales/en-us.ts re-exports them), so a first visit in another language never downloads them.
 */

export const walletEnUs = {
  wallet: {
    connect: "Connect wallet",
    wallet: "Wallet",
    menu: "Wallet menu",
    copy: "Copy address",
    disconnect: "Disconnect",
    copied: "Content copied to clipboard",
    copyFailed: "Copy failed, please copy manually",
    loginSuccess: "Login successful",
    rejected: "User rejected the access request",
    connectFailed: "Connection failed, please try again",
    disconnectFailed: "Disconnect failed",
    noWallet: "No wallet found in this browser: install a wallet extension, or open this page in your wallet app",
    picker: {
      title: "Choose a wallet",
      injected: "Browser wallet",
      walletConnect: "WalletConnect (wallet on another device or app)",
    },
    openIn: {
      title: "Open this page in your wallet app",
    },
    network: {
      title: "Wrong network",
      message: "Network error: please switch to {{name}} (chain {{id}})",
      name: "Network name",
      rpc: "RPC URL",
      chainId: "Chain ID",
      symbol: "Currency symbol",
      switch: "Switch network",
      switchFailed: "The network could not be switched; please switch it in your wallet",
    },
    bind: {
      title: "Please enter wallet address",
      heading: "Bind your inviter",
      inviter: "Inviter",
      button: "Bind",
      invalid: "Invalid invitation address!",
      malformed: "This invite link's address is not a wallet address, so it cannot be used.",
      outsideTree: "This invite link's address has not joined yet, so it cannot invite you.",
      askAnother: "Ask the person who invited you for a new invite link, then open it here.",
      failed: "Binding failed",
    },
    api: {
      timedOut: "Request timed out",
      failed: "Request failed",
      unreachable: "Can't reach the server. Please try again in a moment.",
    },
  },
};

/** The shape of a language's strings: the same keys as en-us. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** The wallet strings' shape, with plain string leaves. */
export type WalletStrings = Strings<typeof walletEnUs>;
