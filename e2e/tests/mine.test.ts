import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { poolAbi, tokenAbi } from "@dwn/contracts";
import {
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  http,
  isAddressEqual,
  parseGwei,
  parseUnits,
  type Address,
  type Hex,
} from "viem";
import type { HDAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { recentStrings } from "../../web/src/features/tx/recentStrings";
import { formatAmount, formatCompact } from "../../web/src/lib/format";
import { formatMoney } from "../../web/src/lib/money";
import { connectTestWallet, expectLocatorText, expectText, screenshot, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { fill, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";
import { expectedNetworkFee, feeZh, shownNetworkFee } from "../support/network-fee";

const e18 = 10n ** 18n;
const DAY = 86_400;

/** Accounts #40–#46 of the devnet mnemonic: nobody else uses them. All are bound to alice but #45. */
const buyer = devnetAccount(40);
const shortOfTokens = devnetAccount(41);
const soldOutBuyer = devnetAccount(42);
const visitor = devnetAccount(43);
const inviter = devnetAccount(44);
const invitee = devnetAccount(45);
const lateBuyer = devnetAccount(46);
/** Bound, with tokens, and no BNB. */
const noGas = devnetAccount(47);
/** Bound; follows a transaction from pending to confirmed in the wallet menu's list. */
const historian = devnetAccount(48);
/** Bound, with tokens; the owner raises a price while this account's popup shows the old one. */
const quoteHolder = devnetAccount(49);
/** The explorer this file's stack names, so that history rows link to it. */
const EXPLORER = "https://testnet.bscscan.com";

const suite = e2eSuite({
  timeout: 240_000,
  env: { EXPLORER_URL: EXPLORER },
  setUp: async () => {
    for (const account of [
      buyer,
      shortOfTokens,
      soldOutBuyer,
      visitor,
      inviter,
      invitee,
      lateBuyer,
      noGas,
      historian,
      quoteHolder,
    ]) {
      await suite.stack.fundGas(account.address);
      await suite.stack.bind(account, account === invitee ? inviter.address : role("alice").address);
    }
  },
});

/** An approval of `amount` to the pool, as the purchase sends it. */
const approveData = (amount: bigint) =>
  encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [suite.stack.contracts.pool, amount] });

/** Mints devnet USDT and DWN9 to `account`, approving nothing. */
async function mintTokens(account: Address, { usdt = 0n, dwn9 = 0n }: { usdt?: bigint; dwn9?: bigint }) {
  if (usdt > 0n) await suite.stack.mint(suite.stack.contracts.usdt, account, usdt);
  if (dwn9 > 0n) await suite.stack.mint(suite.stack.contracts.dwn9, account, dwn9);
}

/** A write of the pool's owner (Ownable2Step: the deployer). */
async function asPoolOwner(
  functionName: "setTier" | "setStaticRewardPerSecond",
  args: readonly bigint[],
): Promise<void> {
  const owner = createWalletClient({ account: role("owner"), chain: hardhat, transport: http(suite.stack.rpcUrl) });
  const hash = await owner.writeContract({
    address: suite.stack.contracts.pool,
    abi: poolAbi,
    functionName,
    args,
  } as Parameters<typeof owner.writeContract>[0]);
  await suite.stack.mined(hash);
}

/** The owner sets `tier`'s supply, keeping its prices and terms (supply = sold: sold out). */
async function setTierSupply(tier: bigint, supply: bigint) {
  const t = (await read.tiers()).find((entry) => entry.id === tier);
  assert.ok(t, `tier ${tier}`);
  await asPoolOwner("setTier", [tier, supply, t.usdtprice, t.dwn8price, t.multiple, t.limit]);
}

/** The owner sets the static emission (DWN a second, 18 decimals). */
async function setStaticRewardPerSecond(rate: bigint) {
  await asPoolOwner("setStaticRewardPerSecond", [rate]);
}

/** A phone whose test wallet holds `account`, on `route`, not connected yet. */
async function phoneOf(account: HDAccount, route: string): Promise<{ page: Page; wallet: TestWallet }> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account });
  const phone = await suite.phone({ wallet });
  await phone.page.goto(suite.stack.app(route));
  return { page: phone.page, wallet };
}

/** The same, signed in through the header's connect button. */
async function signedIn(account: HDAccount, route: string) {
  const phone = await phoneOf(account, route);
  await connectTestWallet(phone.page, "wallet-connect");
  await toast(phone.page, zh.wallet.loginSuccess);
  return phone;
}

/** The contract calls the wallet sent, decoded, with where they went and at what gas price. */
function sentCalls(wallet: TestWallet) {
  return wallet.callsOf("eth_sendTransaction").map(({ params }) => {
    const tx = (Array.isArray(params) ? params[0] : {}) as { to: Address; data: Hex; gasPrice?: Hex };
    const abi = isAddressEqual(tx.to, suite.stack.contracts.pool) ? poolAbi : tokenAbi;
    const { functionName, args } = decodeFunctionData({ abi, data: tx.data });
    return {
      to: getAddress(tx.to),
      functionName,
      args: args ?? [],
      gasPrice: tx.gasPrice ? BigInt(tx.gasPrice) : undefined,
    };
  });
}

const read = {
  tiers: () =>
    suite.stack.publicClient.readContract({ address: suite.stack.contracts.pool, abi: poolAbi, functionName: "info" }),
  quote: (id: bigint) =>
    suite.stack.publicClient.readContract({
      address: suite.stack.contracts.pool,
      abi: poolAbi,
      functionName: "buyView",
      args: [id],
    }),
  pool: (functionName: "userHashrate" | "userStaticProfit" | "userDynamicProfit" | "balanceOf", account: Address) =>
    suite.stack.publicClient.readContract({
      address: suite.stack.contracts.pool,
      abi: poolAbi,
      functionName,
      args: [account],
    }),
  balance: (token: Address, account: Address) =>
    suite.stack.publicClient.readContract({
      address: token,
      abi: tokenAbi,
      functionName: "balanceOf",
      args: [account],
    }),
  allowance: (token: Address, owner: Address) =>
    suite.stack.publicClient.readContract({
      address: token,
      abi: tokenAbi,
      functionName: "allowance",
      args: [owner, suite.stack.contracts.pool],
    }),
};

/** `YYYY-MM-DD hh:mm:ss` of unix seconds, in UTC (the phone's time zone). */
const utc = (seconds: bigint | number) => new Date(Number(seconds) * 1000).toISOString().replace("T", " ").slice(0, 19);

/** The texts of every element with `testId` inside `scope`, trimmed. */
async function texts(page: Page, scope: string, testId: string): Promise<string[]> {
  return (await page.getByTestId(scope).getByTestId(testId).allTextContents()).map((text) => text.trim());
}

/** Resolves once no toast is on screen: one fading out, or an earlier one (sign-in's) still showing, counts. */
async function noToastShown(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll(".adm-toast-main").length === 0);
}

/** Resolves once `done()` holds, asking every 50 ms. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Waits until `testId` reads anything but `text`. */
async function textChangesFrom(page: Page, testId: string, text: string) {
  await page.waitForFunction(
    ([id, old]) => {
      const now = document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim();
      return now !== undefined && now !== old;
    },
    [testId, text] as const,
  );
}

test("buying a tier approves exactly its price, then buys at 3 gwei; the NFT shows in the backpack", async () => {
  await mintTokens(buyer.address, { usdt: 1000n * e18, dwn9: 1000n * e18 });
  const { page, wallet } = await signedIn(buyer, "/mine");
  const [tier1] = await read.tiers();
  const description = zh.mine.nftDescription["1"];

  // The carousel's first slide, from info().
  await expectText(page, "tier-1-title", fill(zh.mine.tierTitle, { usdtprice: "100", description }));
  await expectText(page, "tier-1-power", fill(zh.mine.tierPower, { multiple: "1.5" }));
  await expectText(page, "tier-1-remaining", fill(zh.mine.remaining, { count: String(tier1.supply - tier1.sold) }));
  await expectText(page, "tier-1-buy", fill(zh.mine.buyButton, { usdtprice: "100" }));
  assert.equal(await page.getByTestId("tier-carousel").locator("article").count(), 5);
  await screenshot(page, "mine");

  // The quote popup: every field of spec §2, from buyView(1) and the balances.
  await page.getByTestId("tier-1-buy").tap();
  const quote = await read.quote(1n);
  await expectText(page, "buy-title", fill(zh.buy.title, { payusdt: "100", description }));
  await expectText(page, "buy-pay-usdt", "100");
  await expectText(page, "buy-pay-dwn9", "100");
  await expectText(page, "buy-usdt-balance", "1,000 USDT");
  await expectText(page, "buy-dwn9-balance", "1,000 DWN9");
  await expectText(page, "buy-multiple", fill(zh.buy.multiple, { multiple: "1.5" }));
  await expectText(page, "buy-hashrate", "150");
  await expectText(
    page,
    "buy-makeup",
    fill(zh.buy.compensationValue, { makeupPercent: "1.01", makeupCount: String(quote.makeupCount) }),
  );
  await expectText(page, "buy-makeup-hashrate", formatAmount(quote.makeupHashrate));
  // Scrolling the button into view waits until the popup has stopped sliding in.
  await page.getByTestId("buy-confirm").scrollIntoViewIfNeeded();
  // The network fee: the two exact approvals the buyer will sign, estimated on the devnet at 3
  // gwei; the buy's own is said to come after them (it cannot be estimated before).
  const fee = await shownNetworkFee(page);
  assert.equal(
    fee.text,
    await expectedNetworkFee(suite.stack.publicClient, buyer.address, [
      { to: suite.stack.contracts.usdt, data: approveData(quote.payusdt) },
      { to: suite.stack.contracts.dwn9, data: approveData(quote.paydwn8) },
    ]),
  );
  assert.equal(fee.note, fill(feeZh.purchaseLater_other, { count: "2" }));
  await screenshot(page, "mine-buy-popup");

  await page.getByTestId("buy-confirm").tap();
  await toast(page, zh.buy.authorizing);
  await toast(page, zh.messages.purchaseSuccessful);
  await page.getByTestId("buy-title").waitFor({ state: "hidden" });

  // The wallet sent the two exact approvals to the pool, then the buy held to the quote shown, each at 3 gwei.
  const { usdt, dwn9, pool } = suite.stack.contracts;
  assert.deepEqual(sentCalls(wallet), [
    { to: usdt, functionName: "approve", args: [pool, 100n * e18], gasPrice: parseGwei("3") },
    { to: dwn9, functionName: "approve", args: [pool, 100n * e18], gasPrice: parseGwei("3") },
    {
      to: pool,
      functionName: "buy",
      args: [1n, quote.payusdt, quote.paydwn8, quote.hashrate + quote.makeupHashrate],
      gasPrice: parseGwei("3"),
    },
  ]);
  // On chain: the NFT is owned, the hashrate grew by the quote, the price was paid, nothing stays approved.
  assert.equal(await read.pool("balanceOf", buyer.address), 1n);
  assert.equal(await read.pool("userHashrate", buyer.address), quote.hashrate + quote.makeupHashrate);
  assert.equal(await read.balance(usdt, buyer.address), 900n * e18);
  assert.equal(await read.balance(dwn9, buyer.address), 900n * e18);
  assert.equal(await read.allowance(usdt, buyer.address), 0n);
  assert.equal(await read.allowance(dwn9, buyer.address), 0n);
  // The screen refreshed: one fewer left.
  await expectText(
    page,
    "tier-1-remaining",
    fill(zh.mine.remaining, { count: String(tier1.supply - tier1.sold - 1n) }),
  );

  // The API lists the NFT once indexed; the backpack shows it ("My NFT").
  await suite.stack.waitIndexed();
  const nfts = await suite.stack.call("NFT/getNFTList", { page: "1", limit: "10" }, await suite.stack.signIn(buyer));
  // The status and the server's last lines say what happened if the indexed NFT is not there.
  if (nfts.length !== 1) {
    assert.fail(
      `NFT/getNFTList has ${nfts.length} NFTs after the indexer reached the head; status ` +
        `${JSON.stringify(await suite.stack.status())}; npm start printed:\n${suite.stack.log()}`,
    );
  }
  const [nft] = nfts;
  assert.equal(nft.tier, 1);
  assert.equal(BigInt(nft.hashrate) + BigInt(nft.makeup_hashrate), quote.hashrate + quote.makeupHashrate);
  await page.getByTestId("mine-my-nft").tap();
  await expectText(page, "page-title", zh.backpack.title);
  const row = page.getByTestId("backpack-list-row");
  await row.first().waitFor();
  assert.equal(await row.count(), 1);
  await expectText(page, "nft-tier", description);
  await expectText(page, "nft-token-id", `#${nft.token_id}`);
  await expectText(page, "nft-power", formatAmount(quote.hashrate + quote.makeupHashrate));
  await expectText(page, "nft-amount", "100 USDT");
  await expectText(page, "nft-time", utc(nft.create_time));
  // The row links to its purchase on the explorer: the buyer's transaction to the pool.
  const purchase = await suite.stack.publicClient.getTransaction({ hash: nft.tx_hash as Hex });
  assert.ok(isAddressEqual(purchase.from, buyer.address) && purchase.to !== null && isAddressEqual(purchase.to, pool));
  assert.equal(await row.getByTestId("explorer-link").getAttribute("href"), `${EXPLORER}/tx/${nft.tx_hash}`);
  await expectText(page, "backpack-list-no-more", zh.common.noMore);
  await screenshot(page, "backpack");
});

test("a balance short of the price stops the purchase: USDT first, then DWN9, with nothing sent", async () => {
  await mintTokens(shortOfTokens.address, { usdt: 50n * e18, dwn9: 50n * e18 });
  const { page, wallet } = await signedIn(shortOfTokens, "/mine");
  await page.getByTestId("tier-1-buy").tap();
  await expectText(page, "buy-usdt-balance", "50 USDT");
  await page.getByTestId("buy-confirm").tap();
  await toast(page, zh.messages.insufficientUsdt);

  // The balances are read again on confirm: with USDT enough, DWN9 is the one short.
  await mintTokens(shortOfTokens.address, { usdt: 100n * e18 });
  await page.getByTestId("buy-confirm").tap();
  await toast(page, zh.messages.insufficientDwn9);

  assert.deepEqual(wallet.callsOf("eth_sendTransaction"), []);
  const shown = await page.evaluate(() => window.__toasts ?? []);
  assert.ok(!shown.includes(zh.buy.authorizing), "no allowance is read for a purchase that cannot be paid");
  assert.ok(await page.getByTestId("buy-confirm").isVisible(), "the popup stays open");
});

test("an account without BNB sees its balance and is told the network fee cannot be paid, before the wallet opens", async () => {
  await mintTokens(noGas.address, { usdt: 1_000n * e18, dwn9: 1_000n * e18 });
  await suite.stack.fundGas(noGas.address, 0n);
  const { page, wallet } = await signedIn(noGas, "/mine");
  await page.getByTestId("wallet-button").tap();
  await expectText(page, "wallet-coin-balance", "0 BNB");
  await page.getByTestId("wallet-menu-close").tap();
  await page.getByTestId("wallet-menu").locator(".adm-popup-body").waitFor({ state: "hidden" });

  await page.getByTestId("tier-1-buy").tap();
  await expectText(page, "buy-usdt-balance", "1,000 USDT");
  await page.getByTestId("buy-confirm").tap();
  await toast(page, fill(zh.tx.noGas, { coin: "BNB" }));
  // Nothing reached the wallet, nothing changed on chain.
  assert.deepEqual(wallet.callsOf("eth_sendTransaction"), []);
  assert.equal(await read.allowance(suite.stack.contracts.usdt, noGas.address), 0n);
  assert.equal(await read.pool("balanceOf", noGas.address), 0n);
});

test("the wallet menu adds DWN to the wallet and lists this device's transactions: pending across a reload, then confirmed, each on the explorer", async () => {
  await mintTokens(historian.address, { usdt: 1_000n * e18, dwn9: 1_000n * e18 });
  const { page, wallet } = await signedIn(historian, "/mine");
  await page.getByTestId("wallet-button").tap();
  await page.getByTestId("wallet-recent").tap();
  await page.getByTestId("recent-empty").waitFor();
  await page.getByTestId("recent-close").tap();

  // "Add DWN to wallet" asks the wallet to watch the token (EIP-747).
  await page.getByTestId("wallet-button").tap();
  await page.getByTestId("wallet-add-dwn").tap();
  await toast(page, fill(recentStrings["zh-cn"]!.tokenAdded!, { symbol: "DWN" }));
  assert.deepEqual(
    wallet.callsOf("wallet_watchAsset").map((call) => call.params),
    [{ type: "ERC20", options: { address: suite.stack.contracts.dwn, symbol: "DWN", decimals: 18 } }],
  );

  // Blocks stop being mined: the purchase's first approval stays pending, and the page reloads.
  await suite.stack.automine(false);
  try {
    await page.getByTestId("tier-1-buy").tap();
    await page.getByTestId("buy-confirm").tap();
    await wallet.waitForCall("eth_sendTransaction");
    await page.locator('[data-testid="tx-status"][data-phase="pending"]').waitFor();
    await page.reload();
    await page.getByTestId("wallet-button").tap();
    await page.getByTestId("wallet-recent").tap();
    const row = page.getByTestId("recent-tx");
    await page.locator('[data-testid="recent-tx"][data-state="pending"]').waitFor();
    assert.equal(await row.count(), 1);
    await expectLocatorText(row.getByTestId("recent-tx-state"), "处理中");
    const hash = (await row.getAttribute("data-hash")) as Hex;
    assert.equal(await row.getByTestId("explorer-link").getAttribute("href"), `${EXPLORER}/tx/${hash}`);
    const label = fill(zh.tx.approve, { token: "USDT" });
    assert.ok(((await row.textContent()) ?? "").includes(label), `the row names "${label}"`);
    await screenshot(page, "recent-transactions-pending");

    // Mined: the open list finds the receipt and says so.
    await suite.stack.mineBlock();
    await page.locator(`[data-testid="recent-tx"][data-hash="${hash}"][data-state="confirmed"]`).waitFor();
    await expectLocatorText(row.getByTestId("recent-tx-state"), "已确认");
  } finally {
    await suite.stack.automine(true);
  }
});

test("a sold-out tier says so before the popup, and a tier sold out meanwhile is refused by the pool", async () => {
  // The owner closes tier 2 at what it has sold.
  const tier2 = (await read.tiers())[1];
  await setTierSupply(2n, tier2.sold);
  await suite.stack.fundTokens(soldOutBuyer);
  const { page, wallet } = await signedIn(soldOutBuyer, "/mine");
  await expectText(page, "tier-2-remaining", fill(zh.mine.remaining, { count: "0" }));
  await page.getByTestId("tier-2-buy").tap();
  await toast(page, zh.messages.insufficientRemaining);
  assert.equal(await page.getByTestId("buy-title").isVisible(), false);

  // Tier 4 sells out while its popup is open: the simulated buy fails with the pool's error.
  await page.getByTestId("tier-4-buy").tap();
  await expectText(page, "buy-pay-usdt", "3,000");
  await setTierSupply(4n, 0n);
  // The pool's sentence reads like the one above: let that toast go first (see the withdrawals).
  await noToastShown(page);
  await page.evaluate(() => window.__toasts?.splice(0));
  await page.getByTestId("buy-confirm").tap();
  await toast(page, zh.contractErrors.PoolTierSoldOut);
  await page.locator('[data-testid="tx-status"][data-phase="failed"]').waitFor();
  await expectText(page, "tx-status-reason", zh.contractErrors.PoolTierSoldOut);
  assert.deepEqual(wallet.callsOf("eth_sendTransaction"), []);
  assert.equal(await read.pool("balanceOf", soldOutBuyer.address), 0n);
});

test("a price the owner raises while the popup shows the old one is refused by the pool: nothing is charged", async () => {
  await suite.stack.fundTokens(quoteHolder);
  const { page, wallet } = await signedIn(quoteHolder, "/mine");
  const tier3 = (await read.tiers())[2];
  await page.getByTestId("tier-3-buy").tap();
  await expectText(page, "buy-pay-usdt", formatAmount(tier3.usdtprice));
  const raised = tier3.usdtprice * 2n;
  await asPoolOwner("setTier", [3n, tier3.supply, raised, tier3.dwn8price, tier3.multiple, tier3.limit]);
  try {
    const { usdt, dwn9 } = suite.stack.contracts;
    const [usdtBefore, dwn9Before] = [
      await read.balance(usdt, quoteHolder.address),
      await read.balance(dwn9, quoteHolder.address),
    ];
    await noToastShown(page);
    await page.evaluate(() => window.__toasts?.splice(0));
    // Confirm still holds the terms shown: the pool names the new price and charges nothing.
    await page.getByTestId("buy-confirm").tap();
    await toast(
      page,
      fill(zh.contractErrors.PoolQuoteMoved, {
        usdt: `${formatAmount(raised)} USDT`,
        dwn9: `${formatAmount(tier3.dwn8price)} DWN9`,
      }),
    );
    assert.equal(await read.balance(usdt, quoteHolder.address), usdtBefore);
    assert.equal(await read.balance(dwn9, quoteHolder.address), dwn9Before);
    assert.equal(await read.pool("balanceOf", quoteHolder.address), 0n);
    assert.ok(!sentCalls(wallet).some((call) => call.functionName === "buy"), JSON.stringify(sentCalls(wallet)));
  } finally {
    await asPoolOwner("setTier", [3n, tier3.supply, tier3.usdtprice, tier3.dwn8price, tier3.multiple, tier3.limit]);
  }
});

test("a visitor sees placeholders and connect buttons; a member without income is told so, without a dialog", async () => {
  const { page, wallet } = await phoneOf(visitor, "/home");
  // Wherever a shimmer's band of light is, it stays inside its placeholder: a band past a
  // placeholder at the screen's edge made the page wider, and a phone let it scroll sideways.
  await page.getByTestId("home-page").waitFor();
  const band = await page.addStyleTag({
    content: "[data-placeholder]::after { animation: none !important; transform: translateX(100%) !important; }",
  });
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 640 });
    const wider = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(wider, 0, `at ${width} px, a shimmer's band makes home ${wider} px wider than the screen`);
  }
  await band.evaluate((style) => (style as Element).remove());
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId("home-assets-link").tap();
  await page.getByTestId("mine-page").waitFor();
  // Not connected, nothing is known: placeholders, never 0.
  await expectText(page, "mine-performance", "--");
  await expectText(page, "mine-small-performance", "--");
  await expectText(page, "collect-static-amount", "-- DWN");
  await expectText(page, "collect-dynamic-amount", "-- DWN");
  // Each placeholder's shimmer sweeps three times (about 4 s) and then holds still: a placeholder
  // that shimmered on would keep repainting a phone's screen (0.4 of a core for these five). It
  // moves by transform alone, which the compositor animates without repainting the page.
  const sweeps = await page.locator("[data-placeholder]").evaluateAll((placeholders) =>
    placeholders.map((placeholder) => {
      const style = getComputedStyle(placeholder, "::after");
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
      const keyframes = rules.find(
        (rule): rule is CSSKeyframesRule => rule instanceof CSSKeyframesRule && rule.name === style.animationName,
      );
      const animated = [...(keyframes?.cssRules ?? [])].flatMap((frame) => [...(frame as CSSKeyframeRule).style]);
      return {
        ms: Number(style.animationIterationCount) * parseFloat(style.animationDuration) * 1000,
        animated: [...new Set(animated)],
      };
    }),
  );
  assert.ok(sweeps.length >= 4, `the placeholders: ${sweeps.length}`);
  for (const { ms, animated } of sweeps) {
    assert.ok(ms > 0 && ms <= 5_000, `a placeholder's sweeps end within 5 s, not after ${ms} ms`);
    assert.deepEqual(animated, ["transform"], "a placeholder's shimmer moves by transform alone");
  }
  await page.getByTestId("collect-static-connect").waitFor();
  await page.getByTestId("collect-dynamic-connect").waitFor();
  await page.getByTestId("tier-1-buy").tap();
  await page.getByTestId("buy-connect").waitFor();
  await expectText(page, "buy-usdt-balance", "--");
  await page.getByTestId("buy-connect").scrollIntoViewIfNeeded();
  await screenshot(page, "mine-visitor-buy");

  // The backpack and the income log ask to connect.
  await page.goto(suite.stack.app("/backpack"));
  await page.getByTestId("not-connected").waitFor();
  await page.goto(suite.stack.app("/incomeLog"));
  await page.getByTestId("not-connected").waitFor();
  await expectText(page, "income-total", "--");
  await connectTestWallet(page, "not-connected-connect");
  await toast(page, zh.wallet.loginSuccess);
  await page.getByTestId("income-list").getByTestId("no-data").waitFor();
  await page.goto(suite.stack.app("/backpack"));
  await page.getByTestId("backpack-list").getByTestId("no-data").waitFor();

  await page.goto(suite.stack.app("/mine"));
  await page.getByTestId("collect-static-withdraw").tap();
  await toast(page, zh.messages.noStaticIncome);
  await page.getByTestId("collect-dynamic-withdraw").tap();
  await toast(page, zh.messages.noDynamicIncome);
  assert.equal(await page.locator(".adm-dialog").isVisible(), false);
  assert.deepEqual(wallet.callsOf("eth_sendTransaction"), []);
});

test("static and dynamic income are withdrawn after a confirm; the income log shows credits and withdrawals", async () => {
  // The inviter buys tier 3; the invitee's tier 1 purchase pays the inviter direct-push income:
  // 10% of 100 USDT at 0.5 USDT a DWN = 20 DWN.
  await suite.stack.fundTokens(inviter);
  await suite.stack.buy(inviter, 3n);
  await suite.stack.fundTokens(invitee);
  await suite.stack.buy(invitee, 1n);
  assert.equal(await read.pool("userDynamicProfit", inviter.address), 20n * e18);
  // The team figures come from the indexer.
  await suite.stack.waitIndexed();
  const { dwn, pool } = suite.stack.contracts;
  const { page, wallet } = await signedIn(inviter, "/mine");

  // The team's computing power: the invitee's NFT; the small community excludes the largest leg.
  await expectText(page, "mine-performance", formatCompact(await read.pool("userHashrate", invitee.address)));
  await expectText(page, "mine-small-performance", "0");
  // The reserve and its runway at 0.01 DWN a second.
  const reserve = await read.balance(dwn, pool);
  await expectText(page, "mine-reserve-amount", `${formatAmount(reserve)} DWN`);
  await expectText(
    page,
    "mine-reserve-runway",
    fill(zh.common.days, { days: (reserve / (parseUnits("0.01", 18) * 86_400n)).toLocaleString("en-US") }),
  );

  // Static income: the dialog asks, Cancel sends nothing, Confirm collects.
  await expectText(page, "collect-dynamic-amount", "20 DWN");
  await textChangesFrom(page, "collect-static-amount", "0 DWN");
  await page.getByTestId("collect-static-withdraw").tap();
  await expectText(page, "withdraw-confirm", zh.common.confirm);
  assert.equal((await page.locator(".adm-dialog-title").textContent())?.trim(), zh.income.static);
  // The dialog names the amount: what the chain says is collectable, cut, never overstated.
  assert.ok((await page.locator(".adm-dialog-content").textContent())?.includes(zh.messages.withdrawConfirm));
  assert.match((await page.getByTestId("withdraw-amount").textContent()) ?? "", /[\d,.]+ DWN/);
  assert.equal((await shownNetworkFee(page)).note, "", "one call: no step is left for later");
  await screenshot(page, "mine-withdraw-dialog");
  await page.getByTestId("withdraw-cancel").tap();
  await page.locator(".adm-dialog").waitFor({ state: "hidden" });
  assert.deepEqual(wallet.callsOf("eth_sendTransaction"), []);
  const dwnBefore = await read.balance(dwn, inviter.address);
  await page.getByTestId("collect-static-withdraw").tap();
  await page.getByTestId("withdraw-confirm").tap();
  // The toast names what the chain paid: the DWN that arrived.
  let collected = 0n;
  while (collected === dwnBefore) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    collected = await read.balance(dwn, inviter.address);
  }
  assert.ok(collected > dwnBefore, "the static income was paid in DWN");
  collected -= dwnBefore;
  await toast(page, `${zh.messages.withdrawalSuccessful} · +${formatAmount(collected, { cut: true })} DWN`);

  // Dynamic income: exactly the 20 DWN of direct push. The same toast text comes again: the
  // recorder writes a toast down anew while it stays on screen, so let it go and forget it.
  await noToastShown(page);
  await page.evaluate(() => window.__toasts?.splice(0));
  await page.getByTestId("collect-dynamic-withdraw").tap();
  assert.equal((await page.locator(".adm-dialog-title").textContent())?.trim(), zh.income.dynamic);
  // The dialog's network fee is the collect it sends, estimated from the inviter's account at 3 gwei.
  assert.equal(
    (await shownNetworkFee(page)).text,
    await expectedNetworkFee(suite.stack.publicClient, inviter.address, [
      { to: pool, data: encodeFunctionData({ abi: poolAbi, functionName: "collectDynamicProfit" }) },
    ]),
  );
  await page.getByTestId("withdraw-confirm").tap();
  await toast(page, `${zh.messages.withdrawalSuccessful} · +20 DWN`);
  assert.equal(await read.balance(dwn, inviter.address), dwnBefore + collected + 20n * e18);
  assert.equal(await read.pool("userDynamicProfit", inviter.address), 0n);
  await expectText(page, "collect-dynamic-amount", "0 DWN");
  assert.deepEqual(
    sentCalls(wallet).map((call) => [call.functionName, call.gasPrice]),
    [
      ["collectStaticProfit", parseGwei("3")],
      ["collectDynamicProfit", parseGwei("3")],
    ],
  );

  // With the emission stopped, the figures hold still; the runway has nothing to measure.
  await setStaticRewardPerSecond(0n);
  try {
    await page.reload();
    await expectText(page, "mine-reserve-runway", zh.mine.unknown);
    await suite.stack.waitIndexed();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/NFT/getIncomeList")) asked.push(request.postData() ?? "");
    });
    await page.getByTestId("mine-asset-details").tap();
    await expectText(page, "page-title", zh.incomeLog.title);

    const token = await suite.stack.signIn(inviter);
    const log = await suite.stack.call("NFT/getIncomeList", { page: "1", limit: "10" }, token);
    const withdrawable =
      (await read.pool("userStaticProfit", inviter.address)) + (await read.pool("userDynamicProfit", inviter.address));
    // Cumulative gains: every payout plus what is withdrawable now, so never below withdrawable.
    await expectText(page, "income-total", `${formatMoney("income", BigInt(log.collected) + withdrawable)} DWN`);
    await expectText(page, "income-withdrawable", `${formatMoney("income", withdrawable)} DWN`);
    assert.ok(BigInt(log.collected) > 0n, "the two withdrawals are counted");

    // Every row: income credited (+) and withdrawals (-), newest first, as the API lists them.
    // Each row names the income it counts in (as home and /mine name it), then which part.
    const label: Record<string, string> = {
      static: zh.income.static,
      generation: `${zh.income.dynamic} · ${zh.income.generation}`,
      direct: `${zh.income.dynamic} · ${zh.income.direct}`,
      guarantee: `${zh.income.static} · ${zh.income.guarantee}`,
      collect_static: `${zh.income.withdrawals} · ${zh.income.static}`,
      collect_dynamic: `${zh.income.withdrawals} · ${zh.income.dynamic}`,
    };
    const rows = page.getByTestId("income-list-row");
    await rows.nth(log.list.length - 1).waitFor();
    assert.deepEqual(
      await texts(page, "income-list", "income-type"),
      log.list.map((row) => label[row.type]),
    );
    assert.deepEqual(
      await texts(page, "income-list", "income-amount"),
      log.list.map(
        (row) => `${row.type.startsWith("collect_") ? "-" : "+"}${formatMoney("income", BigInt(row.amount))} DWN`,
      ),
    );
    assert.deepEqual(
      await texts(page, "income-list", "income-time"),
      log.list.map((row) => utc(row.timestamp)),
    );
    // Every row links to its transaction on the explorer.
    assert.deepEqual(
      await Promise.all((await rows.all()).map((row) => row.getByTestId("explorer-link").getAttribute("href"))),
      log.list.map((row) => `${EXPLORER}/tx/${row.tx_hash}`),
    );
    const types = log.list.map((row) => row.type);
    for (const type of ["direct", "static", "collect_static", "collect_dynamic"] as const)
      assert.ok(types.includes(type), type);
    assert.ok(log.list.some((row) => row.type === "direct" && BigInt(row.amount) === 20n * e18));
    assert.ok(log.list.some((row) => row.type === "collect_dynamic" && BigInt(row.amount) === 20n * e18));
    await screenshot(page, "income-log");

    // The type filter: "dynamic income" is everything /mine's dynamic income holds (generations
    // and direct push); withdrawals have their own filter.
    await page.getByTestId("income-filter-dynamic_income").tap();
    await expectText(page, "income-list-no-more", zh.common.noMore);
    const dynamicRows = log.list.filter((row) => row.type === "generation" || row.type === "direct");
    assert.deepEqual(
      await texts(page, "income-list", "income-type"),
      dynamicRows.map((row) => label[row.type]),
    );
    assert.ok(dynamicRows.some((row) => row.type === "direct" && BigInt(row.amount) === 20n * e18));
    assert.match(asked.at(-1) ?? "", /(^|&)type=dynamic_income(&|$)/);
    await page.getByTestId("income-filter-withdrawal").tap();
    await expectText(page, "income-list-no-more", zh.common.noMore);
    assert.deepEqual(
      await texts(page, "income-list", "income-type"),
      log.list.filter((row) => row.type.startsWith("collect_")).map((row) => label[row.type]),
    );
    await page.getByTestId("income-filter-all").tap();
    await rows.nth(log.list.length - 1).waitFor();

    // The time pickers: one day alone asks for the other; both filter by whole days (UTC here).
    const confirmPicker = async () => {
      await page.locator(".adm-picker-header-button:visible").last().tap();
      await page.locator(".adm-picker:visible").waitFor({ state: "hidden" });
    };
    await page.getByTestId("income-end-time").tap();
    await confirmPicker();
    await toast(page, zh.incomeLog.selectStart);
    await page.getByTestId("income-clear-time").tap();
    await page.getByTestId("income-start-time").tap();
    await confirmPicker();
    await toast(page, zh.incomeLog.selectEnd);
    await page.getByTestId("income-end-time").tap();
    await confirmPicker();
    await until(() => asked.some((body) => body.includes("start_time")));
    // Both pickers open on the browser's today (UTC here): the list asks for that whole day.
    const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
    const form = new URLSearchParams(asked.at(-1) ?? "");
    const start = Number(form.get("start_time"));
    assert.ok(start === today || start === today - DAY, `${start} is the start of the browser's day (${today})`);
    assert.equal(form.get("end_time"), String(start + DAY - 1));
    assert.equal(form.get("type"), null);
    // The rows of that day alone, by their block's time. This lane's chain clock runs an hour ahead
    // (pending moved it), so from 23:00 UTC the rows are dated the next day and the day has none.
    const ofTheDay = log.list.filter((row) => row.timestamp >= start && row.timestamp < start + DAY);
    if (ofTheDay.length === 0) await page.getByTestId("no-data").waitFor();
    else await rows.nth(ofTheDay.length - 1).waitFor();
    assert.deepEqual(
      await texts(page, "income-list", "income-time"),
      ofTheDay.map((row) => utc(row.timestamp)),
    );
    await screenshot(page, "income-log-days");
  } finally {
    await setStaticRewardPerSecond(parseUnits("0.01", 18));
  }
});

test("buying days after opening adds the compensation: 1.01 per day, compounded", async () => {
  await suite.stack.increaseTime(2 * DAY + 60);
  await suite.stack.fundTokens(lateBuyer);
  const { page, wallet } = await signedIn(lateBuyer, "/mine");
  await page.getByTestId("tier-1-buy").tap();
  const quote = await read.quote(1n);
  assert.equal(quote.makeupCount, 2n);
  // 150 × (1.01² − 1) = 3.015 computing power.
  assert.equal(quote.makeupHashrate, 3_015n * 10n ** 15n);
  await expectText(page, "buy-makeup", fill(zh.buy.compensationValue, { makeupPercent: "1.01", makeupCount: "2" }));
  await expectText(page, "buy-makeup-hashrate", "3.015");
  await page.getByTestId("buy-confirm").tap();
  await toast(page, zh.messages.purchaseSuccessful);
  // Allowances were already enough: no approval, just the buy.
  assert.deepEqual(
    sentCalls(wallet).map((call) => call.functionName),
    ["buy"],
  );
  assert.equal(await read.pool("userHashrate", lateBuyer.address), 153_015n * 10n ** 15n);
  await suite.stack.waitIndexed();
  await page.getByTestId("mine-my-nft").tap();
  await expectText(page, "nft-power", "153.015");
});
