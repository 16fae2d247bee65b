import { test } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { expectText, screenshot, storedSession, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { zh } from "../support/strings";
import { TestWallet } from "../support/wallet";
import { shorten } from "../../web/src/lib/format";
import { WALLET_APPS } from "../../web/src/features/wallet/walletApps";

/** A project id of the right shape: WalletConnect's relay is not reachable from a test machine. */
const PROJECT_ID = "0123456789abcdef0123456789abcdef";

const suite = e2eSuite({ env: { WALLETCONNECT_PROJECT_ID: PROJECT_ID } });

/**
 * What the app's WalletConnect module (`web/src/features/wallet/walletconnect.ts`) becomes in
 * these tests: the same two exports, over an EIP-1193 provider that forwards every request to
 * the test wallet in Node (which signs with a devnet key), with a "pairing" kept in the page's
 * storage as WalletConnect keeps its own. Served in place of the built chunk.
 */
const STAND_IN = `
const SESSION = "standInWalletConnectSession";
const listeners = new Map();
const provider = {
  isWalletConnect: true,
  async request(args) {
    const reply = await window.__testWalletRequest({ method: args.method, params: args.params ?? [] });
    if ("error" in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
    return reply.result;
  },
  on(event, listener) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event).add(listener);
    return provider;
  },
  removeListener(event, listener) {
    listeners.get(event)?.delete(listener);
    return provider;
  },
  async disconnect() {
    localStorage.removeItem(SESSION);
    window.__standInDisconnects = (window.__standInDisconnects ?? 0) + 1;
  },
};
export async function connectWalletConnect(options) {
  window.__standInOptions = options;
  localStorage.setItem(SESSION, options.projectId);
  return provider;
}
export async function resumeWalletConnect(options) {
  window.__standInOptions = options;
  return localStorage.getItem(SESSION) === options.projectId ? provider : undefined;
}
`;

/** A phone with no wallet of its own, where the WalletConnect chunk is the stand-in. */
async function plainPhone(wallet?: TestWallet): Promise<{ page: Page; context: BrowserContext; chunks: string[] }> {
  const { page, context } = await suite.phone();
  if (wallet) await wallet.serve(context);
  const chunks: string[] = [];
  await context.route(/\/chain\/assets\/walletconnect-[\w-]+\.js$/, (route) => {
    chunks.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: STAND_IN });
  });
  return { page, context, chunks };
}

test("WalletConnect: pick it, bind through an invite, sign in, stay signed in after a reload, disconnect", async () => {
  const [alice, fresh] = [role("alice"), devnetAccount(41)];
  await suite.stack.fundGas(fresh.address);
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: fresh });
  const { page, chunks } = await plainPhone(wallet);
  await page.goto(suite.stack.app(`/home?address=${alice.address}`));
  await page.getByTestId("home-page").waitFor();
  // Nothing of WalletConnect is fetched before the user picks it.
  assert.deepEqual(chunks, []);

  await page.getByTestId("home-connect").tap();
  const picker = page.getByTestId("wallet-picker");
  await picker.waitFor();
  await expectText(page, "wallet-option-walletconnect", zh.wallet.picker.walletConnect);
  await screenshot(page, "wallet-picker-walletconnect");
  await page.getByTestId("wallet-option-walletconnect").tap();
  await picker.waitFor({ state: "hidden" });
  assert.equal(chunks.length, 1, "the WalletConnect chunk loads when picked");
  const options = (await page.evaluate(() => Reflect.get(window, "__standInOptions"))) as {
    projectId: string;
    chain: { id: number; rpcUrl: string };
    metadata: { url: string };
  };
  assert.deepEqual(
    { projectId: options.projectId, chain: options.chain, url: options.metadata.url },
    {
      projectId: PROJECT_ID,
      chain: { id: 31337, rpcUrl: suite.stack.config.chain.rpcUrl },
      url: suite.stack.origin,
    },
  );

  // The invite survived the pairing: the bind popup offers alice, and binding signs in.
  await page.getByTestId("bind-popup").waitFor();
  await expectText(page, "bind-inviter", shorten(alice.address, 9));
  await page.getByTestId("bind-button").tap();
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(fresh.address, 6));
  assert.equal(await suite.stack.inviterOf(fresh.address), alice.address);
  assert.equal(wallet.callsOf("personal_sign").length, 1);

  // Another screen, then a reload: the session resumes through the stored pairing, unsigned.
  await page.goto(suite.stack.app("/mine"));
  await page.reload();
  await expectText(page, "wallet-address", shorten(fresh.address, 6));
  assert.equal(wallet.callsOf("personal_sign").length, 1);
  assert.equal((await storedSession(page)).isSigned, "true");

  // Disconnect ends the WalletConnect session too.
  await page.getByTestId("wallet-button").tap();
  await page.getByTestId("wallet-disconnect").tap();
  await expectText(page, "wallet-connect", zh.wallet.connect);
  await page.waitForFunction(() => Reflect.get(window, "__standInDisconnects") === 1);
  assert.equal(await page.evaluate(() => localStorage.getItem("standInWalletConnectSession")), null);
  const after = await storedSession(page);
  assert.deepEqual([after.walletAddress, after.isSigned, after.token], [null, null, null]);
  assert.equal(wallet.callsOf("wallet_revokePermissions").length, 0);
  // And a reload does not bring it back.
  await page.reload();
  await expectText(page, "wallet-connect", zh.wallet.connect);
  assert.equal(await page.getByTestId("wallet-address").count(), 0);
});

test("alice's invite link in a browser with no wallet: every 'open in' link carries the invite", async () => {
  const alice = role("alice");
  const { page } = await plainPhone();
  const invite = suite.stack.app(`/home?address=${alice.address}`);
  await page.goto(invite);
  await page.getByTestId("home-connect").tap();
  const links = page.getByTestId("wallet-picker-open-in");
  await links.waitFor();
  // (The devnet build's own wallet is listed above them; a production build has none.)
  const pageUrl = await page.evaluate(() => window.location.href);
  assert.ok(pageUrl.includes(`address=${alice.address}`));
  for (const app of WALLET_APPS) {
    const href = await links.getByTestId(`open-in-${app.id}`).getAttribute("href");
    assert.equal(href, app.link(pageUrl, 31337), app.id);
    // Whatever the wallet's format, the inviter is in it.
    const layers = [href ?? ""];
    for (let i = 0; i < 2; i++) layers.push(decodeURIComponent(layers[layers.length - 1]));
    const dp = app.id === "binance" ? new URL(href ?? "").searchParams.get("_dp") : null;
    if (dp) {
      const query = new URL(Buffer.from(dp, "base64").toString("ascii")).searchParams.get("startPageQuery") ?? "";
      layers.push(Buffer.from(query, "base64").toString("ascii"));
    }
    assert.ok(
      layers.some((layer) => layer.includes(`/chain/#/home?address=${alice.address}`)),
      `${app.id}: ${href}`,
    );
  }
  await screenshot(page, "wallet-picker-no-wallet");
});
