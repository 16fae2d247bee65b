import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { connectTestWallet, screenshot, toast } from "../support/browser";
import { memberInRedeemWindow } from "../support/scenes";
import { e2eSuite } from "../support/suite";
import { devnetAccount } from "../support/stack";
import { zh } from "../support/strings";
import { sidewaysOverflow, smallControls } from "../support/tap-targets";
import { TestWallet } from "../support/wallet";

// Every control is at least 44×44 CSS px, its padding included, on every screen at 320 and
// 375 px, signed out and signed in (issue 22 item 10; WCAG 2.5.5), and the layout still fits
// the screen's width at 320 px and in landscape (568×320).

/** Bound to alice, with a tier 1 NFT, income, a friend in its team, and a stake in its redeem window. */
const member = devnetAccount(70);
const friend = devnetAccount(71);
let stakeId = 0n;

const suite = e2eSuite({
  timeout: 300_000,
  setUp: async () => {
    const { stack } = suite;
    for (const account of [member, friend]) await stack.fundGas(account.address);
    stakeId = await memberInRedeemWindow(stack, member, friend);
  },
});

const details = () => `/contractDetails?pledgeIdsObj=${encodeURIComponent(JSON.stringify({ id: String(stakeId) }))}`;
const SCREENS = ["/home", "/mine", "/pledge", "/share", "/incomeLog", "/backpack", "/announcement", "/ecosystem"];
const SIZES = [
  [320, 568],
  [375, 812],
] as const;

/** antd-mobile's frames of an open popup, dialog or sheet. */
const OPEN_FRAME = ".adm-popup-body, .adm-center-popup-wrap";

/** Opens a screen, freshly loaded, and waits for its reads to settle. */
async function open(page: Page, route: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(suite.stack.app(route));
  await page.locator("[data-testid$='-page'], [data-testid='home-connect']").first().waitFor();
  await page.waitForLoadState("networkidle");
  // Popups' opening springs end, so boxes are measured at rest.
  await page.waitForTimeout(300);
}

/** The small controls on the page as it is now, each line prefixed with `where`. */
async function measure(page: Page, where: string, within?: string): Promise<string[]> {
  const found = (await smallControls(page, within)).map((control) => `${where}: ${control}`);
  if (found.length > 0) await screenshot(page, `tap-${where.replace(/[^a-z0-9-]+/gi, "_")}`);
  return found;
}

/** Visits every screen at each size, then the popups given, measuring each. */
async function visitAll(
  page: Page,
  signedIn: boolean,
  popups: readonly { screen: string; open: string[]; name: string }[],
) {
  const problems: string[] = [];
  const routes = [...SCREENS, ...(signedIn ? [] : ["/not_bound"]), details()];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const who = signedIn ? "signed in" : "signed out";
    for (const route of routes) {
      await open(page, route);
      problems.push(...(await measure(page, `${who} ${route.split("?")[0]} at ${width}`)));
    }
    for (const popup of popups) {
      await open(page, popup.screen);
      for (const button of popup.open) await page.getByTestId(button).first().tap();
      await page.locator(OPEN_FRAME).first().waitFor();
      await page.waitForTimeout(400);
      problems.push(...(await measure(page, `${who} ${popup.name} at ${width}`, OPEN_FRAME)));
    }
  }
  return problems;
}

test("signed out: every control on every screen and the side menu is at least 44×44 at 320 and 375 px", async () => {
  const { page } = await suite.phone();
  const problems = await visitAll(page, false, [{ screen: "/home", open: ["tab-menu"], name: "side menu" }]);
  assert.deepEqual(problems, []);
});

test("signed in: every control on every screen, the wallet menu, buy, withdraw, claim and redeem is at least 44×44 at 320 and 375 px", async () => {
  const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: member }) });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  const problems = await visitAll(page, true, [
    { screen: "/home", open: ["wallet-button"], name: "wallet menu" },
    { screen: "/mine", open: ["tier-1-buy"], name: "buy" },
    { screen: "/mine", open: ["collect-static-withdraw"], name: "withdraw" },
    { screen: details(), open: ["detail-claim"], name: "claim" },
    { screen: details(), open: ["detail-redeem"], name: "redeem" },
  ]);
  assert.deepEqual(problems, []);
});

test("with 44 px controls every screen still fits its width at 320×568 and in landscape (568×320)", async () => {
  const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: member }) });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  const problems: string[] = [];
  for (const [width, height] of [
    [320, 568],
    [568, 320],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const route of [...SCREENS, details()]) {
      await open(page, route);
      const where = `${route.split("?")[0]} at ${width}×${height}`;
      await screenshot(page, `tap-layout-${where.replace(/[^a-z0-9-]+/gi, "_")}`);
      problems.push(...(await sidewaysOverflow(page)).map((line) => `${where}: ${line}`));
    }
  }
  assert.deepEqual(problems, []);
});
