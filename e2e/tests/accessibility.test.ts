import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../support/axe";
import { connectTestWallet, screenshot, toast } from "../support/browser";
import { popupsAtRest, screenReady } from "../support/ready";
import { memberInRedeemWindow } from "../support/scenes";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { en, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

/** Bound to alice, with a tier 1 NFT, income, a friend in its team, and a stake in its redeem window. */
const member = devnetAccount(60);
const friend = devnetAccount(61);
/** Not bound: opens an invite link, for the bind popup. */
const invited = devnetAccount(62);
/** Its wallet is on another chain, for the wrong-network popup. */
const elsewhere = devnetAccount(63);
let stakeId = 0n;

const suite = e2eSuite({
  timeout: 300_000,
  setUp: async () => {
    const { stack } = suite;
    for (const account of [member, friend, invited, elsewhere]) await stack.fundGas(account.address);
    stakeId = await memberInRedeemWindow(stack, member, friend);
  },
});

const LANGUAGES = ["zh-cn", "en-us"] as const;
const details = () => `/contractDetails?pledgeIdsObj=${encodeURIComponent(JSON.stringify({ id: String(stakeId) }))}`;
const SCREENS = [
  "/home",
  "/mine",
  "/pledge",
  "/share",
  "/incomeLog",
  "/backpack",
  "/announcement",
  "/ecosystem",
  "/not_bound",
];

/** antd-mobile's frames of an open popup, dialog or sheet. */
const OPEN_FRAME = ".adm-popup-body, .adm-center-popup-wrap";

/** Everything axe finds on the page as it is now, as lines, once the screen shows its figures. */
async function check(page: Page, where: string): Promise<string[]> {
  await screenReady(page);
  // Opening animations end (antd-mobile's springs), so colours are measured as they rest.
  await popupsAtRest(page);
  const found = describeViolations(where, await axeViolations(page));
  if (found.length > 0) await screenshot(page, `axe-${where.replace(/[^a-z0-9-]+/gi, "_")}`);
  return found;
}

/** A phone in `language`, with the production CSP checked on its first load. */
async function phoneIn(language: string, wallet?: TestWallet) {
  const phone = await suite.phone({ wallet });
  await phone.context.addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
  const response = await phone.page.goto(suite.stack.app("/home"));
  // The policy the server sends in production is in force for every check below.
  assert.match(response?.headers()["content-security-policy"] ?? "", /script-src 'self' 'sha256-/);
  return phone;
}

/** Opens a screen, freshly loaded, and waits for it to show. */
async function open(page: Page, route: string): Promise<void> {
  // A fresh load: a hash route alone would leave an open popup open.
  await page.goto("about:blank");
  await page.goto(suite.stack.app(route));
  await page.locator("[data-testid$='-page'], [data-testid='home-connect']").first().waitFor();
}

/** Taps each of `buttons` in turn, then waits for `shown` inside an open frame. */
async function openPopup(page: Page, buttons: readonly string[], shown: string): Promise<void> {
  for (const button of buttons) {
    const control = page.getByTestId(button).first();
    // A button whose popup is open already (the sheet opened as the screen settled) is not tapped again.
    if ((await control.getAttribute("aria-expanded")) === "true") continue;
    // The team list loads its first page once scrolled into view: it is scrolled to, not tapped
    // (a tap could land on a row that loads under the finger and open its popup).
    await (button === "team-list" ? control.scrollIntoViewIfNeeded() : control.tap()).catch(async (error: Error) => {
      await screenshot(page, `axe-failed-${button}`);
      throw error;
    });
  }
  await page
    .locator(`:is(${OPEN_FRAME}) [data-testid="${shown}"], [data-testid="${shown}"] :is(${OPEN_FRAME})`)
    .first()
    .waitFor();
}

test("signed out: every screen, the side menu with its language picker and the wallet picker pass axe (WCAG 2.1 A and AA) in Chinese and English", async () => {
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    const { page } = await phoneIn(language, new TestWallet(suite.stack.rpcUrl, { account: invited }));
    for (const route of [...SCREENS, details()]) {
      await open(page, route);
      problems.push(...(await check(page, `${language} signed out ${route.split("?")[0]}`)));
    }
    await open(page, "/home");
    await openPopup(page, ["tab-menu"], "language-en-us");
    problems.push(...(await check(page, `${language} side menu`)));
    await open(page, "/home");
    await connectTestWalletPicker(page);
    problems.push(...(await check(page, `${language} wallet picker`)));
  }
  assert.deepEqual(problems, []);
});

/** Taps "Connect wallet" and waits for the wallet picker (the devnet build's wallet makes two). */
async function connectTestWalletPicker(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.__testWallet?.announced.length ?? 0) > 1);
  await page.getByTestId("wallet-connect").tap();
  await page.getByTestId("wallet-picker").waitFor();
}

test("signed in: every screen, the wallet menu, recent transactions, the side menu, buy, withdraw, claim and redeem with their fees, the team's popup and share's wallet-app links pass axe in Chinese and English", async () => {
  const problems: string[] = [];
  const popups = [
    { screen: "/home", open: ["wallet-button"], shown: "wallet-disconnect", name: "wallet menu" },
    { screen: "/home", open: ["wallet-button", "wallet-recent"], shown: "recent-empty", name: "recent transactions" },
    { screen: "/home", open: ["tab-menu"], shown: "language-en-us", name: "side menu and language picker" },
    { screen: "/mine", open: ["tier-1-buy"], shown: "buy-confirm", name: "buy" },
    { screen: "/mine", open: ["collect-static-withdraw"], shown: "withdraw-confirm", name: "withdraw" },
    { screen: "/share", open: ["team-list", "friend-row"], shown: "community-popup", name: "team member" },
    { screen: details(), open: ["detail-claim"], shown: "income-popup", name: "claim and its fee" },
    { screen: details(), open: ["detail-redeem"], shown: "principal-popup", name: "redeem and its fee" },
  ];
  for (const language of LANGUAGES) {
    const { page } = await phoneIn(language, new TestWallet(suite.stack.rpcUrl, { account: member }));
    await connectTestWallet(page, "wallet-connect");
    await toast(page, language === "zh-cn" ? zh.wallet.loginSuccess : en.wallet.loginSuccess);
    for (const route of [...SCREENS.filter((s) => s !== "/not_bound"), details()]) {
      await open(page, route);
      problems.push(...(await check(page, `${language} signed in ${route.split("?")[0]}`)));
    }
    for (const popup of popups) {
      await open(page, popup.screen);
      await openPopup(page, popup.open, popup.shown);
      problems.push(...(await check(page, `${language} ${popup.name}`)));
    }
    // The share screen's "Open this page in a wallet app" disclosure, opened.
    await open(page, "/share");
    await page.getByTestId("share-open-in-toggle").tap();
    await page.getByTestId("share-open-in").waitFor();
    problems.push(...(await check(page, `${language} share's wallet-app links`)));
  }
  assert.deepEqual(problems, []);
});

test("the bind popup (with an inviter that can and one that cannot invite), home's word on that inviter and the wrong-network popup pass axe in Chinese and English", async () => {
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    for (const [account, chainId, route, shown] of [
      [invited, undefined, `/home?address=${role("alice").address}`, "bind-popup"],
      // A malformed inviter: home says why (with the root's link), and so does the bind popup.
      [invited, undefined, "/home?address=zz", "invite-root-link"],
      [elsewhere, 56, "/home", "network-popup"],
    ] as const) {
      const { page } = await phoneIn(language, new TestWallet(suite.stack.rpcUrl, { account, chainId }));
      await open(page, route);
      if (shown === "invite-root-link") {
        await page.getByTestId("home-invite-problem").getByTestId(shown).waitFor();
        problems.push(...(await check(page, `${language} home invite problem`)));
      }
      await connectTestWallet(page, "wallet-connect");
      // The root's link in the bind popup, not home's.
      await (
        shown === "invite-root-link" ? page.getByTestId("bind-problem").getByTestId(shown) : page.getByTestId(shown)
      ).waitFor();
      problems.push(...(await check(page, `${language} ${shown}`)));
    }
  }
  assert.deepEqual(problems, []);
});
