import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../support/axe";
import { connectTestWallet, expectText, screenshot, toast } from "../support/browser";
import { FRAME, nextFrame, popupAtRest, screenReady } from "../support/ready";
import { memberInRedeemWindow } from "../support/scenes";
import { layoutSizes } from "../support/sizes";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { ar, en, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

const suite = e2eSuite();

const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

test("English chosen in the menu is kept in the language cookie and survives a reload", async () => {
  const phone = await suite.phone();
  const { page } = phone;
  await page.goto(suite.stack.app("/home"));
  await expectText(page, "wallet-connect", zh.wallet.connect);
  await expectText(page, "tab-home", zh.nav.home);
  assert.deepEqual(await documentLanguage(page), { lang: "zh-cn", dir: "ltr" });

  await page.getByTestId("header-menu").tap();
  await expectText(page, "menu-item-share", zh.nav.share);
  assert.equal(await page.getByTestId("language-zh-cn").getAttribute("aria-checked"), "true");
  await page.getByTestId("language-en-us").tap();
  await expectText(page, "menu-item-share", en.nav.share);
  await expectText(page, "menu-item-announcement", en.nav.announcement);
  assert.equal(await page.getByTestId("language-en-us").getAttribute("aria-checked"), "true");
  await expectText(page, "wallet-connect", en.wallet.connect);
  await screenshot(page, "menu-english");

  const cookie = (await page.context().cookies(suite.stack.origin)).find((c) => c.name === "language");
  assert.equal(cookie?.value, "en-us");
  assert.equal(cookie?.path, "/");
  assert.ok((cookie?.expires ?? 0) > Date.now() / 1000 + 300 * 24 * 3600, "the cookie lasts about a year");

  await page.reload();
  await expectText(page, "wallet-connect", en.wallet.connect);
  await expectText(page, "tab-home", en.nav.home);
  await expectText(page, "home-connect", en.wallet.connect);
  assert.deepEqual(await documentLanguage(page), { lang: "en-us", dir: "ltr" });
  await screenshot(page, "home-english-after-reload");
});

test("Arabic (language=ar-ae) renders right to left", async () => {
  const phone = await suite.phone();
  const { page } = phone;
  await phone.context.addCookies([{ name: "language", value: "ar-ae", url: suite.stack.origin }]);
  const arabicHome = ar.nav?.home;
  assert.ok(arabicHome, "the Arabic strings name Home");
  await page.goto(suite.stack.app("/home"));
  await expectText(page, "tab-home", arabicHome);
  assert.deepEqual(await documentLanguage(page), { lang: "ar-ae", dir: "rtl" });
  // What the Arabic strings lack falls back to English.
  await expectText(page, "wallet-connect", en.wallet.connect);

  // The header reads from the right: the logo there, the wallet button to its left.
  const logo = await page.getByTestId("header-logo").boundingBox();
  const connect = await page.getByTestId("wallet-connect").boundingBox();
  assert.ok(logo && connect && logo.x > connect.x, "the logo is right of the connect button");
  await screenshot(page, "arabic-home");

  // The side menu comes in from the left edge.
  await page.getByTestId("tab-menu").tap();
  await expectText(page, "menu-item-home", arabicHome);
  const menu = page.getByTestId("menu-popup").locator(".adm-popup-body");
  const atLeftEdge = await page
    .waitForFunction(() => {
      const box = document.querySelector('[data-testid="menu-popup"] .adm-popup-body')?.getBoundingClientRect();
      return box !== undefined && box.width > 0 && box.left === 0 && box.right < window.innerWidth;
    })
    .then(
      () => true,
      () => false,
    );
  assert.ok(atLeftEdge, `the menu slides in to rest at the left edge: ${JSON.stringify(await menu.boundingBox())}`);
  await screenshot(page, "arabic-menu");
});

/**
 * What sticks out past the viewport's right edge on the page now, outside any element that
 * scrolls or clips sideways (carousels): each as its test id or tag and classes, with its right edge.
 */
function overflowing(page: Page): Promise<{ scrollWidth: number; width: number; out: string[] }> {
  // As text: the test's loader names functions it compiles, a name the page has no helper for.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      let clipped = false;
      for (let e = el.parentElement; e && !clipped; e = e.parentElement) {
        clipped = ["hidden", "auto", "scroll", "clip"].includes(getComputedStyle(e).overflowX);
      }
      if (clipped) continue;
      const name = el.getAttribute("data-testid") || el.tagName.toLowerCase() + "." + [...el.classList].join(".");
      out.push(name + " (right " + Math.round(box.right) + ")");
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 10) };
  })()`);
}

test("no screen scrolls sideways or sticks out at 320×568 (Chinese and English), 414×896 or a 568×320 landscape phone", async () => {
  const { page, context } = await suite.phone();
  const screens = ["/home", "/mine", "/pledge", "/share", "/incomeLog", "/backpack", "/announcement", "/ecosystem"];
  const problems: string[] = [];
  for (const [width, height, language] of layoutSizes([
    [320, 568, "zh-cn"],
    [320, 568, "en-us"],
    [414, 896, "zh-cn"],
    [568, 320, "zh-cn"],
  ] as const)) {
    await context.addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
    await page.setViewportSize({ width, height });
    // Hash routes change without loading the page: load it again to start in this language.
    await page.goto(suite.stack.app("/home"));
    await page.reload();
    for (const screen of screens) {
      await page.goto(suite.stack.app(screen));
      // The screen's first reads answer (a visitor's own figures stay placeholders) before it is measured.
      await screenReady(page);
      const seen = await overflowing(page);
      if (seen.scrollWidth > seen.width || seen.out.length > 0) {
        problems.push(
          `${screen} at ${width}×${height} (${language}): scroll width ${seen.scrollWidth}; ${seen.out.join(", ")}`,
        );
      }
      if (width === 320) await screenshot(page, `layout-320-${language}${screen.replace("/", "-")}`);
    }
  }
  assert.deepEqual(problems, []);
});

/**
 * Where the popup holding `testId` sits: its frame (antd-mobile's centred wrap, or the sliding
 * popup's body) must lie inside the viewport, a centred one equally far from both sides, and
 * nothing inside it may stick out of the frame (unless a part of it scrolls or clips sideways).
 */
function misplaced(page: Page, testId: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const FRAME = ${JSON.stringify(FRAME)};
    const width = document.documentElement.clientWidth;
    const el = document.querySelector('[data-testid="${testId}"]');
    if (!el) return ["${testId}: not shown"];
    const frame = el.closest(FRAME) || el.querySelector(FRAME) || el;
    const box = frame.getBoundingClientRect();
    const problems = [];
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push("${testId}: frame " + Math.round(box.left) + " to " + Math.round(box.right) + " of " + width);
    }
    if (frame.classList.contains("adm-center-popup-wrap") && Math.abs(box.left - (width - box.right)) > 1) {
      problems.push("${testId}: off centre, " + Math.round(box.left) + " left and " + Math.round(width - box.right) + " right");
    }
    for (const inner of frame.querySelectorAll("*")) {
      const r = inner.getBoundingClientRect();
      if (r.width === 0 || (r.left >= box.left - 0.5 && r.right <= box.right + 0.5)) continue;
      let clipped = false;
      for (let e = inner.parentElement; e && e !== frame && !clipped; e = e.parentElement) {
        clipped = ["hidden", "auto", "scroll", "clip"].includes(getComputedStyle(e).overflowX);
      }
      if (clipped) continue;
      const name = inner.getAttribute("data-testid") || inner.tagName.toLowerCase() + "." + [...inner.classList].join(".");
      problems.push("${testId}: " + name + " spans " + Math.round(r.left) + " to " + Math.round(r.right) + " in a frame " + Math.round(box.left) + " to " + Math.round(box.right));
      if (problems.length > 5) break;
    }
    return problems;
  })()`);
}

/**
 * What of the popup holding `testId` a user cannot reach: its frame must lie inside the viewport
 * from top to bottom, and each of its controls, scrolled to (the frame scrolls when the screen is
 * short), must then lie inside the viewport.
 */
function unreachable(page: Page, testId: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const el = document.querySelector('[data-testid="${testId}"]');
    if (!el) return ["${testId}: not shown"];
    const frame = el.closest(${JSON.stringify(FRAME)}) || el.querySelector(${JSON.stringify(FRAME)}) || el;
    const height = document.documentElement.clientHeight;
    const box = frame.getBoundingClientRect();
    const problems = [];
    if (box.top < -0.5 || box.bottom > height + 0.5) {
      problems.push("${testId}: frame " + Math.round(box.top) + " to " + Math.round(box.bottom) + " of " + height + " high");
    }
    for (const control of frame.querySelectorAll("button, a[href], input, [role='button']")) {
      control.scrollIntoView({ block: "nearest" });
      const r = control.getBoundingClientRect();
      if (r.height === 0 || (r.top >= -0.5 && r.bottom <= height + 0.5)) continue;
      const name = control.getAttribute("data-testid") || control.tagName.toLowerCase() + "." + [...control.classList].join(".");
      problems.push("${testId}: " + name + " out of reach, " + Math.round(r.top) + " to " + Math.round(r.bottom) + " of " + height + " high");
    }
    return problems;
  })()`);
}

const SIZES = layoutSizes([
  [320, 568, "zh-cn"],
  [320, 568, "en-us"],
  [375, 812, "zh-cn"],
  [414, 896, "zh-cn"],
  [568, 320, "zh-cn"],
] as const);

test("the wallet menu is a dark sheet that reads (axe's contrast) and whose every control can be reached at 320×568, 375×812, 414×896 and a 568×320 landscape phone", async () => {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: role("carol") });
  const { page } = await suite.phone({ wallet });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  const problems: string[] = [];
  for (const [width, height, language] of SIZES) {
    await page.context().addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
    await page.setViewportSize({ width, height });
    await page.reload();
    await page.getByTestId("wallet-button").tap();
    await page.getByTestId("wallet-disconnect").waitFor();
    await popupAtRest(page, "wallet-menu");
    const size = `${width}×${height} (${language})`;
    const shown = "wallet-menu";
    for (const problem of await misplaced(page, shown)) problems.push(`${problem} at ${size}`);
    for (const problem of await unreachable(page, shown)) problems.push(`${problem} at ${size}`);
    problems.push(...describeViolations(size, await axeViolations(page)));
    await screenshot(page, `wallet-menu-${width}x${height}-${language}`);
  }
  assert.deepEqual(problems, []);
});

test("signed in, with an NFT, income and a stake in its redeem window: every screen and popup fits, popups sit centred and every popup's controls (the side menu's language picker among them) can be reached, at 320, 375 and 414 px and landscape", async () => {
  const account = devnetAccount(30);
  const stack = suite.stack;
  // A friend, for the team list's row and its community popup.
  const friend = devnetAccount(31);
  for (const who of [account, friend]) await stack.fundGas(who.address);
  // Into the stake's redeem window: Claim and Redeem both show, and the NFT has earned income.
  const id = await memberInRedeemWindow(stack, account, friend);

  const wallet = new TestWallet(stack.rpcUrl, { account });
  const { page, context } = await suite.phone({ wallet });
  await page.goto(stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);

  const details = `/contractDetails?pledgeIdsObj=${encodeURIComponent(JSON.stringify({ id: String(id) }))}`;
  const screens = ["/home", "/mine", "/pledge", "/share", "/incomeLog", "/backpack", details];
  /** Each popup: the screen it opens on, what opens it, and its test id once open. */
  const popups = [
    { screen: "/home", open: ["wallet-button"], shown: "wallet-menu" },
    { screen: "/home", open: ["wallet-button", "wallet-recent"], shown: "recent-empty" },
    { screen: "/home", open: ["tab-menu"], shown: "menu-popup" },
    { screen: "/mine", open: ["tier-1-buy"], shown: "buy-popup" },
    { screen: "/mine", open: ["collect-static-withdraw"], shown: "withdraw-confirm" },
    { screen: "/share", open: ["team-list", "friend-row"], shown: "community-popup" },
    { screen: details, open: ["detail-claim"], shown: "income-popup" },
    { screen: details, open: ["detail-redeem"], shown: "principal-popup" },
  ];
  const problems: string[] = [];
  for (const [width, height, language] of SIZES) {
    const size = `${width}×${height} (${language})`;
    await context.addCookies([{ name: "language", value: language, url: stack.origin }]);
    await page.setViewportSize({ width, height });
    await page.goto(stack.app("/home"));
    await page.reload();
    await page.getByTestId("wallet-address").waitFor();
    if (width !== 375) {
      for (const screen of screens) {
        await page.goto(stack.app(screen));
        await page.locator("[data-testid$='-page']").first().waitFor();
        await screenReady(page);
        const seen = await overflowing(page);
        if (seen.scrollWidth > seen.width || seen.out.length > 0) {
          problems.push(`${screen} at ${size}: scroll width ${seen.scrollWidth}; ${seen.out.join(", ")}`);
        }
      }
    }
    for (const { screen, open, shown } of popups) {
      await page.goto(stack.app(screen));
      for (const button of open) {
        const control = page.getByTestId(button).first();
        // The team list loads its first page once scrolled into view: it is scrolled to, not
        // tapped (a tap could land on a row that loads under the finger and open its popup).
        await (button === "team-list" ? control.scrollIntoViewIfNeeded() : control.tap()).catch(
          async (error: Error) => {
            await screenshot(page, `layout-failed-${button}`);
            throw new Error(`${button} on ${screen} at ${size}: ${error.message}`);
          },
        );
      }
      await page
        .locator(
          `[data-testid="${shown}"]:is(${FRAME}) , :is(${FRAME}) [data-testid="${shown}"], [data-testid="${shown}"] :is(${FRAME})`,
        )
        .first()
        .waitFor();
      // The popup's opening animation ends before it is measured: antd-mobile lets the popup take
      // taps (inline pointer-events no longer "none") only once its slide or fade has reached its end.
      await popupAtRest(page, shown, { timeout: 10_000 });
      for (const problem of await misplaced(page, shown)) problems.push(`${problem} at ${size}`);
      // Every popup fits the screen or scrolls within it: each of its controls can be reached.
      for (const problem of await unreachable(page, shown)) problems.push(`${problem} at ${size}`);
      if (width === 320) await screenshot(page, `layout-320-${language}-${shown}`);
      // Each popup opens on a freshly loaded screen.
      await page.goto("about:blank");
    }
  }
  assert.deepEqual(problems, []);
});

test("the wrong-network and bind popups sit centred, fit and have every control within reach at 320, 375 and 414 px and landscape, in Chinese and English", async () => {
  const stack = suite.stack;
  const [onOtherChain, unbound] = [devnetAccount(33), devnetAccount(32)];
  await stack.fundGas(unbound.address);
  const problems: string[] = [];
  for (const [account, chainId, route, shown] of [
    [onOtherChain, 56, "/home", "network-popup"],
    [unbound, undefined, `/home?address=${role("alice").address}`, "bind-popup"],
  ] as const) {
    for (const language of ["zh-cn", "en-us"]) {
      const { page, context } = await suite.phone({ wallet: new TestWallet(stack.rpcUrl, { account, chainId }) });
      await context.addCookies([{ name: "language", value: language, url: stack.origin }]);
      await page.goto(stack.app(route));
      await connectTestWallet(page, "wallet-connect");
      await page.getByTestId(shown).waitFor();
      for (const [width, height] of [
        [320, 568],
        [375, 812],
        [414, 896],
        [568, 320],
      ] as const) {
        await page.setViewportSize({ width, height });
        // The popup is laid out again for the new size, then measured.
        await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height] as const);
        await nextFrame(page);
        await popupAtRest(page, shown);
        for (const problem of await misplaced(page, shown))
          problems.push(`${problem} at ${width}×${height} (${language})`);
        for (const problem of await unreachable(page, shown))
          problems.push(`${problem} at ${width}×${height} (${language})`);
        if (width === 320) await screenshot(page, `layout-320-${language}-${shown}`);
      }
      await context.close();
    }
  }
  assert.deepEqual(problems, []);
});
