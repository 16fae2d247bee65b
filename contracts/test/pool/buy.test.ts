import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  actor,
  bind,
  buy,
  buyer,
  credits,
  DAY,
  directPush,
  expectCredits,
  expectedQuote,
  KIND,
  nextAt,
  now,
  poolEvents,
  RATE_SCALE,
  type System,
  tierOf,
  token,
  TOKEN_ID_TIER_BASE,
  stepPrice,
  typed,
  WAD,
  ZERO,
} from "./helpers";

/** The deploy fixture with alice bound under the root, funded and approved. */
async function aliceReady() {
  const s = typed(await loadFixture(deployFixture));
  await bind(s, "alice", "root");
  await buyer(s, "alice");
  return s;
}

async function quoteAt(s: System, tierId: bigint, at: bigint) {
  const open = await s.pool.read.openBuyTime();
  const [percent, max] = await s.pool.read.makeup();
  return expectedQuote(tierOf(s, tierId), at, open, percent, max);
}

describe("Pool tiers and quotes", () => {
  it("info() returns the five tiers the deploy configured, none sold", async () => {
    const s = typed(await loadFixture(deployFixture));
    const tiers = await s.pool.read.info();
    expect(tiers).to.have.length(5);
    tiers.forEach((t, i) => {
      const p = s.params.tiers[i];
      expect(t).to.deep.equal({
        id: BigInt(p.id),
        supply: p.supply,
        sold: 0n,
        usdtprice: p.usdtprice,
        dwn8price: p.dwn8price,
        multiple: p.multiple,
        limit: p.limit,
      });
    });
  });

  it("buyView() on the opening day quotes price and hashrate = usdtprice × multiple / 1e4 with no makeup", async () => {
    const s = typed(await loadFixture(deployFixture));
    const open = await s.pool.read.openBuyTime();
    await time.increaseTo(open + DAY - 1n);
    // Hand-computed: 100 × 1.5, 500 × 1.6, 1000 × 1.8, 3000 × 2, 5000 × 2.5.
    const hashrates = [token("150"), token("800"), token("1800"), token("6000"), token("12500")];
    for (const p of s.params.tiers) {
      const q = await s.pool.read.buyView([BigInt(p.id)]);
      expect(q).to.deep.equal({
        id: BigInt(p.id),
        payusdt: p.usdtprice,
        paydwn8: p.dwn8price,
        multiple: p.multiple,
        hashrate: hashrates[p.id - 1],
        makeupPercent: 10100n,
        makeupCount: 0n,
        makeupHashrate: 0n,
      });
    }
  });

  it("buyView() counts whole days since openBuyTime and compounds the makeup factor (hand-checked days 1 and 2)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const open = await s.pool.read.openBuyTime();
    await time.increaseTo(open + DAY);
    let q = await s.pool.read.buyView([1n]);
    expect(q.makeupCount).to.equal(1n);
    expect(q.makeupHashrate).to.equal(token("1.5")); // 150 × (1.01 − 1)
    await time.increaseTo(open + 2n * DAY - 1n);
    q = await s.pool.read.buyView([1n]);
    expect(q.makeupCount).to.equal(1n);
    await time.increaseTo(open + 2n * DAY);
    q = await s.pool.read.buyView([1n]);
    expect(q.makeupCount).to.equal(2n);
    expect(q.makeupHashrate).to.equal(token("3.015")); // 150 × (1.0201 − 1)
  });

  it("buyView() caps makeupCount at maxMakeupCount and matches the squaring algorithm exactly", async () => {
    const s = typed(await loadFixture(deployFixture));
    const open = await s.pool.read.openBuyTime();
    for (const days of [3n, 7n, 29n, 30n, 31n, 45n]) {
      const at = open + days * DAY + 5n;
      await time.increaseTo(at);
      for (const id of [1n, 5n]) {
        const q = await s.pool.read.buyView([id]);
        const expected = await quoteAt(s, id, at);
        expect(q, `day ${days} tier ${id}`).to.deep.equal(expected);
        expect(q.makeupCount).to.equal(days < 30n ? days : 30n);
      }
    }
  });

  it("with the largest makeup (1.003 a day for 365 days, ≈ 2.98x) the quote is exact to 1e-12 relative", async () => {
    const s = typed(await loadFixture(deployFixture));
    await s.mined(s.pool.write.setMakeup([10_030n, 365n]));
    const open = await s.pool.read.openBuyTime();
    const at = open + 400n * DAY;
    await time.increaseTo(at);
    const q = await s.pool.read.buyView([5n]);
    expect(q).to.deep.equal(await quoteAt(s, 5n, at));
    expect(q.makeupCount).to.equal(365n);
    // Exact value: hashrate × (10030^365 / 10000^365 − 1).
    const exact = (q.hashrate * (10_030n ** 365n - 10_000n ** 365n)) / 10_000n ** 365n;
    const diff = exact > q.makeupHashrate ? exact - q.makeupHashrate : q.makeupHashrate - exact;
    expect(diff * 10n ** 12n <= exact, `|${q.makeupHashrate} − ${exact}|`).to.equal(true);
  });

  it("buyView() quotes no makeup before openBuyTime", async () => {
    const s = typed(await loadFixture(deployFixture));
    const open = (await now()) + 10n * DAY;
    await s.mined(s.pool.write.setOpenBuyTime([open]));
    await time.increaseTo(open - 1n);
    const q = await s.pool.read.buyView([3n]);
    expect(q.makeupCount).to.equal(0n);
    expect(q.makeupHashrate).to.equal(0n);
    expect(q.hashrate).to.equal(token("1800"));
  });

  it("buyView() and userTierCount() refuse tiers outside 1..5: PoolInvalidTier", async () => {
    const s = typed(await loadFixture(deployFixture));
    for (const id of [0n, 6n, 2n ** 256n - 1n]) {
      await expectRevert(s.pool.read.buyView([id]), "PoolInvalidTier", [id]);
      await expectRevert(s.pool.read.userTierCount([s.address("alice"), id]), "PoolInvalidTier", [id]);
    }
  });
});

describe("Pool buy", () => {
  it("pays USDT and DWN9 to the treasury, mints a locked NFT and adds the quoted hashrate", async () => {
    const s = await aliceReady();
    const alice = s.address("alice");
    const treasury = s.address("treasury");
    const t1 = tierOf(s, 1n);
    const before = {
      aliceUsdt: await s.tokens.usdt.read.balanceOf([alice]),
      aliceDwn9: await s.tokens.dwn9.read.balanceOf([alice]),
      treasuryUsdt: await s.tokens.usdt.read.balanceOf([treasury]),
      treasuryDwn9: await s.tokens.dwn9.read.balanceOf([treasury]),
    };
    const at = (await now()) + 10n;
    await nextAt(at);
    const receipt = await buy(s, "alice", 1n);
    const q = await quoteAt(s, 1n, at);
    const tokenId = 1n * TOKEN_ID_TIER_BASE + 1n;

    expectEvent(receipt, "NftPurchased", {
      user: alice,
      tierId: 1n,
      tokenId,
      payusdt: t1.usdtprice,
      paydwn8: t1.dwn8price,
      hashrate: q.hashrate,
      makeupHashrate: q.makeupHashrate,
    });
    expectEvent(receipt, "Locked", { tokenId });
    const mints = poolEvents(s, receipt, "Transfer");
    expect(mints).to.have.length(1);
    expect(mints[0].args).to.deep.equal({ from: ZERO, to: alice, tokenId });

    expect(await s.tokens.usdt.read.balanceOf([alice])).to.equal(before.aliceUsdt - t1.usdtprice);
    expect(await s.tokens.dwn9.read.balanceOf([alice])).to.equal(before.aliceDwn9 - t1.dwn8price);
    expect(await s.tokens.usdt.read.balanceOf([treasury])).to.equal(before.treasuryUsdt + t1.usdtprice);
    expect(await s.tokens.dwn9.read.balanceOf([treasury])).to.equal(before.treasuryDwn9 + t1.dwn8price);
    expect(await s.tokens.usdt.read.balanceOf([s.pool.address])).to.equal(0n);

    expect(await s.pool.read.ownerOf([tokenId])).to.equal(alice);
    expect(await s.pool.read.balanceOf([alice])).to.equal(1n);
    expect(await s.pool.read.userHashrate([alice])).to.equal(q.hashrate + q.makeupHashrate);
    expect(await s.pool.read.totalHashrate()).to.equal(q.hashrate + q.makeupHashrate);
    expect(await s.pool.read.userMaxNFTPosition([alice])).to.equal(1n);
    expect(await s.pool.read.userBuyNftCount([alice])).to.equal(1n);
    expect(await s.pool.read.userTierCount([alice, 1n])).to.equal(1n);
    for (const id of [2n, 3n, 4n, 5n]) expect(await s.pool.read.userTierCount([alice, id])).to.equal(0n);
    expect((await s.pool.read.info())[0].sold).to.equal(1n);
  });

  it("adds the makeup hashrate of the purchase day, exactly, on each later purchase", async () => {
    const s = await aliceReady();
    const open = await s.pool.read.openBuyTime();
    let expectedHashrate = 0n;
    for (const days of [1n, 2n, 5n, 30n, 60n]) {
      const at = open + days * DAY;
      await nextAt(at);
      const receipt = await buy(s, "alice", 1n);
      const q = await quoteAt(s, 1n, at);
      expect(q.makeupCount).to.equal(days < 30n ? days : 30n);
      expectEvent(receipt, "NftPurchased", { hashrate: q.hashrate, makeupHashrate: q.makeupHashrate });
      expectedHashrate += q.hashrate + q.makeupHashrate;
      expect(await s.pool.read.userHashrate([s.address("alice")])).to.equal(expectedHashrate);
    }
    expect(await s.pool.read.totalHashrate()).to.equal(expectedHashrate);
  });

  it("numbers tokens tier × 1,000,000 + serial, per tier, and keeps the highest tier as userMaxNFTPosition", async () => {
    const s = await aliceReady();
    await bind(s, "bob", "root");
    await buyer(s, "bob");
    const alice = s.address("alice");
    const bought: [string, bigint, bigint][] = [
      ["alice", 1n, 1_000_001n],
      ["bob", 1n, 1_000_002n],
      ["alice", 3n, 3_000_001n],
      ["alice", 1n, 1_000_003n],
      ["bob", 5n, 5_000_001n],
    ];
    for (const [who, tierId, tokenId] of bought) {
      const receipt = await buy(s, who === "alice" ? "alice" : "bob", tierId);
      expectEvent(receipt, "NftPurchased", { tierId, tokenId });
      expect(await s.pool.read.ownerOf([tokenId])).to.equal(s.address(who === "alice" ? "alice" : "bob"));
    }
    expect(await s.pool.read.userMaxNFTPosition([alice])).to.equal(3n);
    expect(await s.pool.read.userBuyNftCount([alice])).to.equal(3n);
    expect(await s.pool.read.userTierCount([alice, 1n])).to.equal(2n);
    expect(await s.pool.read.userTierCount([alice, 3n])).to.equal(1n);
    expect(await s.pool.read.userMaxNFTPosition([s.address("bob")])).to.equal(5n);
    expect(await s.pool.read.balanceOf([alice])).to.equal(3n);
    const sold = (await s.pool.read.info()).map((t) => t.sold);
    expect(sold).to.deep.equal([3n, 0n, 1n, 0n, 1n]);
  });

  it("lets the root buy without an inviter, paying no direct push to anyone", async () => {
    const s = typed(await loadFixture(deployFixture));
    await buyer(s, "root");
    const receipt = await buy(s, "root", 5n);
    expectEvent(receipt, "NftPurchased", { user: s.address("root"), tierId: 5n, tokenId: 5_000_001n });
    expectCredits(s, receipt, []);
    expect(await s.pool.read.userMaxNFTPosition([s.address("root")])).to.equal(5n);
  });

  it("refuses a buyer who is not bound: PoolUserNotBound", async () => {
    const s = typed(await loadFixture(deployFixture));
    const erin = await buyer(s, "erin");
    await expectRevert(erin.pool.write.buy([1n]), "PoolUserNotBound", [s.address("erin")]);
    expect(await s.pool.read.userHashrate([s.address("erin")])).to.equal(0n);
  });

  it("refuses a tier outside 1..5: PoolInvalidTier", async () => {
    const s = await aliceReady();
    const alice = await actor(s, "alice");
    await expectRevert(alice.pool.write.buy([0n]), "PoolInvalidTier", [0n]);
    await expectRevert(alice.pool.write.buy([6n]), "PoolInvalidTier", [6n]);
  });

  it("refuses a purchase before openBuyTime and accepts one from exactly openBuyTime: PoolBuyingNotOpen", async () => {
    const s = await aliceReady();
    const open = (await now()) + 1000n;
    await s.mined(s.pool.write.setOpenBuyTime([open]));
    const alice = await actor(s, "alice");
    await nextAt(open - 1n);
    await expectRevert(alice.pool.write.buy([1n]), "PoolBuyingNotOpen", [open, open - 1n]);
    await nextAt(open);
    const receipt = await s.mined(alice.pool.write.buy([1n]));
    expectEvent(receipt, "NftPurchased", { user: s.address("alice"), makeupHashrate: 0n });
  });

  it("refuses a purchase once the tier's supply is sold: PoolTierSoldOut", async () => {
    const s = await aliceReady();
    await bind(s, "bob", "root");
    const bob = await buyer(s, "bob");
    const t2 = tierOf(s, 2n);
    await s.mined(s.pool.write.setTier([2n, 1n, t2.usdtprice, t2.dwn8price, t2.multiple, t2.limit]));
    await buy(s, "alice", 2n);
    await expectRevert(bob.pool.write.buy([2n]), "PoolTierSoldOut", [2n]);
    expect((await s.pool.read.info())[1]).to.include({ supply: 1n, sold: 1n });
    // A tier with no supply is sold out from the start.
    await s.mined(s.pool.write.setTier([3n, 0n, token("1"), token("1"), 10_000n, 5n]));
    await expectRevert(bob.pool.write.buy([3n]), "PoolTierSoldOut", [3n]);
  });

  it("refuses more NFTs of a tier than its per-address limit: PoolTierLimitReached", async () => {
    const s = await aliceReady();
    const alice = await actor(s, "alice");
    for (let i = 0; i < 3; i++) await buy(s, "alice", 5n);
    await expectRevert(alice.pool.write.buy([5n]), "PoolTierLimitReached", [5n, 3n]);
    expect(await s.pool.read.userTierCount([s.address("alice"), 5n])).to.equal(3n);
    // The limit is per address and per tier.
    await buy(s, "alice", 4n);
    await bind(s, "bob", "alice");
    await buyer(s, "bob");
    await buy(s, "bob", 5n);
    // A limit of 0 closes the tier to everyone.
    const t1 = tierOf(s, 1n);
    await s.mined(s.pool.write.setTier([1n, t1.supply, t1.usdtprice, t1.dwn8price, t1.multiple, 0n]));
    await expectRevert(alice.pool.write.buy([1n]), "PoolTierLimitReached", [1n, 0n]);
  });

  it("refuses purchases while paused (EnforcedPause) and accepts them after unpause", async () => {
    const s = await aliceReady();
    const alice = await actor(s, "alice");
    await s.mined(s.pool.write.pause());
    await expectRevert(alice.pool.write.buy([1n]), "EnforcedPause", []);
    await s.mined(s.pool.write.unpause());
    await buy(s, "alice", 1n);
    expect(await s.pool.read.userBuyNftCount([s.address("alice")])).to.equal(1n);
  });

  it("fails with the token's ERC20InsufficientAllowance when the buyer did not approve the pool", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    const alice = await actor(s, "alice");
    await s.fund(alice.address, token("1000"), ["usdt", "dwn9"]);
    const t1 = tierOf(s, 1n);
    await expectRevert(alice.pool.write.buy([1n]), "ERC20InsufficientAllowance", [s.pool.address, 0n, t1.usdtprice]);
    await s.mined(alice.usdt.write.approve([s.pool.address, t1.usdtprice]));
    await expectRevert(alice.pool.write.buy([1n]), "ERC20InsufficientAllowance", [s.pool.address, 0n, t1.dwn8price]);
    // Nothing was recorded.
    expect(await s.pool.read.userHashrate([alice.address])).to.equal(0n);
    expect((await s.pool.read.info())[0].sold).to.equal(0n);
    expect(await s.tokens.usdt.read.balanceOf([alice.address])).to.equal(token("1000"));
  });

  it("fails with the token's ERC20InsufficientBalance when the buyer lacks USDT or DWN9", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    const alice = await buyer(s, "alice", 0n);
    const t2 = tierOf(s, 2n);
    await expectRevert(alice.pool.write.buy([2n]), "ERC20InsufficientBalance", [alice.address, 0n, t2.usdtprice]);
    await s.fund(alice.address, t2.usdtprice, ["usdt"]);
    await s.fund(alice.address, t2.dwn8price - 1n, ["dwn9"]);
    await expectRevert(alice.pool.write.buy([2n]), "ERC20InsufficientBalance", [
      alice.address,
      t2.dwn8price - 1n,
      t2.dwn8price,
    ]);
    expect(await s.pool.read.userBuyNftCount([alice.address])).to.equal(0n);
    await s.fund(alice.address, 1n, ["dwn9"]);
    await buy(s, "alice", 2n);
    expect(await s.tokens.usdt.read.balanceOf([alice.address])).to.equal(0n);
    expect(await s.tokens.dwn9.read.balanceOf([alice.address])).to.equal(0n);
  });

  it("sends payments to the treasury the owner set last", async () => {
    const s = await aliceReady();
    const carol = s.address("carol");
    await s.mined(s.pool.write.setTreasury([carol]));
    const oldTreasury = await s.tokens.usdt.read.balanceOf([s.address("treasury")]);
    await buy(s, "alice", 3n);
    const t3 = tierOf(s, 3n);
    expect(await s.tokens.usdt.read.balanceOf([carol])).to.equal(t3.usdtprice);
    expect(await s.tokens.dwn9.read.balanceOf([carol])).to.equal(t3.dwn8price);
    expect(await s.tokens.usdt.read.balanceOf([s.address("treasury")])).to.equal(oldTreasury);
  });
});

describe("Pool direct push", () => {
  /** alice (bound to the root) and bob (bound to alice), both funded and approved. */
  async function pair() {
    const s = await aliceReady();
    await bind(s, "bob", "alice");
    await buyer(s, "bob");
    return s;
  }

  it("credits the inviter directPushRate of the USDT price in DWN at dwnPriceUsdt (IncomeCredited kind 3)", async () => {
    const s = await pair();
    await buy(s, "alice", 1n);
    const receipt = await buy(s, "bob", 2n);
    // 500 USDT × 10% / 0.5 USDT per DWN = 100 DWN.
    const amount = token("100");
    expect(directPush(token("500"), s.params.directPushRate, s.params.dwnPriceUsdt)).to.equal(amount);
    expectCredits(s, receipt, [{ user: s.address("alice"), from: s.address("bob"), kind: KIND.directPush, amount }]);
    expect(await s.pool.read.userDynamicProfit([s.address("alice")])).to.equal(amount);
    expect(await s.pool.read.userDynamicProfit([s.address("bob")])).to.equal(0n);
  });

  it("pays only the direct inviter, not the inviter's own inviter", async () => {
    const s = await pair();
    await buyer(s, "root");
    await buy(s, "root", 5n);
    await buy(s, "alice", 1n);
    const receipt = await buy(s, "bob", 1n);
    const pushes = credits(s, receipt).filter((c) => c.kind === KIND.directPush);
    expect(pushes).to.have.length(1);
    expect(pushes[0].user).to.equal(s.address("alice"));
  });

  it("pays the root as inviter when the root owns an NFT", async () => {
    const s = await aliceReady();
    await buyer(s, "root");
    await buy(s, "root", 1n);
    const receipt = await buy(s, "alice", 4n);
    const amount = directPush(token("3000"), 1000n, token("0.5"));
    expect(amount).to.equal(token("600"));
    expectCredits(s, receipt, [{ user: s.address("root"), from: s.address("alice"), kind: KIND.directPush, amount }]);
  });

  it("pays nothing when the inviter owns no NFT", async () => {
    const s = await pair();
    const receipt = await buy(s, "bob", 5n);
    expectCredits(s, receipt, []);
    expect(await s.pool.read.userDynamicProfit([s.address("alice")])).to.equal(0n);
  });

  it("pays nothing when the owner set directPushRate to 0", async () => {
    const s = await pair();
    await buy(s, "alice", 1n);
    await s.mined(s.pool.write.setDirectPushRate([0n]));
    const receipt = await buy(s, "bob", 5n);
    expectCredits(s, receipt, []);
    expect(await s.pool.read.userDynamicProfit([s.address("alice")])).to.equal(0n);
  });

  it("converts at the current DWN price and rate, rounding down", async () => {
    const s = await pair();
    // No static emission, so bob's repeat purchase credits alice nothing but the push.
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    await buy(s, "alice", 1n);
    await stepPrice(s, token("3"));
    await s.mined(s.pool.write.setDirectPushRate([3000n]));
    const receipt = await buy(s, "bob", 1n);
    // 100 USDT × 30% / 3 USDT per DWN = 10 DWN.
    const first = directPush(token("100"), 3000n, token("3"));
    expect(first).to.equal(token("10"));
    expectEvent(receipt, "IncomeCredited", { user: s.address("alice"), kind: KIND.directPush, amount: first });
    await s.mined(s.pool.write.setDirectPushRate([1000n]));
    const second = await buy(s, "bob", 1n);
    // 100 × 10% / 3 = 3.333… DWN, rounded down to the wei.
    const amount = (token("100") * 1000n * WAD) / (RATE_SCALE * token("3"));
    expect(amount).to.equal(3_333_333_333_333_333_333n);
    expectCredits(s, second, [{ user: s.address("alice"), from: s.address("bob"), kind: KIND.directPush, amount }]);
    expect(await s.pool.read.userDynamicProfit([s.address("alice")])).to.equal(first + amount);
  });

  it("never rounds a push to nothing: the cheapest tier at the lowest rate and the highest DWN price still credits", async () => {
    const s = await pair();
    await buy(s, "alice", 1n);
    // 1 USDT × 0.01% / (2^88 − 1) USDT per DWN ≈ 323 wei.
    const maxPrice = 2n ** 88n - 1n;
    await s.mined(s.pool.write.setTier([2n, 10n, token("1"), 1n, 10_000n, 1n]));
    await s.mined(s.pool.write.setDirectPushRate([1n]));
    await stepPrice(s, maxPrice);
    const receipt = await buy(s, "bob", 2n);
    const amount = directPush(token("1"), 1n, maxPrice);
    expect(amount > 0n).to.equal(true);
    const pushes = credits(s, receipt).filter((c) => c.kind === KIND.directPush);
    expect(pushes).to.deep.equal([{ user: s.address("alice"), from: s.address("bob"), kind: KIND.directPush, amount }]);
  });
});
