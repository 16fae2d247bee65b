/**
 * "Open in your wallet app": links that open a page inside a wallet app's own browser, where its
 * provider is injected. A phone's camera opens an invite QR code in Safari or Chrome, which have
 * no wallet; these links carry the whole page URL (with its `?address=` inviter) into the app.
 * Each builder is a pure function of the page URL and the chain id, in the format its wallet
 * documents, and each result is an https universal link where the wallet has one, so the link
 * also works when the app is not installed (it offers the download) and on a long press.
 */
export interface WalletApp {
  id: "tokenpocket" | "trust" | "metamask" | "binance" | "okx" | "safepal";
  name: string;
  link(pageUrl: string, chainId: number): string;
}

/** Trust Wallet names networks by SLIP-44 coin id; BNB Smart Chain's is 20000714. */
const TRUST_COIN_IDS: Record<number, number> = { 1: 60, 56: 20000714 };

/** Standard base64 of an ASCII string (page URLs are ASCII once the browser has encoded them). */
const base64 = (text: string) => btoa(text);

/** The apps offered, in this order: the wallets BNB Smart Chain users hold most. */
export const WALLET_APPS: readonly WalletApp[] = [
  {
    id: "tokenpocket",
    name: "TokenPocket",
    // TokenPocket's DApp deep link: `tpdapp://open?params=<JSON {url, chain, source}>`.
    link: (pageUrl) =>
      `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: pageUrl, chain: "BSC", source: "DWN" }))}`,
  },
  {
    id: "trust",
    name: "Trust Wallet",
    // https://developer.trustwallet.com deep linking, "DApp Browser": open_url?coin_id=&url=.
    link: (pageUrl, chainId) =>
      `https://link.trustwallet.com/open_url?coin_id=${TRUST_COIN_IDS[chainId] ?? 20000714}&url=${encodeURIComponent(pageUrl)}`,
  },
  {
    id: "metamask",
    name: "MetaMask",
    // MetaMask's "open a dapp in the in-app browser": link.metamask.io/dapp/{url without scheme}.
    link: (pageUrl) => `https://link.metamask.io/dapp/${pageUrl.replace(/^https?:\/\//, "")}`,
  },
  {
    id: "binance",
    name: "Binance Web3 Wallet",
    // The Binance app's DApp browser mini-program, as Binance's own w3w-utils `getDeepLink`
    // builds it: path and query base64-encoded, wrapped in the app's universal download link.
    link: (pageUrl, chainId) => {
      const path = base64("/pages/browser/index");
      const query = base64(`url=${pageUrl}&defaultChainId=${chainId}`);
      const bnc = `bnc://app.binance.com/mp/app?appId=yFK5FCqYprrXDiVFbhyRx7&startPagePath=${path}&startPageQuery=${query}`;
      return `https://app.binance.com/en/download?_dp=${base64(bnc)}`;
    },
  },
  {
    id: "okx",
    name: "OKX Wallet",
    // OKX's "App Universal Link": the okx:// DApp link, encoded into web3.okx.com/download.
    link: (pageUrl) =>
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(pageUrl)}`)}`,
  },
  {
    id: "safepal",
    name: "SafePal",
    link: (pageUrl) => `https://link.safepal.io/dapp?url=${encodeURIComponent(pageUrl)}`,
  },
];
