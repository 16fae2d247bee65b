import { loadFixture, mine, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  ACC_SCALE,
  actor,
  bind,
  blockTime,
  buy,
  buyer,
  chain,
  type Credit,
  credits,
  dwnOf,
  expectCredits,
  KIND,
  nextAt,
  now,
  RATE_SCALE,
  type System,
  token,
  typed,
  type Who,
} from "./helpers";

const RESERVE = token("1000000");

/** Growth of the reward per hashrate over `seconds` at `rps` shared by `total` hashrate. */
const accDelta = (seconds: bigint, rps: bigint, total: bigint) =>
  total === 0n ? 0n : (seconds * rps * ACC_SCALE) / total;

/** The deploy fixture with the pool's DWN reserve funded. */
async function funded() {
  const s = typed(await loadFixture(deployFixture));
  await s.fund(s.pool.address, RESERVE, ["dwn"]);
  return s;
}

/**
 * Binds `user` under `inviter`, funds it and has it buy `tierId` (at `at`, when given).
 * Returns the timestamp of the purchase.
 */
async function join(s: System, user: Who, inviter: Who, tierId: bigint, at?: bigint): Promise<bigint> {
  await bind(s, user, inviter);
  await buyer(s, user);
  if (at !== undefined) await nextAt(at);
  return blockTime(s, await buy(s, user, tierId));
}

describe("Pool static income", () => {
  it("accrues staticRewardPerSecond to a sole holder and pays it on collectStaticProfit", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    const alice = s.address("alice");
    const t0 = await join(s, "alice", "root", 1n);
    const h = await s.pool.read.userHashrate([alice]);
    expect(h).to.equal(token("150"));

    await time.increaseTo(t0 + 500n);
    const owedAt500 = (h * accDelta(500n, rps, h)) / ACC_SCALE;
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(owedAt500);

    const reserveBefore = await dwnOf(s, s.pool.address);
    await nextAt(t0 + 1000n);
    const receipt = await s.mined((await actor(s, "alice")).pool.write.collectStaticProfit());
    const amount = (h * accDelta(1000n, rps, h)) / ACC_SCALE;
    // 1000 s × 0.01 DWN, less the accumulator's rounding.
    expect(amount).to.equal(9_999_999_999_999_999_900n);
    expectCredits(s, receipt, [{ user: alice, from: alice, kind: KIND.static, amount }]);
    expectEvent(receipt, "StaticProfitCollected", { user: alice, amount });
    expect(await dwnOf(s, alice)).to.equal(amount);
    expect(await dwnOf(s, s.pool.address)).to.equal(reserveBefore - amount);
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(0n);
  });

  it("emits nothing while no hashrate exists: the first buyer earns only from its purchase on", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    await bind(s, "alice", "root");
    const a = await buyer(s, "alice");
    await time.increase(5000);
    const t0 = (await now()) + 1n;
    await nextAt(t0);
    await buy(s, "alice", 1n);
    const h = await s.pool.read.userHashrate([a.address]);
    await nextAt(t0 + 10n);
    const receipt = await s.mined(a.pool.write.collectStaticProfit());
    expectEvent(receipt, "StaticProfitCollected", { user: a.address, amount: (h * accDelta(10n, rps, h)) / ACC_SCALE });
  });

  it("shares the emission by hashrate between holders (reward-per-share accumulator)", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    const [alice, bob] = [s.address("alice"), s.address("bob")];
    const t0 = await join(s, "alice", "root", 1n);
    await join(s, "bob", "root", 2n, t0 + 100n);
    const [ha, hb] = [token("150"), token("800")];
    expect(await s.pool.read.totalHashrate()).to.equal(ha + hb);

    const acc1 = accDelta(100n, rps, ha);
    const acc2 = acc1 + accDelta(200n, rps, ha + hb);
    await nextAt(t0 + 300n);
    const ra = await s.mined((await actor(s, "alice")).pool.write.collectStaticProfit());
    const aliceAmount = (ha * acc2) / ACC_SCALE;
    expectEvent(ra, "StaticProfitCollected", { user: alice, amount: aliceAmount });

    const acc3 = acc2 + accDelta(700n, rps, ha + hb);
    await time.increaseTo(t0 + 1000n);
    const bobOwed = (hb * acc3) / ACC_SCALE - (hb * acc1) / ACC_SCALE;
    expect(await s.pool.read.userStaticProfit([bob])).to.equal(bobOwed);
    expect(await s.pool.read.userStaticProfit([alice])).to.equal((ha * acc3) / ACC_SCALE - (ha * acc2) / ACC_SCALE);
    // Over 1000 s the two shares are about 1000 × 0.01 DWN in all.
    const total = aliceAmount + (await s.pool.read.userStaticProfit([alice])) + bobOwed;
    expect(total <= token("10") && total > token("10") - 10_000n, `${total}`).to.equal(true);
  });

  it("keeps income accrued at the old rate when the owner changes staticRewardPerSecond", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    const t0 = await join(s, "alice", "root", 3n);
    const h = token("1800");
    await nextAt(t0 + 100n);
    await s.mined(s.pool.write.setStaticRewardPerSecond([token("0.05")]));
    await nextAt(t0 + 150n);
    const receipt = await s.mined((await actor(s, "alice")).pool.write.collectStaticProfit());
    const acc = accDelta(100n, rps, h) + accDelta(50n, token("0.05"), h);
    expectEvent(receipt, "StaticProfitCollected", { amount: (h * acc) / ACC_SCALE });
  });

  it("settles static income at the old hashrate before a repeat purchase adds hashrate", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    const alice = s.address("alice");
    const t0 = await join(s, "alice", "root", 1n);
    const h1 = token("150");
    await nextAt(t0 + 200n);
    const receipt = await buy(s, "alice", 2n);
    const acc1 = accDelta(200n, rps, h1);
    const settled = (h1 * acc1) / ACC_SCALE;
    expectCredits(s, receipt, [{ user: alice, from: alice, kind: KIND.static, amount: settled }]);
    const h2 = h1 + token("800");
    expect(await s.pool.read.userHashrate([alice])).to.equal(h2);
    await time.increaseTo(t0 + 300n);
    const acc2 = acc1 + accDelta(100n, rps, h2);
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(
      settled + (h2 * acc2) / ACC_SCALE - (h2 * acc1) / ACC_SCALE,
    );
  });

  it("updates the emission once for two purchases in the same block", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    await bind(s, "alice", "root");
    await bind(s, "bob", "root");
    const a = await buyer(s, "alice");
    const b = await buyer(s, "bob");
    const t0 = (await now()) + 10n;
    await s.testClient.setAutomine(false);
    try {
      const ha = await a.pool.write.buy([1n]);
      const hb = await b.pool.write.buy([1n]);
      await nextAt(t0);
      await mine();
      for (const hash of [ha, hb]) expect((await s.mined(hash)).status).to.equal("success");
    } finally {
      await s.testClient.setAutomine(true);
    }
    const total = token("300");
    expect(await s.pool.read.totalHashrate()).to.equal(total);
    await nextAt(t0 + 100n);
    const receipt = await s.mined(a.pool.write.collectStaticProfit());
    expectEvent(receipt, "StaticProfitCollected", {
      amount: (token("150") * accDelta(100n, rps, total)) / ACC_SCALE,
    });
  });

  it("refuses a collect with nothing to pay: NoStaticIncome", async () => {
    const s = await funded();
    await bind(s, "alice", "root");
    const a = await buyer(s, "alice");
    // No NFT, no hashrate.
    await expectRevert(a.pool.write.collectStaticProfit(), "NoStaticIncome", [a.address]);
    // Hashrate but no emission.
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    await buy(s, "alice", 1n);
    await time.increase(1000);
    expect(await s.pool.read.userStaticProfit([a.address])).to.equal(0n);
    await expectRevert(a.pool.write.collectStaticProfit(), "NoStaticIncome", [a.address]);
  });

  it("refuses a collect the reserve cannot pay (InsufficientReserve) and keeps the balance owed", async () => {
    const s = typed(await loadFixture(deployFixture));
    const rps = s.params.staticRewardPerSecond;
    const t0 = await join(s, "alice", "root", 1n);
    const a = await actor(s, "alice");
    const h = token("150");
    const owed = (seconds: bigint) => (h * accDelta(seconds, rps, h)) / ACC_SCALE;

    await nextAt(t0 + 100n);
    await expectRevert(a.pool.write.collectStaticProfit(), "InsufficientReserve", [owed(100n), 0n]);
    await time.increaseTo(t0 + 150n);
    expect(await s.pool.read.userStaticProfit([a.address])).to.equal(owed(150n));

    await s.fund(s.pool.address, token("1"), ["dwn"]);
    await nextAt(t0 + 200n);
    await expectRevert(a.pool.write.collectStaticProfit(), "InsufficientReserve", [owed(200n), token("1")]);
    expect(await dwnOf(s, a.address)).to.equal(0n);

    await s.fund(s.pool.address, token("100"), ["dwn"]);
    await nextAt(t0 + 300n);
    const receipt = await s.mined(a.pool.write.collectStaticProfit());
    expectEvent(receipt, "StaticProfitCollected", { user: a.address, amount: owed(300n) });
    expect(await dwnOf(s, a.address)).to.equal(owed(300n));
    expect(await dwnOf(s, s.pool.address)).to.equal(token("101") - owed(300n));
  });

  it("can be collected while the pool is paused", async () => {
    const s = await funded();
    const t0 = await join(s, "alice", "root", 1n);
    await s.mined(s.pool.write.pause());
    expect(await s.pool.read.paused()).to.equal(true);
    const a = await actor(s, "alice");
    await nextAt(t0 + 100n);
    const receipt = await s.mined(a.pool.write.collectStaticProfit());
    const amount = (token("150") * accDelta(100n, s.params.staticRewardPerSecond, token("150"))) / ACC_SCALE;
    expectEvent(receipt, "StaticProfitCollected", { user: a.address, amount });
    expect(await dwnOf(s, a.address)).to.equal(amount);
  });
});

describe("Pool generation income", () => {
  /** Generation rates in force (basis points, generation 1 first). */
  const rates = (s: System) => s.params.dynamicRates.map(BigInt);

  /**
   * Builds root ← a1 ← … ← a10 ← u with Hardhat accounts 9..19 (so a10 is u's generation 1 and a1
   * its generation 10), has each ancestor of generation g buy `tierFor(g)` (0: no NFT), has the
   * root buy tier 5, then starts the emission at t and returns u, its ancestors by generation and t.
   */
  async function deepTree(tierFor: (g: number) => number) {
    const s = await funded();
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    const ids = Array.from({ length: 11 }, (_, i) => 9 + i);
    await chain(s, "root", ids);
    await buyer(s, "root");
    await buy(s, "root", 5n);
    const byGeneration = new Map<number, Who>();
    for (let g = 1; g <= 10; g++) {
      const who = ids[10 - g];
      byGeneration.set(g, who);
      const tier = tierFor(g);
      if (tier > 0) {
        await buyer(s, who);
        await buy(s, who, BigInt(tier));
      }
    }
    const u = ids[10];
    await buyer(s, u);
    await buy(s, u, 1n);
    const t = (await now()) + 10n;
    await nextAt(t);
    await s.mined(s.pool.write.setStaticRewardPerSecond([s.params.staticRewardPerSecond]));
    return { s, u: await actor(s, u), byGeneration, t };
  }

  async function expectWalk(tierFor: (g: number) => number, qualifying: number[]) {
    const { s, u, byGeneration, t } = await deepTree(tierFor);
    const total = await s.pool.read.totalHashrate();
    const h = await s.pool.read.userHashrate([u.address]);
    await nextAt(t + 1000n);
    const dynamicBefore = new Map<number, bigint>();
    for (const g of qualifying) {
      const ancestor = await actor(s, byGeneration.get(g) as Who);
      dynamicBefore.set(g, await s.pool.read.userDynamicProfit([ancestor.address]));
    }
    const rootBefore = await s.pool.read.userDynamicProfit([s.address("root")]);
    const receipt = await s.mined(u.pool.write.collectStaticProfit());
    const pending = (h * accDelta(1000n, s.params.staticRewardPerSecond, total)) / ACC_SCALE;
    const expected: Credit[] = [{ user: u.address, from: u.address, kind: KIND.static, amount: pending }];
    for (const g of qualifying) {
      const ancestor = await actor(s, byGeneration.get(g) as Who);
      const amount = (pending * rates(s)[g - 1]) / RATE_SCALE;
      expected.push({ user: ancestor.address, from: u.address, kind: KIND.dynamic, amount });
    }
    expectCredits(s, receipt, expected);
    for (const g of qualifying) {
      const ancestor = await actor(s, byGeneration.get(g) as Who);
      expect(await s.pool.read.userDynamicProfit([ancestor.address]), `generation ${g}`).to.equal(
        (dynamicBefore.get(g) as bigint) + (pending * rates(s)[g - 1]) / RATE_SCALE,
      );
    }
    // The root is generation 11: out of reach even with tier 5.
    expect(await s.pool.read.userDynamicProfit([s.address("root")])).to.equal(rootBefore);
  }

  it("reaches generation g only through an ancestor whose highest tier is at least ceil(g/2) (even g at the bound)", async () => {
    // Even g: tier g/2 = ceil(g/2) qualifies. Odd g: tier ceil(g/2) − 1 falls one short.
    await expectWalk((g) => (g % 2 === 0 ? g / 2 : Math.ceil(g / 2) - 1), [2, 4, 6, 8, 10]);
  });

  it("reaches generation g only through an ancestor whose highest tier is at least ceil(g/2) (odd g at the bound)", async () => {
    // Odd g: tier ceil(g/2) qualifies. Even g: tier g/2 − 1 falls one short.
    await expectWalk((g) => (g % 2 === 1 ? Math.ceil(g / 2) : g / 2 - 1), [1, 3, 5, 7, 9]);
  });

  /** root (tier 5) ← alice (tier 1) ← bob (tier 1), emission from t. */
  async function shortTree() {
    const s = await funded();
    await buyer(s, "root");
    await buy(s, "root", 5n);
    await join(s, "alice", "root", 1n);
    const t0 = await join(s, "bob", "alice", 1n);
    return { s, t0 };
  }

  async function bobCollects(s: System, t0: bigint) {
    const total = await s.pool.read.totalHashrate();
    const h = token("150");
    await nextAt(t0 + 1000n);
    const bob = await actor(s, "bob");
    const receipt = await s.mined(bob.pool.write.collectStaticProfit());
    const pending = (h * accDelta(1000n, s.params.staticRewardPerSecond, total)) / ACC_SCALE;
    return { receipt, pending, bob: bob.address };
  }

  it("stops the walk at the root", async () => {
    const { s, t0 } = await shortTree();
    const { receipt, pending, bob } = await bobCollects(s, t0);
    expectCredits(s, receipt, [
      { user: bob, from: bob, kind: KIND.static, amount: pending },
      { user: s.address("alice"), from: bob, kind: KIND.dynamic, amount: (pending * 1000n) / RATE_SCALE },
      { user: s.address("root"), from: bob, kind: KIND.dynamic, amount: (pending * 800n) / RATE_SCALE },
    ]);
    expectEvent(receipt, "StaticProfitCollected", { user: bob, amount: pending });
  });

  it("walks only as many generations as the owner configured", async () => {
    const { s, t0 } = await shortTree();
    await s.mined(s.pool.write.setDynamicRates([[1500]]));
    const rootBefore = await s.pool.read.userDynamicProfit([s.address("root")]);
    const { receipt, pending, bob } = await bobCollects(s, t0);
    expectCredits(s, receipt, [
      { user: bob, from: bob, kind: KIND.static, amount: pending },
      { user: s.address("alice"), from: bob, kind: KIND.dynamic, amount: (pending * 1500n) / RATE_SCALE },
    ]);
    expect(await s.pool.read.userDynamicProfit([s.address("root")])).to.equal(rootBefore);
  });

  it("credits nothing for a generation whose rate is 0, and no dynamic income without rates", async () => {
    const { s, t0 } = await shortTree();
    await s.mined(s.pool.write.setDynamicRates([[0, 800]]));
    const { receipt, pending, bob } = await bobCollects(s, t0);
    expectCredits(s, receipt, [
      { user: bob, from: bob, kind: KIND.static, amount: pending },
      { user: s.address("root"), from: bob, kind: KIND.dynamic, amount: (pending * 800n) / RATE_SCALE },
    ]);
    await s.mined(s.pool.write.setDynamicRates([[]]));
    await time.increase(100);
    const again = await s.mined((await actor(s, "bob")).pool.write.collectStaticProfit());
    expect(credits(s, again).map((c) => c.kind)).to.deep.equal([KIND.static]);
  });

  it("credits the ancestors when a repeat purchase settles static income", async () => {
    const { s, t0 } = await shortTree();
    const total = await s.pool.read.totalHashrate();
    await nextAt(t0 + 100n);
    const receipt = await buy(s, "bob", 1n);
    const pending = (token("150") * accDelta(100n, s.params.staticRewardPerSecond, total)) / ACC_SCALE;
    const bob = s.address("bob");
    const alice = s.address("alice");
    expectCredits(s, receipt, [
      { user: bob, from: bob, kind: KIND.static, amount: pending },
      { user: alice, from: bob, kind: KIND.dynamic, amount: (pending * 1000n) / RATE_SCALE },
      { user: s.address("root"), from: bob, kind: KIND.dynamic, amount: (pending * 800n) / RATE_SCALE },
      { user: alice, from: bob, kind: KIND.directPush, amount: token("20") },
    ]);
  });
});

describe("Pool dynamic income collection", () => {
  /** alice (tier 1) with 100 DWN of direct push from bob's tier 2 purchase. */
  async function withPush(reserve: bigint) {
    const s = typed(await loadFixture(deployFixture));
    if (reserve > 0n) await s.fund(s.pool.address, reserve, ["dwn"]);
    await join(s, "alice", "root", 1n);
    await join(s, "bob", "alice", 2n);
    expect(await s.pool.read.userDynamicProfit([s.address("alice")])).to.equal(token("100"));
    return { s, alice: await actor(s, "alice") };
  }

  it("pays the dynamic balance in DWN and zeroes it", async () => {
    const { s, alice } = await withPush(RESERVE);
    const receipt = await s.mined(alice.pool.write.collectDynamicProfit());
    expectEvent(receipt, "DynamicProfitCollected", { user: alice.address, amount: token("100") });
    expect(await dwnOf(s, alice.address)).to.equal(token("100"));
    expect(await dwnOf(s, s.pool.address)).to.equal(RESERVE - token("100"));
    expect(await s.pool.read.userDynamicProfit([alice.address])).to.equal(0n);
    await expectRevert(alice.pool.write.collectDynamicProfit(), "NoDynamicIncome", [alice.address]);
  });

  it("refuses a collect with nothing to pay: NoDynamicIncome", async () => {
    const s = await funded();
    const bob = await actor(s, "bob");
    await expectRevert(bob.pool.write.collectDynamicProfit(), "NoDynamicIncome", [bob.address]);
  });

  it("refuses a collect the reserve cannot pay (InsufficientReserve) and keeps the balance owed", async () => {
    const { s, alice } = await withPush(0n);
    await expectRevert(alice.pool.write.collectDynamicProfit(), "InsufficientReserve", [token("100"), 0n]);
    await s.fund(s.pool.address, token("50"), ["dwn"]);
    await expectRevert(alice.pool.write.collectDynamicProfit(), "InsufficientReserve", [token("100"), token("50")]);
    expect(await s.pool.read.userDynamicProfit([alice.address])).to.equal(token("100"));
    await s.fund(s.pool.address, token("50"), ["dwn"]);
    await s.mined(alice.pool.write.collectDynamicProfit());
    expect(await dwnOf(s, alice.address)).to.equal(token("100"));
    expect(await dwnOf(s, s.pool.address)).to.equal(0n);
  });
});

describe("Pool guaranteed return", () => {
  it("credits the owner's amounts to static income (kind 4, from the owner) and pays them on collect", async () => {
    const s = await funded();
    const [alice, bob, owner] = [s.address("alice"), s.address("bob"), s.address("owner")];
    // No emission, so static income is the guarantee alone.
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    await join(s, "alice", "root", 1n);
    await join(s, "bob", "root", 1n);
    const receipt = await s.mined(
      s.pool.write.creditGuarantee([
        [alice, bob],
        [token("7"), token("3")],
      ]),
    );
    expectCredits(s, receipt, [
      { user: alice, from: owner, kind: KIND.guarantee, amount: token("7") },
      { user: bob, from: owner, kind: KIND.guarantee, amount: token("3") },
    ]);
    await s.mined(s.pool.write.creditGuarantee([[alice], [token("1")]]));
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(token("8"));
    expect(await s.pool.read.userStaticProfit([bob])).to.equal(token("3"));
    expect(await s.pool.read.userDynamicProfit([alice])).to.equal(0n);

    const a = await actor(s, "alice");
    const collected = await s.mined(a.pool.write.collectStaticProfit());
    expectCredits(s, collected, []);
    expectEvent(collected, "StaticProfitCollected", { user: alice, amount: token("8") });
    expect(await dwnOf(s, alice)).to.equal(token("8"));
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(0n);
  });

  it("adds to a holder's accrued static income without crediting the ancestors", async () => {
    const s = await funded();
    const rps = s.params.staticRewardPerSecond;
    await buyer(s, "root");
    await buy(s, "root", 5n);
    const t0 = await join(s, "alice", "root", 1n);
    const total = await s.pool.read.totalHashrate();
    const alice = s.address("alice");
    await nextAt(t0 + 50n);
    const credit = await s.mined(s.pool.write.creditGuarantee([[alice], [token("5")]]));
    expectCredits(s, credit, [{ user: alice, from: s.address("owner"), kind: KIND.guarantee, amount: token("5") }]);
    await nextAt(t0 + 100n);
    const receipt = await s.mined((await actor(s, "alice")).pool.write.collectStaticProfit());
    const accrued = (token("150") * accDelta(100n, rps, total)) / ACC_SCALE;
    // The generation walk shares only the settled emission, not the guarantee.
    expectCredits(s, receipt, [
      { user: alice, from: alice, kind: KIND.static, amount: accrued },
      { user: s.address("root"), from: alice, kind: KIND.dynamic, amount: (accrued * 1000n) / RATE_SCALE },
    ]);
    expectEvent(receipt, "StaticProfitCollected", { user: alice, amount: accrued + token("5") });
  });
});
