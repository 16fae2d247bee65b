import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { poolAbi, stakingAbi } from "@dwn/contracts";
import { formatAmount } from "../../web/src/lib/format";
import { screenStrings } from "../../web/src/i18n/screenStrings";
import { connectTestWallet, expectText, expectValue, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";
import { en, fill, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

// Polish a user notices (issue 22 item 12).

const screens = screenStrings["zh-cn"] ?? assert.fail("the screens' strings in Chinese");

const suite = e2eSuite({
  setUp: async () => {
    await suite.stack.waitIndexed();
  },
});

test("an announcement that does not exist says so instead of loading for ever", async () => {
  const { page } = await suite.phone();
  await page.goto(suite.stack.app("/announcement/999"));
  await expectText(page, "announcement-missing", zh.announcement.noSuchNotice);
  assert.equal(await page.getByTestId("page-loading").count(), 0);
  // An id that cannot be one says the same.
  await page.goto(suite.stack.app("/announcement/abc"));
  await expectText(page, "announcement-missing", zh.announcement.noSuchNotice);
});

test("a malformed /contractDetails id says why, as an unknown id does", async () => {
  const { page } = await suite.phone();
  for (const query of ["id=abc", "id=-3", `pledgeIdsObj=${encodeURIComponent("{not json")}`]) {
    await page.goto(suite.stack.app(`/contractDetails?${query}`));
    await expectText(page, "detail-bad-link", zh.contractDetails.badStakeLink);
    assert.equal(await page.getByTestId("no-data").count(), 0);
  }
  await page.goto(suite.stack.app("/contractDetails?id=999999"));
  await expectText(page, "detail-missing", zh.contractDetails.noSuchStake.replace("{{id}}", "999999"));
});

test("at 320 px in English an amount and its unit stay on one line", async () => {
  const alice = role("alice");
  const { page, context } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
  await context.addCookies([{ name: "language", value: "en-us", url: suite.stack.origin }]);
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, en.wallet.loginSuccess);
  await page.goto(suite.stack.app("/mine"));
  await page.getByTestId("mine-page").waitFor();
  for (const kind of ["static", "dynamic"]) {
    const id = `collect-${kind}-amount`;
    await page.waitForFunction((testId) => !document.querySelector(`[data-testid="${testId}"] [data-placeholder]`), id);
    // One line: the amount's box is not taller than one line of its text (two would be twice).
    const lines = await page
      .getByTestId(id)
      .evaluate((element) =>
        Math.round(element.getBoundingClientRect().height / (parseFloat(getComputedStyle(element).fontSize) * 1.6)),
      );
    assert.equal(lines, 1, `${id} reads on one line`);
    assert.match((await page.getByTestId(id).textContent()) ?? "", /^[\d,.]+ DWN$/);
  }
});

/** The route the page shows (its hash), without the query. */
const route = (page: Page) => new URL(page.url()).hash.replace(/^#/, "").split("?")[0];

test("Back closes an open wallet menu, side menu, buy popup or withdraw dialog first, and a popup closed by its button leaves no entry behind", async () => {
  const alice = role("alice");
  const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, zh.wallet.loginSuccess);
  await page.getByTestId("tab-bar").getByTestId("tab-ecosystem").tap();
  await page.getByTestId("ecosystem-page").waitFor();
  await page.goto(suite.stack.app("/mine"));
  await page.getByTestId("mine-page").waitFor();

  const popups = [
    { name: "wallet menu", open: "wallet-button", shown: "wallet-menu-close" },
    { name: "side menu", open: "tab-menu", shown: "language-en-us" },
    { name: "buy popup", open: "tier-1-buy", shown: "buy-confirm" },
    { name: "withdraw dialog", open: "collect-static-withdraw", shown: "withdraw-confirm" },
  ];
  for (const popup of popups) {
    await page.getByTestId(popup.open).first().tap();
    await page.getByTestId(popup.shown).waitFor();
    await page.goBack();
    await page.getByTestId(popup.shown).waitFor({ state: "hidden" });
    assert.equal(route(page), "/mine", `Back closed the ${popup.name} and stayed on the screen`);
  }
  // Closed by its own button, the wallet menu takes its history entry away: Back leaves the screen.
  await page.getByTestId("wallet-button").tap();
  await page.getByTestId("wallet-menu-close").tap();
  await page.getByTestId("wallet-menu-close").waitFor({ state: "hidden" });
  await page.goBack();
  await page.getByTestId("ecosystem-page").waitFor();
  assert.equal(route(page), "/ecosystem");
});

test("the units field says what it changed in typed text, and Max fills the most units the balances pay for", async () => {
  const alice = role("alice");
  const { stack } = suite;
  const { page } = await suite.phone({ wallet: new TestWallet(stack.rpcUrl, { account: alice }) });
  await page.goto(stack.app("/pledge"));
  await connectTestWallet(page, "pledge-connect");
  await toast(page, zh.wallet.loginSuccess);
  const field = page.getByTestId("pledge-units").locator("input");
  const note = page.getByTestId("pledge-units-note");
  for (const [typed, units] of [
    ["1e3", "13"],
    ["−3", "3"],
    ["2.5", "2"],
  ] as const) {
    await field.fill(typed);
    await expectText(page, "pledge-units-note", fill(screens.units.changed, { typed, units }));
    await field.blur();
    // "${typed}" is read as ${units}.
    await expectValue(field, units);
  }
  // Plain digits change nothing, and the note goes.
  await field.fill("4");
  await expectText(page, "pledge-units-note", "");
  assert.equal(await note.isVisible(), false);

  // Max: the smaller of what the DWN and the A8 balance each pay for, at the chain's unit prices.
  const { dwnAmount, a8Amount } = await stack.publicClient.readContract({
    address: stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeView",
  });
  const dwn = await stack.balanceOf(stack.contracts.dwn, alice.address);
  const a8 = await stack.balanceOf(stack.contracts.a8, alice.address);
  const most = dwn / dwnAmount < a8 / a8Amount ? dwn / dwnAmount : a8 / a8Amount;
  assert.ok(most >= 1n, "alice's balances pay for a unit");
  await page.waitForFunction(() => !document.querySelector('[data-testid="pledge-units-max"]:disabled'));
  await page.getByTestId("pledge-units-max").tap();
  await page.waitForFunction(
    (want) => document.querySelector<HTMLInputElement>("[data-testid='pledge-units'] input")?.value === want,
    most.toString(),
  );
  await expectText(page, "pledge-dwn-total", `${formatAmount(dwnAmount * most)} DWN`);
});

test("day counts are grouped, and the hashrate reads the same on home, /mine (beside the team's) and in the backpack", async () => {
  const alice = role("alice");
  const { stack } = suite;
  const { page } = await suite.phone({ wallet: new TestWallet(stack.rpcUrl, { account: alice }) });
  await page.goto(stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, zh.wallet.loginSuccess);

  const hashrate = await stack.publicClient.readContract({
    address: stack.contracts.pool,
    abi: poolAbi,
    functionName: "userHashrate",
    args: [alice.address],
  });
  const shown = formatAmount(hashrate);
  assert.ok(hashrate >= 1000n * 10n ** 18n, "alice's hashrate has thousands to group");
  await expectText(page, "home-hashrate", shown);
  await page.goto(stack.app("/mine"));
  await expectText(page, "mine-hashrate", shown);
  await page.getByTestId("mine-performance").waitFor();
  await page.goto(stack.app("/backpack"));
  const powers = page.getByTestId("nft-power");
  await powers.first().waitFor();
  assert.deepEqual(await powers.allTextContents(), [shown], "alice's one NFT holds all of her hashrate");

  // The reserve's runway: thousands of days, grouped as every other count is.
  await page.goto(stack.app("/pledge"));
  const runway = page.getByTestId("pledge-reserve-runway");
  await runway.waitFor();
  const days = ((await runway.textContent()) ?? "").trim();
  assert.match(days, /^\d{1,3}(,\d{3})+ 天$/, `the runway "${days}" is grouped`);
});

test("the visitor placeholder on the backpack, income log and share is one sentence and a Connect wallet button", async () => {
  const { page } = await suite.phone();
  for (const [route, what] of [
    ["/backpack", "nfts"],
    ["/incomeLog", "income"],
    ["/share", "team"],
  ] as const) {
    await page.goto(suite.stack.app(route));
    await expectText(page, "not-connected-text", screens.visitor[what]);
    await expectText(page, "not-connected-connect", zh.wallet.connect);
  }
});

test("at 320 px in English the two withdraw buttons have one height", async () => {
  const alice = role("alice");
  const { page, context } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
  await context.addCookies([{ name: "language", value: "en-us", url: suite.stack.origin }]);
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, en.wallet.loginSuccess);
  await page.goto(suite.stack.app("/mine"));
  for (const kind of ["static", "dynamic"])
    await page.waitForFunction(
      (testId) => !document.querySelector(`[data-testid="${testId}"] [data-placeholder]`),
      `collect-${kind}-amount`,
    );
  const heights = await Promise.all(
    ["static", "dynamic"].map(
      async (kind) => (await page.getByTestId(`collect-${kind}-withdraw`).boundingBox())?.height,
    ),
  );
  assert.equal(heights[0], heights[1], `the withdraw buttons' heights ${JSON.stringify(heights)}`);
  assert.ok((heights[0] ?? 0) >= 44);
});
