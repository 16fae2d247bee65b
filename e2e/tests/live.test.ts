import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { poolAbi } from "@dwn/contracts";
import { createWalletClient, http } from "viem";
import type { HDAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { formatCompact, shorten } from "../../web/src/lib/format";
import { formatMoney } from "../../web/src/lib/money";
import { connectTestWallet, expectText, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

/** A figure the indexer's block changes shows within this long of the indexer applying it. */
const UPDATE_MS = 3_000;

/** A member of its own, bound to alice, holding a tier 1 NFT (so direct push and generation income reach it). */
let member: HDAccount;
/** Not bound yet: binds the member, buys a tier and collects its static income during the test. */
let friend: HDAccount;

const suite = e2eSuite({
  setUp: async () => {
    const { stack } = suite;
    // Accounts past #19 of the devnet mnemonic, moved by this file's offset under the runner.
    member = devnetAccount(20);
    friend = devnetAccount(21);
    for (const account of [member, friend]) {
      await stack.fundGas(account.address);
      await stack.fundTokens(account);
    }
    await stack.bind(member, role("alice").address);
    await stack.buy(member, 1n);
    await stack.waitIndexed();
  },
});

/**
 * A phone where the member signs in on `route`; resolves once the page's live events stream has
 * opened (its response's headers are in), so that what follows is told to it.
 */
async function memberOn(route: string, button: string): Promise<Page> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: member });
  const { page } = await suite.phone({ wallet });
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200,
  );
  await page.goto(suite.stack.app(route));
  await connectTestWallet(page, button);
  await toast(page, zh.wallet.loginSuccess);
  await streamOpened;
  // Gone after a reload: the figures below must change in this very page.
  await page.evaluate(() => Object.assign(window, { __sameLoad: true }));
  return page;
}

/** The page is the one loaded at sign-in: nothing reloaded it. */
async function notReloaded(page: Page): Promise<void> {
  assert.equal(await page.evaluate(() => "__sameLoad" in window), true, "the page was reloaded");
}

/** The text of `selector` (trimmed), or null when it is not on the page. */
const textOf = (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.textContent?.trim() ?? null, selector);

/**
 * Waits until `selector` reads `expected`, at most until {@link UPDATE_MS} after `since` (when the
 * indexer had applied the block): no reload, no pull, no poll of today's intervals is that quick.
 */
async function showsWithin(page: Page, selector: string, expected: string, since: number): Promise<void> {
  const reached = await page
    .waitForFunction(([css, want]) => document.querySelector(css)?.textContent?.trim() === want, [selector, expected], {
      timeout: Math.max(1, since + UPDATE_MS - Date.now()),
      polling: 50,
    })
    .then(
      () => true,
      () => false,
    );
  if (!reached) {
    assert.equal(await textOf(page, selector), expected, `${selector}, ${UPDATE_MS} ms after the block was indexed`);
  }
}

const byTestId = (testId: string) => `[data-testid="${testId}"]`;

/** A cell of the friend's row, the only one in /share's team list. */
const friendRowCell = (testId: string) => `${byTestId("team-list")} ${byTestId("friend-row")} ${byTestId(testId)}`;

/** The member's dynamic income as /mine shows it, read from the chain. */
async function dynamicIncomeShown(): Promise<string> {
  const { stack } = suite;
  const dynamic = await stack.publicClient.readContract({
    address: stack.contracts.pool,
    abi: poolAbi,
    functionName: "userDynamicProfit",
    args: [member.address],
  });
  return `${formatMoney("income", dynamic)} DWN`;
}

/** Mines `send` and resolves with the time the indexer had applied it. */
async function indexed(send: Promise<unknown>): Promise<number> {
  await send;
  await suite.stack.waitIndexed();
  return Date.now();
}

test("the member's team on /share and figures on /mine follow a friend's bind, purchase and withdrawal by themselves", async () => {
  const { stack } = suite;
  const share = await memberOn("/share", "not-connected-connect");
  const mine = await memberOn("/mine", "collect-static-connect");
  await expectText(share, "team-friend-num", "0");
  await expectText(share, "team-community-num", "0");
  await share.getByTestId("team-list").getByTestId("no-data").waitFor();
  await expectText(mine, "mine-performance", formatCompact(0n));
  const dynamicBefore = await dynamicIncomeShown();
  await expectText(mine, "collect-dynamic-amount", dynamicBefore);

  // The friend binds the member: /share counts it and lists it.
  let since = await indexed(stack.bind(friend, member.address));
  await showsWithin(share, byTestId("team-friend-num"), "1", since);
  await showsWithin(share, byTestId("team-community-num"), "1", since);
  await showsWithin(share, friendRowCell("friend-address"), shorten(friend.address, 6), since);
  await showsWithin(share, friendRowCell("friend-performance"), formatCompact(0n), since);

  // It buys a tier 1 NFT: its hashrate joins the member's team, and its direct push the member's income.
  since = await indexed(stack.buy(friend, 1n));
  const hashrate = await stack.publicClient.readContract({
    address: stack.contracts.pool,
    abi: poolAbi,
    functionName: "userHashrate",
    args: [friend.address],
  });
  assert.ok(hashrate > 0n);
  const dynamicAfterBuy = await dynamicIncomeShown();
  assert.notEqual(dynamicAfterBuy, dynamicBefore, "the purchase paid the member a direct push");
  await showsWithin(share, friendRowCell("friend-performance"), formatCompact(hashrate), since);
  await showsWithin(mine, byTestId("mine-performance"), formatCompact(hashrate), since);
  await showsWithin(mine, byTestId("collect-dynamic-amount"), dynamicAfterBuy, since);

  // An hour of static income later it collects it: the member's generation share is credited.
  await stack.increaseTime(3_600);
  await stack.waitIndexed();
  const friendWallet = createWalletClient({ account: friend, chain: hardhat, transport: http(stack.rpcUrl) });
  since = await indexed(
    stack.mined(
      friendWallet.writeContract({ address: stack.contracts.pool, abi: poolAbi, functionName: "collectStaticProfit" }),
    ),
  );
  const dynamicAfterWithdrawal = await dynamicIncomeShown();
  assert.notEqual(dynamicAfterWithdrawal, dynamicAfterBuy, "the withdrawal paid the member its generation share");
  await showsWithin(mine, byTestId("collect-dynamic-amount"), dynamicAfterWithdrawal, since);

  await notReloaded(share);
  await notReloaded(mine);
});
