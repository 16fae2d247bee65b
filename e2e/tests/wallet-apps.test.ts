import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import type { Page } from "playwright-core";
import { erc20Abi } from "viem";
import { recentStrings } from "../../web/src/features/tx/recentStrings";
import { shareActionStrings } from "../../web/src/features/share/shareStrings";
import { connectTestWallet, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";
import { fill, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

// What wallet-app users expect (issue 22 item 11): Add to wallet for every token the app shows,
// and on /share the phone's own Share sheet (copy as its fallback), "Save QR image", and the
// wallet-app links folded behind a disclosure.

const suite = e2eSuite();
const alice = role("alice");
const shareZh = shareActionStrings["zh-cn"]!;

/** alice, signed in on `route`; `init` runs in the page before the app (a stub of a browser API). */
async function aliceOn(route: string, init?: () => void): Promise<{ page: Page; wallet: TestWallet }> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: alice });
  const { page } = await suite.phone({ wallet });
  if (init) await page.addInitScript(init);
  await page.goto(suite.stack.app(route));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  return { page, wallet };
}

test("the wallet menu adds every token the app shows, DWN9 and USDT too, with the chain's address, symbol and decimals", async () => {
  const { page, wallet } = await aliceOn("/home");
  const { contracts } = suite.stack;
  const tokens = [
    ["dwn", "DWN"],
    ["dwn9", "DWN9"],
    ["usdt", "USDT"],
    ["udbk", "UDBK"],
    ["a8", "A8"],
  ] as const;
  const expected = [];
  for (const [token, symbol] of tokens) {
    await page.getByTestId("wallet-button").tap();
    await page.getByTestId(`wallet-add-${token}`).tap();
    await toast(page, fill(recentStrings["zh-cn"]!.tokenAdded!, { symbol }));
    const decimals = await suite.stack.publicClient.readContract({
      address: contracts[token],
      abi: erc20Abi,
      functionName: "decimals",
    });
    expected.push({ type: "ERC20", options: { address: contracts[token], symbol, decimals } });
  }
  assert.deepEqual(
    wallet.callsOf("wallet_watchAsset").map((call) => call.params),
    expected,
  );
});

const link = () => `${suite.stack.origin}/chain/#/home?address=${alice.address}`;

test("Share opens the phone's Share sheet with the invite link; the user's cancel does nothing", async () => {
  const { page } = await aliceOn("/share", () => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    // A method, not an arrow: tsx would name an arrow with a `__name` helper the page has not.
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: {
        share(data: unknown) {
          shared.push(data);
          // The second share is cancelled by the user, as the sheet's close does.
          return shared.length === 1
            ? Promise.resolve()
            : Promise.reject(new DOMException("Share canceled", "AbortError"));
        },
      }.share,
    });
  });
  await page.getByTestId("share-native").tap();
  await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 1);
  const shared = await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
  assert.deepEqual(shared, [{ title: shareZh.title, text: shareZh.text, url: link() }]);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.stack.origin });
  await page.evaluate(() => navigator.clipboard.writeText("before"));
  await page.getByTestId("share-native").tap();
  await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 2);
  // Cancelled: no copy, no toast.
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "before");
  assert.equal(await page.getByText(shareZh.copiedInstead).count(), 0);
});

test("without a Share sheet, or when it fails, Share copies the invite link and says so", async () => {
  for (const init of [
    () => {
      // No Web Share API (desktop browsers, older phones).
      Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    },
    () => {
      // A share sheet that fails (not the user's cancel).
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: {
          share() {
            Object.assign(window, { __shareFailed: true });
            return Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
          },
        }.share,
      });
    },
  ]) {
    const { page } = await aliceOn("/share", init);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.stack.origin });
    const hasShare = await page.evaluate(() => typeof navigator.share === "function");
    await page.getByTestId("share-native").tap();
    await toast(page, shareZh.copiedInstead);
    // The failing sheet was asked first.
    if (hasShare) assert.equal(await page.evaluate(() => "__shareFailed" in window), true);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link());
  }
});

test("Save QR image downloads a PNG of the invite link's QR code", async () => {
  const { page } = await aliceOn("/share");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("share-save-qr").tap()]);
  assert.match(download.suggestedFilename(), /\.png$/);
  const bytes = readFileSync(await download.path());
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
  // Decoded in the page (the browser's PNG decoder), read by jsQR here: it is the invite link.
  const image = await page.evaluate(async (base64) => {
    const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: "image/png" });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height);
    // The pixels as base64: as a JSON array of numbers they took a minute and more to pass over.
    let binary = "";
    for (let at = 0; at < data.data.length; at += 0x8000) {
      binary += String.fromCharCode(...data.data.subarray(at, at + 0x8000));
    }
    return { width: data.width, height: data.height, pixels: btoa(binary) };
  }, bytes.toString("base64"));
  const pixels = new Uint8ClampedArray(Buffer.from(image.pixels, "base64"));
  assert.equal(pixels.length, image.width * image.height * 4);
  assert.equal(jsQR(pixels, image.width, image.height)?.data, link());
});

test("the six wallet-app links sit behind a disclosure, collapsed until opened", async () => {
  const { page } = await aliceOn("/share");
  const toggle = page.getByTestId("share-open-in-toggle");
  await toggle.waitFor();
  assert.equal((await toggle.textContent())?.trim(), shareZh.openIn);
  assert.equal(await page.getByTestId("share-open-in").isVisible(), false);
  await toggle.tap();
  await page.getByTestId("share-open-in").waitFor();
  assert.equal(await page.getByTestId("share-open-in").locator("a").count(), 6);
});
