import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { stakingAbi, tokenAbi } from "@dwn/contracts";
import {
  decodeFunctionData,
  encodeFunctionData,
  isAddressEqual,
  maxUint256,
  parseGwei,
  type Address,
  type Hex,
} from "viem";
import type { HDAccount } from "viem/accounts";
import { formatAmount, shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectLocatorText, expectText, expectValue, screenshot, toast } from "../support/browser";
import { expectedNetworkFee, feeZh, shownNetworkFee } from "../support/network-fee";
import { axeViolations, describeViolations } from "../support/axe";
import { overflowing } from "../support/layout";
import { smallControls } from "../support/tap-targets";
import { nextFrame, screenReady } from "../support/ready";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { fill, zh } from "../support/strings";
import { redeemWindowStrings } from "../../web/src/features/shared/redeemWindowStrings";
import { TestWallet } from "../support/wallet";

/*
 * The staking page and the stake detail screen against the real suite.stack. Each test has devnet
 * accounts of its own (#60–#79). The chain's clock only moves forward here: a test that travels
 * through a cycle leaves the others' stakes further on, and every expectation is read from the
 * chain (or computed from what it reports) rather than assumed.
 */

const e18 = 10n ** 18n;
const DAY = 86_400n;
/** The renewal pause after each redeem window (Staking.RENEWAL_DELAY). */
const RENEWAL_DELAY = 3_600n;

let terms: { dwnAmount: bigint; a8Amount: bigint; cycle: bigint; gracePeriod: bigint };
let rates: { unstake: bigint; collect: bigint };

/** The explorer this file's stack names, so that claim rows link to it. */
const EXPLORER = "https://testnet.bscscan.com";

const suite = e2eSuite({
  timeout: 240_000,
  env: { EXPLORER_URL: EXPLORER },
  setUp: async () => {
    const read = <F extends "stakeView" | "unstakeFeeRate" | "collectFeeRate">(functionName: F) =>
      suite.stack.publicClient.readContract({ address: suite.stack.contracts.staking, abi: stakingAbi, functionName });
    terms = await read("stakeView");
    rates = { unstake: await read("unstakeFeeRate"), collect: await read("collectFeeRate") };
    // The tests' figures assume a real fee on both sides, as the devnet's terms have.
    assert.ok(rates.unstake > 0n && rates.collect > 0n);
  },
});

/** `YYYY-MM-DD hh:mm:ss` of unix seconds, in UTC (the phone's time zone). */
const utc = (seconds: bigint | number) => new Date(Number(seconds) * 1000).toISOString().replace("T", " ").slice(0, 19);

/** Home's and the details screen's redeem window strings, in Chinese (the app's default). */
const windowZh = redeemWindowStrings["zh-cn"]!;

const amount = (value: bigint, token: string) => fill(zh.pledge.tokenAmount, { amount: formatAmount(value), token });
/** What the user is about to receive: cut to 4 decimals, never rounded up. */
const cut = (value: bigint, token: string) =>
  fill(zh.pledge.tokenAmount, { amount: formatAmount(value, { cut: true }), token });
/** A day count as the app shows one: grouped in thousands ("11,574 天"). */
const days = (n: bigint | number) => fill(zh.common.days, { days: n.toLocaleString("en-US") });

/** Devnet account #`index`, with gas, bound under alice, holding `dwn` DWN and `a8` A8 (whole tokens). */
async function member(index: number, { dwn, a8 }: { dwn: bigint; a8: bigint }): Promise<HDAccount> {
  assert.ok(index >= 60 && index < 80, "this file's accounts are #60–#79");
  const account = devnetAccount(index);
  await suite.stack.fundGas(account.address);
  await suite.stack.bind(account, role("alice").address);
  if (dwn > 0n) await suite.stack.mint(suite.stack.contracts.dwn, account.address, dwn * e18);
  if (a8 > 0n) await suite.stack.mint(suite.stack.contracts.a8, account.address, a8 * e18);
  return account;
}

/** A phone whose wallet holds `account`, signed in from `route` with the connect button `button`. */
async function signedInOn(
  account: HDAccount,
  route: string,
  button: string,
): Promise<{ page: Page; wallet: TestWallet }> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account });
  const phone = await suite.phone({ wallet });
  const { page } = phone;
  await page.goto(suite.stack.app(route));
  await connectTestWallet(page, button);
  await toast(page, zh.wallet.loginSuccess);
  return { page, wallet };
}

/** The text of `locator`, trimmed. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}

/** The stake's card on the records sub-tab shown, once the list has it. */
async function recordCard(page: Page, id: bigint): Promise<Locator> {
  const card = page.locator(`[data-testid="stake-record"][data-id="${id}"]`);
  await card.waitFor();
  return card;
}

/** Opens the records tab's `status` sub-tab (after a reload: the list is read afresh). */
async function openRecords(page: Page, status: 0 | 1 | 2, { reload = false } = {}): Promise<void> {
  if (reload) await page.reload();
  await page.getByTestId("pledge-tab-records").tap();
  await page.getByTestId(`records-tab-${status}`).tap();
}

/** Waits until the records sub-tab shows no stake at all (the no-data box). */
async function expectNoRecords(page: Page): Promise<void> {
  await page.getByTestId("pledge-records").getByTestId("no-data").waitFor();
  assert.equal(await page.getByTestId("stake-record").count(), 0);
}

/** Scrolls an infinite list down, a page at a time, until it says there is no more. */
async function scrollToEnd(page: Page, testId: string): Promise<void> {
  const ended = () => page.getByTestId(`${testId}-no-more`).count();
  while ((await ended()) === 0) {
    const loaded = await page.getByTestId(`${testId}-row`).count();
    await page.getByTestId(testId).locator(".adm-infinite-scroll").scrollIntoViewIfNeeded();
    // The next page arrived, or the list ended.
    await page.waitForFunction(
      ([id, before]) =>
        document.querySelectorAll(`[data-testid="${id}-row"]`).length > before ||
        document.querySelector(`[data-testid="${id}-no-more"]`) !== null,
      [testId, loaded] as const,
    );
  }
  await expectText(page, `${testId}-no-more`, zh.common.noMore);
}

const stakeInfo = (id: bigint) =>
  suite.stack.publicClient.readContract({
    address: suite.stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeInfo",
    args: [id],
  });

const pendingOf = async (id: bigint) =>
  (
    await suite.stack.publicClient.readContract({
      address: suite.stack.contracts.staking,
      abi: stakingAbi,
      functionName: "getPendingRewards",
      args: [[id]],
    })
  )[0];

/** Moves the chain to `seconds` after `from` (a stake's start), mines a block there and waits for the indexer. */
async function travelTo(from: bigint, seconds: bigint): Promise<void> {
  const now = await suite.stack.chainTime();
  assert.ok(from + seconds > now, "the chain's clock only moves forward");
  await suite.stack.increaseTime(from + seconds - now);
  await suite.stack.waitIndexed();
}

/** Home's redeem window row of stake `id`. */
const windowRow = (page: Page, id: bigint) => page.locator(`[data-testid="redeem-window-row"][data-id="${id}"]`);

/**
 * On home (reloaded), the card says stake `id`'s window closes in the time the chain has left
 * until `closesAt` (whole minutes, cut, counted from the latest block), links to the stake, and
 * passes axe; the link opens the stake's details with its calendar button.
 */
async function expectWindowCard(page: Page, id: bigint, closesAt: bigint): Promise<void> {
  // Loaded afresh: the page's chain time moves with the device's clock, not with a time travel.
  await page.goto(suite.stack.app("/home"));
  await page.reload();
  const row = windowRow(page, id);
  await row.waitFor();
  assert.equal(await row.getAttribute("data-kind"), "open");
  const left = closesAt - (await suite.stack.chainTime());
  const shown = new RegExp(
    `^${fill(windowZh.closesIn, { id: id.toString(), time: fill(windowZh.hoursMinutes, { hours: "(\\d+)", minutes: "(\\d+)" }) })}$`,
  ).exec(await textOf(row.getByTestId("redeem-window-text")));
  assert.ok(shown, `the row reads "${await textOf(row)}"`);
  const seconds = BigInt(shown[1]) * 3_600n + BigInt(shown[2]) * 60n;
  // Counted from the latest block plus the time since the page read it: never more than is left,
  // and behind it by the test's own few seconds at most.
  assert.ok(seconds <= left && seconds > left - 300n, `${seconds} s shown of ${left} s left`);
  await screenReady(page);
  assert.deepEqual(describeViolations("home with the redeem window card", await axeViolations(page)), []);
  await screenshot(page, "home-redeem-window");
  // At 320 px and in landscape the card's rows fit and each stays a full-size tap target.
  for (const [width, height] of [
    [320, 568],
    [568, 320],
  ] as const) {
    await page.setViewportSize({ width, height });
    await nextFrame(page);
    assert.deepEqual((await overflowing(page)).out, [], `home at ${width}×${height}`);
    assert.deepEqual(await smallControls(page, '[data-testid="home-redeem-window"]'), [], `${width}×${height}`);
  }
  await page.setViewportSize({ width: 375, height: 812 });
  assert.equal(await row.getAttribute("href"), `#/contractDetails?id=${id}`);
  await row.tap();
  await expectText(page, "detail-id", `#${id}`);
  // Add to calendar saves a file made in the page: this window first, from its opening to its closing instant.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("detail-add-calendar").tap()]);
  assert.equal(download.suggestedFilename(), `stake-${id}-redeem-windows.ics`);
  const ics = readFileSync(await download.path(), "utf8");
  const { endTime } = await stakeInfo(id);
  const icsTime = (seconds: bigint) => utc(seconds).replace(/[-: ]/g, (c) => (c === " " ? "T" : "")) + "Z";
  assert.equal(ics.match(/^BEGIN:VEVENT$/gm)?.length, 3);
  assert.ok(ics.includes(`DTSTART:${icsTime(endTime)}\r\nDTEND:${icsTime(closesAt)}\r\n`), ics);
}

/** The access token the page signed in with. */
async function tokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem("token"));
  const token: unknown = JSON.parse(stored ?? "null");
  const value = typeof token === "object" && token !== null ? Reflect.get(token, "token") : undefined;
  assert.ok(typeof value === "string");
  return value;
}

/** The transactions the page had the wallet send, decoded: the contract and the function. */
function sentTransactions(wallet: TestWallet): { to: Address; gasPrice: bigint; name: string; args: unknown[] }[] {
  return wallet.callsOf("eth_sendTransaction").map((call) => {
    const tx = (call.params as { to: Address; data: Hex; gasPrice: Hex }[])[0];
    const abi = isAddressEqual(tx.to, suite.stack.contracts.staking) ? stakingAbi : tokenAbi;
    const { functionName, args = [] } = decodeFunctionData({ abi, data: tx.data });
    const lower = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value);
    return { to: tx.to, gasPrice: BigInt(tx.gasPrice), name: functionName, args: args.map(lower) };
  });
}

test("a visitor sees the unit price, no balances, the instructions, the reserve and connect buttons; a crafted detail link shows the chain's stake", async () => {
  const phone = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: devnetAccount(79) }) });
  const { page } = phone;
  await page.goto(suite.stack.app("/home"));
  await page.getByTestId("home-staking-link").tap();
  await page.getByTestId("pledge-page").waitFor();
  await expectText(page, "page-title", zh.pledge.title);
  await expectText(page, "pledge-tab-products", zh.pledge.products);
  await expectText(page, "pledge-tab-records", zh.pledge.myFinances);

  await expectText(page, "pledge-dwn-total", amount(terms.dwnAmount, "DWN"));
  await expectText(page, "pledge-a8-total", amount(terms.a8Amount, "A8"));
  // No wallet, no balance: a placeholder, not 0.
  await expectText(page, "pledge-dwn-balance", "--");
  await expectText(page, "pledge-a8-balance", "--");
  await expectText(page, "pledge-cycle", days(terms.cycle));
  // The grace period is seconds, shown in hours (the devnet's 86400 s: 24 hours).
  assert.equal(terms.gracePeriod % 3_600n, 0n);
  await expectText(
    page,
    "pledge-instructions",
    fill(zh.pledge.instructionsText, { cycle: String(terms.cycle), gracePeriod: String(terms.gracePeriod / 3_600n) }),
  );
  await expectText(page, "pledge-connect", zh.wallet.connect);
  assert.equal(await page.getByTestId("pledge-stake").count(), 0);

  // Transparency: the UDBK the staking contract holds, and the days it lasts at the current
  // emission, summed here from every stake the contract reports inside a cycle.
  const reserve = await suite.stack.balanceOf(suite.stack.contracts.udbk, suite.stack.contracts.staking);
  const count = await suite.stack.publicClient.readContract({
    address: suite.stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeCount",
  });
  let emission = 0n;
  for (let id = 1n; id <= count; id++) {
    const info = await stakeInfo(id);
    if (info.status === 0n) emission += info.hashrate * info.rewardPerUnitPerSecond;
  }
  assert.ok(emission > 0n, "the seed's stakes are in their first cycle");
  await expectText(page, "pledge-reserve-amount", amount(reserve, "UDBK"));
  await expectText(page, "pledge-reserve-emission", amount(emission * DAY, "UDBK"));
  await expectText(page, "pledge-reserve-runway", days(reserve / (emission * DAY)));
  await screenshot(page, "pledge-visitor");

  // The stepper: + adds a unit and the totals follow; typing keeps digits (spec §5); an emptied
  // field falls back to 1 when it loses focus; − never goes below 1.
  const input = page.getByTestId("pledge-units").locator("input");
  await expectValue(input, "1");
  await page.getByTestId("pledge-units").locator(".adm-stepper-plus").tap();
  await expectText(page, "pledge-dwn-total", amount(2n * terms.dwnAmount, "DWN"));
  await expectText(page, "pledge-a8-total", amount(2n * terms.a8Amount, "A8"));
  // Digits only, the first point kept with no digit after it (0 decimals): "1.5" is 1 unit, not 15.
  await input.fill("");
  await input.pressSequentially("1.5");
  await expectValue(input, "1.");
  await expectText(page, "pledge-dwn-total", amount(terms.dwnAmount, "DWN"));
  await input.blur();
  await expectValue(input, "1");
  await input.fill("");
  await input.pressSequentially("1a2.5");
  await expectValue(input, "12.");
  await expectText(page, "pledge-dwn-total", amount(12n * terms.dwnAmount, "DWN"));
  await input.fill("007");
  await input.blur();
  await expectValue(input, "7");
  await expectText(page, "pledge-a8-total", amount(7n * terms.a8Amount, "A8"));
  await input.fill("");
  await input.blur();
  await expectValue(input, "1");
  await expectText(page, "pledge-dwn-total", amount(terms.dwnAmount, "DWN"));
  assert.equal(await page.getByTestId("pledge-units").locator(".adm-stepper-minus").isDisabled(), true);

  // The tabs are kept in local storage and come back after a reload.
  await page.getByTestId("pledge-tab-records").tap();
  await page.getByTestId("not-connected").waitFor();
  assert.equal(await page.getByTestId("not-connected").evaluate((box) => getComputedStyle(box).minHeight), "350px");
  await page.getByTestId("records-tab-2").tap();
  const stored = () =>
    page.evaluate(() => [localStorage.getItem("pledgeCurrentTab"), localStorage.getItem("pledgeRecordsActive")]);
  assert.deepEqual(await stored(), ["1", "2"]);
  await page.reload();
  await page.getByTestId("not-connected").waitFor();
  await page.locator("[role=tab][aria-selected=true] [data-testid=records-tab-2]").waitFor();
  await page.getByTestId("pledge-tab-products").tap();
  assert.deepEqual(await stored(), ["0", "2"]);

  // A crafted link to the seeded stake #1: the screen takes only the id from it. Every figure is
  // the chain's, the owner is named, and nothing offers to act on someone else's stake.
  const crafted = {
    id: "1",
    status: 1,
    pay_dwn: (999_000n * e18).toString(),
    pay_a8: "0",
    units: "9990",
    days: 1,
    start_timestamp: 1_767_225_600,
    end_timestamp: 1_769_817_600,
    redeemed: false,
    udbk_num: (5_000n * e18).toString(),
  };
  const chain = await stakeInfo(1n);
  await page.goto(suite.stack.app(`/contractDetails?pledgeIdsObj=${encodeURIComponent(JSON.stringify(crafted))}`));
  await expectText(page, "page-title", zh.contractDetails.title);
  await expectText(page, "detail-id", "#1");
  await expectText(page, "detail-pay-dwn", amount(chain.dwnAmount, "DWN"));
  await expectText(page, "detail-days", days(chain.durationPerCycle / DAY));
  await expectText(page, "detail-start", utc(chain.startTime));
  await expectText(page, "detail-owner", fill(zh.contractDetails.othersStake, { owner: shorten(chain.user, 6) }));
  const status = Number(chain.status) as 0 | 1 | 2;
  await expectText(page, "stake-status", zh.stakeStatus.badge[status]);
  const body = (await page.locator("body").textContent()) ?? "";
  assert.ok(!body.includes("999,000") && !body.includes("999000"), "nothing of the link's figures is shown");
  assert.equal(await page.getByTestId("detail-claim").count(), 0);
  assert.equal(await page.getByTestId("detail-redeem").count(), 0);
  await screenshot(page, "contract-details-visitor");
  // An id the chain does not know says so.
  await page.goto(suite.stack.app(`/contractDetails?pledgeIdsObj=${encodeURIComponent('{"id":"999999"}')}`));
  await expectText(page, "detail-missing", fill(zh.contractDetails.noSuchStake, { id: "999999" }));
});

test("staking approves DWN and A8 once, stakes, and the chain and the records hold the stake", async () => {
  const account = await member(60, { dwn: 1_000n, a8: 1_000n });
  const { page, wallet } = await signedInOn(account, "/pledge", "pledge-connect");
  await expectText(page, "pledge-dwn-balance", amount(1_000n * e18, "DWN"));
  await expectText(page, "pledge-a8-balance", amount(1_000n * e18, "A8"));

  await page.getByTestId("pledge-units").locator(".adm-stepper-plus").tap();
  await expectText(page, "pledge-dwn-total", amount(2n * terms.dwnAmount, "DWN"));
  // The network fee of what Stake sends: the two approvals estimated on the devnet at 3 gwei;
  // the stake's own is said to come after them (it cannot be estimated before).
  const { dwn, a8, staking } = suite.stack.contracts;
  const approveData = encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [staking, maxUint256] });
  const fee = await shownNetworkFee(page);
  assert.equal(
    fee.text,
    await expectedNetworkFee(suite.stack.publicClient, account.address, [
      { to: dwn, data: approveData },
      { to: a8, data: approveData },
    ]),
  );
  assert.equal(fee.note, fill(feeZh.stakeLater_other, { count: "2" }));
  await page.getByTestId("pledge-stake").tap();
  await toast(page, zh.pledge.processing);
  await toast(page, zh.messages.pledgeSuccessful);

  // Approve DWN, approve A8 (each for 2^256 − 1, to the staking contract), then stake(2) held to
  // every term shown (both totals, the cycle, today's reward rate, both fee rates, the redeem
  // window), at 3 gwei.
  const read = (functionName: "rewardPerUnitPerSecond" | "unstakeFeeRate" | "collectFeeRate") =>
    suite.stack.publicClient.readContract({ address: suite.stack.contracts.staking, abi: stakingAbi, functionName });
  const [rewardRate, unstakeFee, collectFee] = [
    await read("rewardPerUnitPerSecond"),
    await read("unstakeFeeRate"),
    await read("collectFeeRate"),
  ];
  const sent = sentTransactions(wallet);
  assert.deepEqual(
    sent.map(({ to, name, args }) => [to.toLowerCase(), name, args]),
    [
      [suite.stack.contracts.dwn.toLowerCase(), "approve", [suite.stack.contracts.staking.toLowerCase(), maxUint256]],
      [suite.stack.contracts.a8.toLowerCase(), "approve", [suite.stack.contracts.staking.toLowerCase(), maxUint256]],
      [
        suite.stack.contracts.staking.toLowerCase(),
        "stake",
        [
          2n,
          2n * terms.dwnAmount,
          2n * terms.a8Amount,
          terms.cycle,
          rewardRate,
          unstakeFee,
          collectFee,
          terms.gracePeriod,
        ],
      ],
    ],
  );
  for (const tx of sent) assert.equal(tx.gasPrice, parseGwei("3"));

  // The chain holds the stake; the principal left the balance and the screen shows the new one.
  const ids = await suite.stack.publicClient.readContract({
    address: suite.stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeIdsOf",
    args: [account.address, 0n, 10n],
  });
  assert.equal(ids.length, 1);
  const [id] = ids;
  const info = await stakeInfo(id);
  assert.equal(info.hashrate, 2n);
  assert.equal(info.dwnAmount, 2n * terms.dwnAmount);
  assert.ok(isAddressEqual(info.user, account.address));
  assert.equal(
    await suite.stack.balanceOf(suite.stack.contracts.dwn, account.address),
    1_000n * e18 - 2n * terms.dwnAmount,
  );
  assert.equal(
    await suite.stack.balanceOf(suite.stack.contracts.a8, account.address),
    1_000n * e18 - 2n * terms.a8Amount,
  );
  await expectText(page, "pledge-dwn-balance", amount(1_000n * e18 - 2n * terms.dwnAmount, "DWN"));
  await expectText(page, "pledge-a8-balance", amount(1_000n * e18 - 2n * terms.a8Amount, "A8"));
  await screenshot(page, "pledge-staked");

  // The API lists it once the indexer has the block.
  await suite.stack.waitIndexed();
  const listed = await suite.stack.call(
    "stake/getStakeList",
    { page: "1", rows: "999", status: "0" },
    await tokenOf(page),
  );
  assert.deepEqual(
    listed.map((r) => [r.id, r.status, r.pay_dwn, r.units, r.days, r.start_timestamp]),
    [[id.toString(), 0, (2n * terms.dwnAmount).toString(), "2", Number(terms.cycle), Number(info.startTime)]],
  );

  // The records tab shows it on the "in progress" sub-tab.
  await openRecords(page, 0);
  const card = await recordCard(page, id);
  assert.equal(await textOf(card.getByTestId("stake-id")), `#${id}`);
  assert.equal(await textOf(card.getByTestId("stake-status")), zh.stakeStatus.badge[0]);
  assert.equal(await textOf(card.getByTestId("stake-pay-dwn")), amount(2n * terms.dwnAmount, "DWN"));
  assert.equal(await textOf(card.getByTestId("stake-days")), days(terms.cycle));
  assert.equal(await textOf(card.getByTestId("stake-start")), utc(info.startTime));
  // The pending reward is the chain's: a placeholder until its read answers, then an amount.
  const udbk = card.getByTestId("stake-udbk");
  await udbk.filter({ hasText: / UDBK$/ }).waitFor();
  assert.match(await textOf(udbk), / UDBK$/);
  await screenshot(page, "pledge-records");

  // A second stake needs no approval: the allowances already cover it.
  await page.getByTestId("pledge-tab-products").tap();
  // Its network fee is the stake's own, estimated now: no step is left for after approval (the
  // estimate of before the approvals is asked again, as every read is after a receipt).
  await page.getByTestId("network-fee-later").waitFor({ state: "detached" });
  assert.equal((await shownNetworkFee(page)).note, "");
  await page.getByTestId("pledge-stake").tap();
  await toast(page, zh.pledge.processing);
  await toast(page, zh.messages.pledgeSuccessful);
  assert.deepEqual(
    sentTransactions(wallet)
      .slice(3)
      .map((tx) => tx.name),
    ["stake"],
  );
});

test("a stake the balances cannot cover stops with Insufficient DWN!, then Insufficient A8!", async () => {
  // 150 DWN covers one unit (100) but not two; 40 A8 covers none (50 a unit).
  const account = await member(61, { dwn: 150n, a8: 40n });
  const { page, wallet } = await signedInOn(account, "/pledge", "pledge-connect");
  await expectText(page, "pledge-dwn-balance", amount(150n * e18, "DWN"));
  await expectText(page, "pledge-a8-balance", amount(40n * e18, "A8"));

  await page.getByTestId("pledge-units").locator(".adm-stepper-plus").tap();
  await expectText(page, "pledge-dwn-total", amount(2n * terms.dwnAmount, "DWN"));
  await page.getByTestId("pledge-stake").tap();
  await toast(page, zh.messages.insufficientDwn);

  await page.getByTestId("pledge-units").locator(".adm-stepper-minus").tap();
  await expectText(page, "pledge-dwn-total", amount(terms.dwnAmount, "DWN"));
  await page.getByTestId("pledge-stake").tap();
  await toast(page, zh.messages.insufficientA8);
  await screenshot(page, "pledge-insufficient");

  assert.deepEqual(wallet.callsOf("eth_sendTransaction"), [], "nothing was sent");
  assert.equal(await suite.stack.balanceOf(suite.stack.contracts.dwn, account.address), 150n * e18);
});

test("through a cycle the stake moves from in progress to waiting for renewal, and renews itself", async () => {
  const account = await member(62, { dwn: 100n, a8: 50n });
  const id = await suite.stack.stake(account, 1n);
  const { startTime } = await stakeInfo(id);
  const duration = terms.cycle * DAY;
  await suite.stack.waitIndexed();

  const { page } = await signedInOn(account, "/pledge", "pledge-connect");
  await openRecords(page, 0);
  assert.equal(await textOf((await recordCard(page, id)).getByTestId("stake-status")), zh.stakeStatus.badge[0]);
  await page.getByTestId("records-tab-1").tap();
  await expectNoRecords(page);

  // Home has no redeem window card while the window is more than a day away.
  await page.goto(suite.stack.app("/home"));
  await page.getByTestId("home-redeem-window-none").waitFor({ state: "attached" });
  assert.equal(await page.getByTestId("home-redeem-window").count(), 0);

  // 20 hours before the window opens, home announces it: at what time (the phone's zone is UTC), today or tomorrow.
  await travelTo(startTime, duration - 20n * 3_600n);
  await page.reload();
  const opensAt = startTime + duration;
  const chainDay = utc(await suite.stack.chainTime()).slice(0, 10);
  const opens = fill(chainDay === utc(opensAt).slice(0, 10) ? windowZh.opensToday : windowZh.opensTomorrow, {
    id: id.toString(),
    time: utc(opensAt).slice(11, 16),
  });
  await expectLocatorText(windowRow(page, id).getByTestId("redeem-window-text"), opens);

  // The cycle ends: the redeem window is open, the stake waits for renewal.
  await travelTo(startTime, duration);
  await expectWindowCard(page, id, (await stakeInfo(id)).unstakeGraceTimestamp);
  await page.goto(suite.stack.app("/pledge"));
  await openRecords(page, 1, { reload: true });
  const waiting = await recordCard(page, id);
  assert.equal(await textOf(waiting.getByTestId("stake-status")), zh.stakeStatus.badge[1]);
  assert.equal(await waiting.getByTestId("stake-status").getAttribute("data-status"), "1");
  // A whole cycle of reward is waiting: one unit × the rate × the cycle's seconds.
  const pending = await pendingOf(id);
  assert.equal(pending, (await stakeInfo(id)).rewardPerUnitPerSecond * duration);
  await expectLocatorText(waiting.getByTestId("stake-udbk"), cut(pending, "UDBK"));
  await screenshot(page, "pledge-waiting-for-renewal");
  await page.getByTestId("records-tab-0").tap();
  await expectNoRecords(page);

  // An hour after the window the next cycle has started by itself.
  await travelTo(startTime, duration + terms.gracePeriod + RENEWAL_DELAY);
  await openRecords(page, 0, { reload: true });
  const renewed = await recordCard(page, id);
  assert.equal(await textOf(renewed.getByTestId("stake-status")), zh.stakeStatus.badge[0]);
  const info = await stakeInfo(id);
  assert.equal(info.cycleIndex, 1n);
  assert.equal(info.status, 0n);
  await page.getByTestId("records-tab-1").tap();
  await expectNoRecords(page);
});

test("claim then redeem in one visit: the popups' fees are the contract's, the balances receive the receivable, and the screen stays on the stake after the claim", async () => {
  const account = await member(63, { dwn: 200n, a8: 100n });
  const id = await suite.stack.stake(account, 2n);
  const { startTime } = await stakeInfo(id);
  const principal = 2n * terms.dwnAmount;
  // Inside the redeem window nothing accrues, so the pending reward holds still while the popup is open.
  await travelTo(startTime, terms.cycle * DAY + 60n);
  const pending = await pendingOf(id);
  assert.ok(pending > 0n);

  const { page } = await signedInOn(account, "/pledge", "pledge-connect");
  await openRecords(page, 1);
  const card = await recordCard(page, id);
  await expectLocatorText(card.getByTestId("stake-udbk"), cut(pending, "UDBK"));
  await card.getByTestId("stake-details").tap();

  // The detail card: the total reward so far (the API's) and the claimable reward (the chain's).
  await page.getByTestId("contract-details-page").waitFor();
  await expectText(page, "detail-id", `#${id}`);
  await expectText(page, "stake-status", zh.stakeStatus.badge[1]);
  await expectText(page, "detail-pay-dwn", amount(principal, "DWN"));
  await expectText(page, "detail-days", days(terms.cycle));
  await expectText(page, "detail-total-reward", cut(pending, "UDBK"));
  await expectText(page, "detail-claimable", cut(pending, "UDBK"));
  await expectText(page, "detail-start", utc(startTime));
  // One reward row per day of the cycle, 10 a page, newest first, "+" amounts.
  const rows = page.getByTestId("reward-list-row");
  await rows.nth(9).waitFor();
  const perDay = (await stakeInfo(id)).rewardPerUnitPerSecond * 2n * DAY;
  assert.equal(await textOf(rows.first().getByTestId("reward-amount")), `+${formatAmount(perDay, { cut: true })} UDBK`);
  assert.equal(await textOf(rows.first().getByTestId("reward-label")), zh.contractDetails.rewardRecord);
  assert.equal(await textOf(rows.first().getByTestId("reward-time")), utc(startTime + terms.cycle * DAY));
  await scrollToEnd(page, "reward-list");
  assert.equal(await rows.count(), Number(terms.cycle));
  await expectText(page, "detail-claim", zh.contractDetails.claimReward);
  await expectText(page, "detail-redeem", zh.contractDetails.redeemPrincipal);
  await screenshot(page, "contract-details");

  // Claim: UDBK, the pending amount, the collect fee rate, fee = amount × rate / 10000 rounded down.
  const claimFee = (pending * rates.collect) / 10_000n;
  const income = page.getByTestId("income-popup");
  await page.getByTestId("detail-claim").tap();
  await income.waitFor();
  assert.equal(await textOf(income.getByTestId("popup-token")), "UDBK");
  assert.equal(await textOf(income.getByTestId("popup-amount")), cut(pending, "UDBK"));
  assert.equal(
    await textOf(income.getByTestId("popup-fee-rate")),
    fill(zh.contractDetails.feeRateValue, { rate: formatAmount(rates.collect, { decimals: 2, places: 2 }) }),
  );
  assert.equal(await textOf(income.getByTestId("popup-fee")), amount(claimFee, "UDBK"));
  assert.equal(await textOf(income.getByTestId("popup-receivable")), cut(pending - claimFee, "UDBK"));
  const shownReceivable = BigInt((await income.getByTestId("popup-receivable").getAttribute("data-value")) ?? "-1");
  // The network fee is the collect the confirm sends, estimated from the account at 3 gwei.
  const collectData = encodeFunctionData({ abi: stakingAbi, functionName: "collect", args: [id] });
  assert.equal(
    (await shownNetworkFee(income)).text,
    await expectedNetworkFee(suite.stack.publicClient, account.address, [
      { to: suite.stack.contracts.staking, data: collectData },
    ]),
  );
  await screenshot(page, "income-popup");
  const udbkBefore = await suite.stack.balanceOf(suite.stack.contracts.udbk, account.address);
  const feesBefore = await suite.stack.balanceOf(suite.stack.contracts.udbk, role("feeRecipient").address);
  await income.getByTestId("popup-confirm").tap();
  // The toast names what the receipt's event paid, net of the fee.
  await toast(page, `${zh.messages.collectionSuccessful} · +${cut(pending - claimFee, "UDBK")}`);
  await income.waitFor({ state: "hidden" });
  // What arrived is exactly what the popup said; the fee went to the fee recipient.
  assert.equal(
    (await suite.stack.balanceOf(suite.stack.contracts.udbk, account.address)) - udbkBefore,
    shownReceivable,
  );
  assert.equal(shownReceivable, pending - claimFee);
  assert.equal(
    (await suite.stack.balanceOf(suite.stack.contracts.udbk, role("feeRecipient").address)) - feesBefore,
    claimFee,
  );
  // After a claim the screen stays on the stake (claim then redeem is one visit, issue 22 item 9):
  // nothing left to claim, the claim in the records, and Redeem still offered while the window is
  // open. Past the 2 s after which a redeem goes back, it is still here.
  await suite.stack.waitIndexed();
  await expectText(page, "detail-claimable", amount(0n, "UDBK"));
  await expectText(page, "detail-redeem", zh.contractDetails.redeemPrincipal);
  // Spec §9's delay before a redeem goes back (AFTER_ACTION_DELAY_MS), and a second more.
  await page.waitForTimeout(2_000 + 1_000);
  assert.equal(await page.getByTestId("pledge-records").count(), 0);
  await page.getByTestId("contract-details-page").waitFor();
  await expectText(page, "detail-total-reward", cut(pending, "UDBK"));
  // The list shows the rows it had until its refetch answers, then the claim on top.
  await rows.first().locator('[data-kind="claim"]').waitFor();
  assert.equal(await textOf(rows.first().getByTestId("reward-label")), zh.contractDetails.claimRecord);
  // The claim row shows what the user received and the fee beside it, as the popup did.
  assert.equal(await textOf(rows.first().getByTestId("reward-amount")), cut(pending - claimFee, "UDBK"));
  assert.equal(
    await textOf(rows.first().getByTestId("reward-fee")),
    `${zh.contractDetails.fee} ${amount(claimFee, "UDBK")}`,
  );
  assert.equal(await rows.first().locator("[data-kind]").getAttribute("data-kind"), "claim");
  // The claim row links to its transaction on the explorer; the daily rows are not transactions.
  const claimHash = (
    await suite.stack.publicClient.getContractEvents({
      address: suite.stack.contracts.staking,
      abi: stakingAbi,
      eventName: "RewardCollected",
      args: { id },
      fromBlock: 0n,
    })
  ).at(-1)?.transactionHash;
  assert.equal(await rows.first().getByTestId("explorer-link").getAttribute("href"), `${EXPLORER}/tx/${claimHash}`);
  assert.equal(await rows.nth(1).getByTestId("explorer-link").count(), 0);
  assert.equal(await page.getByTestId("detail-claim").count(), 0);
  assert.ok(new URL(page.url()).hash.startsWith("#/contractDetails"), page.url());

  // Redeem: DWN, the principal, the unstake fee rate, and the same formula.
  const redeemFee = (principal * rates.unstake) / 10_000n;
  const popup = page.getByTestId("principal-popup");
  await page.getByTestId("detail-redeem").tap();
  await popup.waitFor();
  assert.equal(await textOf(popup.getByTestId("popup-token")), "DWN");
  assert.equal(await textOf(popup.getByTestId("popup-amount")), cut(principal, "DWN"));
  assert.equal(
    await textOf(popup.getByTestId("popup-fee-rate")),
    fill(zh.contractDetails.feeRateValue, { rate: formatAmount(rates.unstake, { decimals: 2, places: 2 }) }),
  );
  assert.equal(await textOf(popup.getByTestId("popup-fee")), amount(redeemFee, "DWN"));
  assert.equal(await textOf(popup.getByTestId("popup-receivable")), cut(principal - redeemFee, "DWN"));
  const shownPrincipal = BigInt((await popup.getByTestId("popup-receivable").getAttribute("data-value")) ?? "-1");
  const redeemData = encodeFunctionData({ abi: stakingAbi, functionName: "redeem", args: [id] });
  assert.equal(
    (await shownNetworkFee(popup)).text,
    await expectedNetworkFee(suite.stack.publicClient, account.address, [
      { to: suite.stack.contracts.staking, data: redeemData },
    ]),
  );
  await screenshot(page, "principal-popup");
  const dwnBefore = await suite.stack.balanceOf(suite.stack.contracts.dwn, account.address);
  await popup.getByTestId("popup-confirm").tap();
  await toast(page, `${zh.messages.redeemSuccessful} · +${cut(principal - redeemFee, "DWN")}`);
  assert.equal((await suite.stack.balanceOf(suite.stack.contracts.dwn, account.address)) - dwnBefore, shownPrincipal);
  assert.equal(shownPrincipal, principal - redeemFee);
  assert.equal((await stakeInfo(id)).redeemed, true);
  await page.getByTestId("pledge-records").waitFor();

  // Once indexed, the stake has ended.
  await suite.stack.waitIndexed();
  await openRecords(page, 2, { reload: true });
  assert.equal(await textOf((await recordCard(page, id)).getByTestId("stake-status")), zh.stakeStatus.badge[2]);
});

test("outside the redeem window there is no redeem button, and a redeem sent late gets the contract's sentence", async () => {
  const account = await member(64, { dwn: 100n, a8: 50n });
  const id = await suite.stack.stake(account, 1n);
  const { startTime } = await stakeInfo(id);
  const duration = terms.cycle * DAY;
  const period = duration + terms.gracePeriod + RENEWAL_DELAY;
  await travelTo(startTime, DAY);

  // In the cycle: reward to claim, but no redeeming.
  const { page, wallet } = await signedInOn(account, "/pledge", "pledge-connect");
  await openRecords(page, 0);
  await (await recordCard(page, id)).getByTestId("stake-details").tap();
  await expectText(page, "detail-claim", zh.contractDetails.claimReward);
  await page.getByTestId("reward-list-row").first().waitFor();
  assert.equal(await page.getByTestId("detail-redeem").count(), 0);
  await screenshot(page, "contract-details-in-cycle");

  // In the window the button appears; the user opens the popup and waits past the window.
  await travelTo(startTime, duration + 60n);
  await page.reload();
  await page.getByTestId("detail-redeem").tap();
  const popup = page.getByTestId("principal-popup");
  await popup.waitFor();
  await travelTo(startTime, duration + terms.gracePeriod + 60n);
  const sentBefore = wallet.callsOf("eth_sendTransaction").length;
  await popup.getByTestId("popup-confirm").tap();
  // The contract refuses before anything is signed, and says when the next window is open.
  const opensAt = startTime + period + duration;
  await toast(
    page,
    fill(zh.contractErrors.StakingRedeemWindowClosed, {
      opensAt: utc(opensAt),
      closesAt: utc(opensAt + terms.gracePeriod),
    }),
  );
  await expectText(
    page,
    "tx-status-reason",
    fill(zh.contractErrors.StakingRedeemWindowClosed, {
      opensAt: utc(opensAt),
      closesAt: utc(opensAt + terms.gracePeriod),
    }),
  );
  assert.equal(wallet.callsOf("eth_sendTransaction").length, sentBefore, "nothing was sent");
  assert.equal((await stakeInfo(id)).redeemed, false);
  await screenshot(page, "redeem-window-closed");
  // And the screen no longer offers it.
  await page.reload();
  await expectText(page, "detail-claim", zh.contractDetails.claimReward);
  assert.equal(await page.getByTestId("detail-redeem").count(), 0);
});

/** A finger on the screen drags `distance` px down from near its top and lets go (Chromium's touch input). */
async function pullDown(page: Page, distance: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const x = 160;
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", y?: number) =>
    session.send("Input.dispatchTouchEvent", { type, touchPoints: y === undefined ? [] : [{ x, y }] });
  await touch("touchStart", 150);
  for (let moved = 10; moved <= distance; moved += 10) {
    await touch("touchMove", 150 + moved);
    // One move a frame, as a finger's.
    await nextFrame(page);
  }
  await touch("touchEnd");
  await session.detach();
}

test("pulling the screen down reads it again: tokens received meanwhile show without a reload", async () => {
  const account = await member(65, { dwn: 100n, a8: 50n });
  const { page } = await signedInOn(account, "/pledge", "pledge-connect");
  await expectText(page, "pledge-dwn-balance", amount(100n * e18, "DWN"));
  await suite.stack.mint(suite.stack.contracts.dwn, account.address, 25n * e18);
  // A pull refreshes only from the top of the screen, as a finger scrolling up would get there.
  await page.evaluate("window.scrollTo(0, 0)");
  // A short pull is not enough and reads nothing: the indicator springs back at once (after a
  // pull far enough it stays until the screen's reads have answered).
  await pullDown(page, 40);
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>(".adm-pull-to-refresh-head")?.style.height === "0px",
  );
  await expectText(page, "pledge-dwn-balance", amount(100n * e18, "DWN"));

  await pullDown(page, 300);
  await expectText(page, "pledge-dwn-balance", amount(125n * e18, "DWN"));
  await screenshot(page, "pledge-after-pull");
});

/** When the page's load ended, and when the pull gesture's chunk was asked for (page milliseconds). */
async function pullChunkTiming(page: Page): Promise<{ loadEnd: number; asked: number | undefined }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const chunk = performance.getEntriesByType("resource").find((entry) => /\/ScreenPull-[^/]*\.js$/.test(entry.name));
    return { loadEnd: navigation.loadEventEnd, asked: chunk?.startTime };
  });
}

test("the pull gesture's code waits for a first touch or five idle seconds, and its arrival does not mount the screen again", async () => {
  // Left alone: nothing until five seconds after the page's load; then the same screen, now pullable.
  const { page } = await suite.phone();
  await page.goto(suite.stack.app("/pledge"));
  await page.getByTestId("pledge-page").waitFor();
  assert.equal(await page.locator(".adm-pull-to-refresh").count(), 0);
  await page.evaluate(() => {
    const screen = document.querySelector<HTMLElement>('[data-testid="pledge-page"]');
    if (screen) screen.dataset.first = "yes";
  });
  await page.locator(".adm-pull-to-refresh").waitFor({ timeout: 20_000 });
  const idle = await pullChunkTiming(page);
  assert.ok(idle.asked !== undefined && idle.asked >= idle.loadEnd + 4_900, JSON.stringify(idle));
  // The element shown before is the one inside the pull wrapper now: moved, not rendered anew.
  assert.equal(
    await page.locator('.adm-pull-to-refresh-content [data-testid="pledge-page"][data-first="yes"]').count(),
    1,
  );

  // A first touch asks for it at once.
  const touched = (await suite.phone()).page;
  await touched.goto(suite.stack.app("/pledge"));
  await touched.getByTestId("pledge-page").waitFor();
  const before = await touched.evaluate(() => performance.now());
  // Any first touch on the page counts (the gesture code listens on the window), so the tap does not
  // wait for the screen's layout to stop moving under it.
  await touched.getByTestId("pledge-page").tap({ position: { x: 5, y: 5 }, force: true });
  await touched.locator(".adm-pull-to-refresh").waitFor();
  const tapped = await pullChunkTiming(touched);
  assert.ok(tapped.asked !== undefined && tapped.asked >= before, JSON.stringify({ before, ...tapped }));
  assert.ok(tapped.asked < tapped.loadEnd + 4_900 || tapped.asked - before < 1_000, JSON.stringify(tapped));
});
