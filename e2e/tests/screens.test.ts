import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../support/axe";
import { connectTestWallet, screenshot, toast } from "../support/browser";
import { misplaced, overflowing, unreachable } from "../support/layout";
import { FRAME, nextFrame, popupAtRest, popupsAtRest, screenReady } from "../support/ready";
import { memberInRedeemWindow } from "../support/scenes";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { en, zh } from "../support/strings";
import { sidewaysOverflow, smallControls } from "../support/tap-targets";
import { TestWallet } from "../support/wallet";
import {
  DETAILS,
  PAGE_IDS,
  POPUPS,
  signedInWalk,
  signedOutWalk,
  type Check,
  type Language,
  type Stop,
} from "../support/walks";

// Every screen and popup, signed out, signed in and as an account connects, walked once per
// phone size and language, each check that size asks for (support/walks.ts) made on the same
// page state: axe-core's WCAG 2.1 A and AA rules (in Chinese and English, under the production
// Content-Security-Policy), 44×44 CSS px tap targets (WCAG 2.5.5), nothing scrolling sideways,
// and popups centred with every control within reach.

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

/** antd-mobile's frames of an open popup, dialog or sheet (what a popup's tap targets are measured in). */
const OPEN_FRAME = ".adm-popup-body, .adm-center-popup-wrap";

const routeOf = (target: string) =>
  target === DETAILS
    ? `${DETAILS}?pledgeIdsObj=${encodeURIComponent(JSON.stringify({ id: String(stakeId) }))}`
    : target;
const fileName = (text: string) => text.replace(/[^a-z0-9-]+/gi, "_");

/**
 * Loads `screen` afresh (a hash route alone would leave an open popup open) and waits for it to
 * show, signed in when `signedIn`. The policy the server sends in production is in force.
 */
async function load(page: Page, screen: string, signedIn: boolean): Promise<void> {
  await page.goto("about:blank");
  const response = await page.goto(suite.stack.app(routeOf(screen)));
  assert.match(response?.headers()["content-security-policy"] ?? "", /script-src 'self' 'sha256-/);
  await page.getByTestId(PAGE_IDS[screen]).waitFor();
  if (signedIn) await page.getByTestId("wallet-address").waitFor();
}

/** Taps (or for the team list, scrolls to) each control that opens `name`, and waits for it to rest. */
async function openPopup(page: Page, name: string): Promise<void> {
  const popup = POPUPS[name];
  for (const button of popup.open) {
    if (button === "wallet-picker") {
      // The devnet build's wallet makes two: "Connect wallet" opens the picker.
      await page.waitForFunction(() => (window.__testWallet?.announced.length ?? 0) > 1);
      await page.getByTestId("wallet-connect").tap();
      continue;
    }
    const control = page.getByTestId(button).first();
    // A button whose popup is open already (the sheet opened as the screen settled) is not tapped again.
    if ((await control.getAttribute("aria-expanded")) === "true") continue;
    // The team list loads its first page once scrolled into view: it is scrolled to, not tapped
    // (a tap could land on a row that loads under the finger and open its popup).
    await (button === "team-list" ? control.scrollIntoViewIfNeeded() : control.tap()).catch(async (error: Error) => {
      await screenshot(page, `screens-failed-${button}`);
      throw new Error(`${button} on ${popup.screen}: ${error.message}`);
    });
  }
  const { ready, shown } = popup;
  await (
    shown
      ? page.locator(`:is(${FRAME}) [data-testid="${ready}"], [data-testid="${ready}"] :is(${FRAME})`).first()
      : page.getByTestId(ready)
  ).waitFor();
  // The popup's opening animation ends before it is measured: antd-mobile lets the popup take
  // taps (inline pointer-events no longer "none") only once its slide or fade has reached its end.
  if (shown) await popupAtRest(page, shown, { timeout: 10_000 });
}

/**
 * Makes `checks` on the page as it is now (`where` names it in each problem): axe, tap targets
 * (within the open popup's frame for a popup), sideways overflow, and the popup `shown`'s place
 * and reach. Waits first for the screen's figures and for every popup to rest.
 */
async function checkNow(
  page: Page,
  where: string,
  checks: ReadonlySet<Check>,
  popup?: { shown?: string },
): Promise<string[]> {
  await screenReady(page);
  // Opening animations end (antd-mobile's springs), so colours and boxes are measured as they rest.
  await popupsAtRest(page);
  const problems: string[] = [];
  if (checks.has("axe")) problems.push(...describeViolations(where, await axeViolations(page)));
  if (checks.has("tap")) {
    const small = await smallControls(page, popup ? OPEN_FRAME : undefined);
    problems.push(...small.map((control) => `${where}: small control ${control}`));
  }
  if (checks.has("overflow")) {
    const seen = await overflowing(page);
    if (seen.scrollWidth > seen.width || seen.out.length > 0) {
      problems.push(`${where}: scroll width ${seen.scrollWidth} of ${seen.width}; ${seen.out.join(", ")}`);
    }
  }
  if (checks.has("sideways")) problems.push(...(await sidewaysOverflow(page)).map((line) => `${where}: ${line}`));
  // Last: reaching a popup's controls scrolls them into view.
  if (checks.has("placed") && popup?.shown) {
    for (const problem of await misplaced(page, popup.shown)) problems.push(`${where}: ${problem}`);
    for (const problem of await unreachable(page, popup.shown)) problems.push(`${where}: ${problem}`);
  }
  if (problems.length > 0) await screenshot(page, `screens-problem-${fileName(where)}`);
  return problems;
}

/**
 * Closes the open popups as Android's Back does (each popup adds a history entry, see
 * web/src/components/useBackCloses.ts) and waits until none shows. False when something stays
 * open (a disclosure, the wallet picker): the next screen is then loaded afresh.
 */
async function closePopups(page: Page): Promise<boolean> {
  const popupEntry = "typeof history.state?.popup === 'number'";
  for (let i = 0; i < 3 && (await page.evaluate<boolean>(popupEntry)); i++) {
    const marker = await page.evaluate<number>("history.state.popup");
    await page.evaluate("history.back()");
    await page.waitForFunction(`!(${popupEntry}) || history.state.popup < ${marker}`);
  }
  return page
    .waitForFunction(
      (frames) =>
        ![...document.querySelectorAll(frames)].some((frame) => frame.checkVisibility()) &&
        [...document.querySelectorAll<HTMLElement>(".adm-mask")].every((mask) => !mask.checkVisibility()),
      FRAME,
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * Walks `stops` on `page`: at each size and language, its screens (the first loaded afresh, the
 * others reached by their hash route) then its popups, each opened on its screen and closed by
 * Back before the next.
 */
async function walkStops(page: Page, who: string, stops: readonly Stop[], signedIn: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const { width, height, language, targets } of stops) {
    await page.context().addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
    await page.setViewportSize({ width, height });
    const size = `${width}×${height} (${language})`;
    /** The screen showing with nothing open on it, once this size and language are loaded. */
    let showing: string | undefined;
    for (const [target, checks] of targets) {
      const popup = POPUPS[target];
      const screen = popup ? popup.screen : target;
      if (showing === undefined) await load(page, screen, signedIn);
      else if (showing !== screen) {
        await page.goto(suite.stack.app(routeOf(screen)));
        await page.getByTestId(PAGE_IDS[screen]).waitFor();
      }
      showing = screen;
      if (popup) await openPopup(page, target);
      problems.push(...(await checkNow(page, `${who} ${target.split("?")[0]} at ${size}`, checks, popup)));
      if (width === 320) await screenshot(page, `screens-320-${language}-${who}-${fileName(target)}`);
      if (popup && !(popup.shown && (await closePopups(page)))) showing = undefined;
    }
  }
  return problems;
}

test("signed out, in Chinese and English: every screen, the side menu with its language picker and the wallet picker pass axe (WCAG 2.1 A and AA); every control on every screen and in the side menu is at least 44×44 at 320 and 375 px; no screen scrolls sideways or sticks out at 320×568, 414×896 or a 568×320 landscape phone", async () => {
  // A wallet is installed (for the picker) but not connected.
  const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: invited }) });
  assert.deepEqual(await walkStops(page, "signed out", signedOutWalk(), false), []);
});

test("signed in, with an NFT, income, a friend and a stake in its redeem window: every screen, the wallet menu, recent transactions, the side menu, buy, withdraw, claim and redeem with their fees, the team's popup and share's wallet-app links pass axe in Chinese and English; every control on every screen and in the wallet menu, buy, withdraw, claim and redeem is at least 44×44 at 320 and 375 px; every screen fits its width and every popup sits centred with each control within reach at 320, 375 and 414 px and in landscape", async () => {
  const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: member }) });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  assert.deepEqual(await walkStops(page, "signed in", signedInWalk(), true), []);
});

/** The sizes a connect popup is also placed at, turned or swapped with the popup open: each in `npm test`. */
const RESIZED = [
  [320, 568],
  [414, 896],
  [568, 320],
] as const;

test("the bind popup (with an inviter that can and one that cannot invite), home's word on that inviter and the wrong-network popup pass axe in Chinese and English, and the bind and wrong-network popups sit centred with every control within reach at 320, 375 and 414 px and in landscape", async () => {
  const problems: string[] = [];
  const languages: readonly Language[] = ["zh-cn", "en-us"];
  for (const language of languages) {
    for (const [account, chainId, route, shown] of [
      [invited, undefined, `/home?address=${role("alice").address}`, "bind-popup"],
      // A malformed inviter: home says why (with the root's link), and so does the bind popup.
      [invited, undefined, "/home?address=zz", "invite-root-link"],
      [elsewhere, 56, "/home", "network-popup"],
    ] as const) {
      const { page, context } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account, chainId }) });
      await context.addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
      const response = await page.goto(suite.stack.app(route));
      assert.match(response?.headers()["content-security-policy"] ?? "", /script-src 'self' 'sha256-/);
      await page.getByTestId("home-page").waitFor();
      const axeOnly = new Set<Check>(["axe"]);
      if (shown === "invite-root-link") {
        await page.getByTestId("home-invite-problem").getByTestId(shown).waitFor();
        problems.push(...(await checkNow(page, `${language} home invite problem at 375×812`, axeOnly)));
      }
      await connectTestWallet(page, "wallet-connect");
      if (shown === "invite-root-link") {
        // The root's link in the bind popup, not home's.
        await page.getByTestId("bind-problem").getByTestId(shown).waitFor();
        problems.push(...(await checkNow(page, `${language} bind problem at 375×812`, axeOnly)));
        await context.close();
        continue;
      }
      await page.getByTestId(shown).waitFor();
      await popupAtRest(page, shown);
      const both = new Set<Check>(["axe", "placed"]);
      problems.push(...(await checkNow(page, `${language} ${shown} at 375×812`, both, { shown })));
      for (const [width, height] of RESIZED) {
        await page.setViewportSize({ width, height });
        // The popup is laid out again for the new size, then measured.
        await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height] as const);
        await nextFrame(page);
        await popupAtRest(page, shown);
        const where = `${language} ${shown} at ${width}×${height}`;
        for (const problem of await misplaced(page, shown)) problems.push(`${where}: ${problem}`);
        for (const problem of await unreachable(page, shown)) problems.push(`${where}: ${problem}`);
        if (width === 320) await screenshot(page, `screens-320-${language}-${shown}`);
      }
      await context.close();
    }
  }
  assert.deepEqual(problems, []);
});

// The strings the walk's languages show are the apps': a wrong cookie would walk Chinese twice.
test("the walk's languages are the app's Chinese and English", async () => {
  const { page } = await suite.phone();
  for (const [language, strings] of [
    ["zh-cn", zh],
    ["en-us", en],
  ] as const) {
    await page.context().addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
    await page.goto("about:blank");
    await page.goto(suite.stack.app("/home"));
    await page.getByTestId("wallet-connect").filter({ hasText: strings.wallet.connect }).waitFor();
  }
});
