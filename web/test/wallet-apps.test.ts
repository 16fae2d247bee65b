import { describe, expect, it } from "vitest";
import { WALLET_APPS } from "../src/features/wallet/walletApps";

/** alice's invite link on the production site, as the share screen writes it. */
const invite = "https://dwn.example/chain/#/home?address=0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const link = (id: string) => {
  const app = WALLET_APPS.find((candidate) => candidate.id === id);
  if (!app) throw new Error(`no ${id}`);
  return app.link(invite, 56);
};
const b64 = (text: string) => Buffer.from(text, "ascii").toString("base64");

describe("open in a wallet app", () => {
  it("offers the six wallets, once each", () => {
    expect(WALLET_APPS.map((app) => app.id)).toEqual(["tokenpocket", "trust", "metamask", "binance", "okx", "safepal"]);
  });

  it("TokenPocket: tpdapp://open with the page as JSON params on BSC", () => {
    expect(link("tokenpocket")).toBe(
      "tpdapp://open?params=%7B%22url%22%3A%22https%3A%2F%2Fdwn.example%2Fchain%2F%23%2Fhome%3Faddress%3D0x90F79bf6EB2c4f870365E785982E1f101E93b906%22%2C%22chain%22%3A%22BSC%22%2C%22source%22%3A%22DWN%22%7D",
    );
  });

  it("Trust Wallet: open_url on BNB Smart Chain (SLIP-44 20000714)", () => {
    expect(link("trust")).toBe(
      "https://link.trustwallet.com/open_url?coin_id=20000714&url=https%3A%2F%2Fdwn.example%2Fchain%2F%23%2Fhome%3Faddress%3D0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    );
  });

  it("MetaMask: link.metamask.io/dapp/ and the page without its scheme", () => {
    expect(link("metamask")).toBe(
      "https://link.metamask.io/dapp/dwn.example/chain/#/home?address=0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    );
  });

  it("Binance Web3 Wallet: the browser mini-program link, base64 inside the universal link", () => {
    const bnc =
      "bnc://app.binance.com/mp/app?appId=yFK5FCqYprrXDiVFbhyRx7" +
      `&startPagePath=${b64("/pages/browser/index")}` +
      `&startPageQuery=${b64(`url=${invite}&defaultChainId=56`)}`;
    expect(link("binance")).toBe(`https://app.binance.com/en/download?_dp=${b64(bnc)}`);
    // And it decodes back to the invite, inviter included.
    const dp = new URL(link("binance")).searchParams.get("_dp") ?? "";
    const query = new URL(Buffer.from(dp, "base64").toString("ascii")).searchParams.get("startPageQuery") ?? "";
    expect(Buffer.from(query, "base64").toString("ascii")).toBe(`url=${invite}&defaultChainId=56`);
  });

  it("OKX Wallet: the okx:// DApp link inside web3.okx.com/download", () => {
    expect(link("okx")).toBe(
      "https://web3.okx.com/download?deeplink=okx%3A%2F%2Fwallet%2Fdapp%2Furl%3FdappUrl%3Dhttps%253A%252F%252Fdwn.example%252Fchain%252F%2523%252Fhome%253Faddress%253D0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    );
  });

  it("SafePal: link.safepal.io/dapp with the page", () => {
    expect(link("safepal")).toBe(
      "https://link.safepal.io/dapp?url=https%3A%2F%2Fdwn.example%2Fchain%2F%23%2Fhome%3Faddress%3D0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    );
  });

  it("every link carries the inviter, on any chain id", () => {
    for (const app of WALLET_APPS) {
      for (const chainId of [56, 31337]) {
        const url = app.link(invite, chainId);
        const decoded = [url, decodeURIComponent(url), decodeURIComponent(decodeURIComponent(url))];
        const dp = app.id === "binance" ? new URL(url).searchParams.get("_dp") : null;
        if (dp) {
          const q = new URL(Buffer.from(dp, "base64").toString("ascii")).searchParams.get("startPageQuery") ?? "";
          decoded.push(Buffer.from(q, "base64").toString("ascii"));
        }
        expect(
          decoded.some((text) => text.includes("address=0x90F79bf6EB2c4f870365E785982E1f101E93b906")),
          app.id,
        ).toBe(true);
      }
    }
  });
});
