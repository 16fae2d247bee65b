import hre from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import type { Address } from "viem";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  type Actor,
  actor,
  bind,
  poolAt,
  buy,
  buyer,
  stepPrice,
  type System,
  token,
  typed,
  WAD,
  ZERO,
} from "./helpers";

const UINT88_MAX = 2n ** 88n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

describe("Pool construction", () => {
  async function tokens(s: System): Promise<[Address, Address, Address]> {
    const c = s.record.contracts;
    return [c.usdt, c.dwn9, c.dwn];
  }

  it("refuses a zero root, treasury or token address: PoolZeroAddress", async () => {
    const s = typed(await loadFixture(deployFixture));
    const [owner, root, treasury] = [s.address("owner"), s.address("root"), s.address("treasury")];
    const [usdt, dwn9, dwn] = await tokens(s);
    const cases: [Address, Address, [Address, Address, Address]][] = [
      [ZERO, treasury, [usdt, dwn9, dwn]],
      [root, ZERO, [usdt, dwn9, dwn]],
      [root, treasury, [ZERO, dwn9, dwn]],
      [root, treasury, [usdt, ZERO, dwn]],
      [root, treasury, [usdt, dwn9, ZERO]],
    ];
    for (const [r, t, toks] of cases) {
      await expectRevert(hre.viem.deployContract("Pool", [owner, r, t, toks, 100n, WAD]), "PoolZeroAddress", []);
    }
    await expectRevert(
      hre.viem.deployContract("Pool", [owner, root, treasury, [usdt, dwn9, dwn], 201n, WAD]),
      "PoolValueOutOfRange",
      [201n, 0n, 200n],
    );
    await expectRevert(
      hre.viem.deployContract("Pool", [owner, root, treasury, [usdt, dwn9, dwn], 100n, 10n ** 15n - 1n]),
      "PoolValueOutOfRange",
      [10n ** 15n - 1n, 10n ** 15n, 2n ** 88n - 1n],
    );
  });

  it("starts with buying open now, no makeup, the DWN price it was given and nothing configured", async () => {
    const s = typed(await loadFixture(deployFixture));
    const [usdt, dwn9, dwn] = await tokens(s);
    const deployed = await hre.viem.deployContract("Pool", [
      s.address("alice"),
      s.address("root"),
      s.address("treasury"),
      [usdt, dwn9, dwn],
      200n,
      WAD,
    ]);
    const pool = poolAt(s, deployed.address);
    expect(await pool.read.maxGuaranteePercent()).to.equal(200n);
    const deployedAt = BigInt(await time.latest());
    expect(await pool.read.owner()).to.equal(s.address("alice"));
    expect(await pool.read.root()).to.equal(s.address("root"));
    expect(await pool.read.treasury()).to.equal(s.address("treasury"));
    expect(await pool.read.usdt()).to.equal(usdt);
    expect(await pool.read.dwn8()).to.equal(dwn9);
    expect(await pool.read.dwn()).to.equal(dwn);
    expect(await pool.read.openBuyTime()).to.equal(deployedAt);
    expect(await pool.read.makeup()).to.deep.equal([10_000n, 0n]);
    expect(await pool.read.dwnPriceUsdt()).to.equal(WAD);
    expect(await pool.read.staticRewardPerSecond()).to.equal(0n);
    expect(await pool.read.directPushRate()).to.equal(0n);
    expect(await pool.read.dynamicRates()).to.deep.equal([]);
    expect(await pool.read.openCapitalPool()).to.equal(false);
    expect(await pool.read.paused()).to.equal(false);
    expect(await pool.read.totalHashrate()).to.equal(0n);
    expect(await pool.read.name()).to.equal("DWN Hashrate NFT");
    expect(await pool.read.symbol()).to.equal("DWNNFT");
    for (const t of await pool.read.info()) {
      expect(t).to.include({ supply: 0n, sold: 0n, usdtprice: 0n, dwn8price: 0n, multiple: 0n, limit: 0n });
    }
  });

  it("publishes the bounds its setters enforce", async () => {
    const s = typed(await loadFixture(deployFixture));
    const r = s.pool.read;
    expect(await r.TIER_COUNT()).to.equal(5n);
    expect(await r.MAX_GENERATIONS()).to.equal(10n);
    expect(await r.RATE_SCALE()).to.equal(10_000n);
    expect(await r.MAX_DIRECT_PUSH_RATE()).to.equal(3000n);
    expect(await r.MAX_GENERATION_RATE()).to.equal(2000n);
    expect(await r.MAX_GENERATION_RATE_SUM()).to.equal(5000n);
    expect(await r.MAX_MULTIPLE()).to.equal(100_000n);
    expect(await r.MAX_LIMIT()).to.equal(255n);
    expect(await r.TOKEN_ID_TIER_BASE()).to.equal(1_000_000n);
    expect(await r.MIN_MAKEUP_PERCENT()).to.equal(10_000n);
    expect(await r.MAX_MAKEUP_PERCENT()).to.equal(11_000n);
    expect(await r.MAX_MAKEUP_COUNT()).to.equal(365n);
    expect(await r.MAX_STATIC_REWARD_PER_SECOND()).to.equal(token("1000"));
    expect(await r.MAX_GUARANTEE_BATCH()).to.equal(200n);
  });

  it("is configured by the deploy script with the devnet parameters", async () => {
    const s = typed(await loadFixture(deployFixture));
    const p = s.params;
    expect(await s.pool.read.owner()).to.equal(s.address("owner"));
    expect(await s.pool.read.treasury()).to.equal(s.address("treasury"));
    expect(await s.pool.read.staticRewardPerSecond()).to.equal(p.staticRewardPerSecond);
    expect(await s.pool.read.directPushRate()).to.equal(p.directPushRate);
    expect(await s.pool.read.dynamicRates()).to.deep.equal(p.dynamicRates);
    expect(await s.pool.read.dwnPriceUsdt()).to.equal(p.dwnPriceUsdt);
    expect(await s.pool.read.makeup()).to.deep.equal([p.makeupPercent, p.maxMakeupCount]);
    expect(await s.pool.read.openCapitalPool()).to.equal(p.openCapitalPool);
  });
});

describe("Pool owner settings", () => {
  it("setTier() rewrites a tier (TierSet) without touching hashrate already sold", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    await buyer(s, "alice");
    await buy(s, "alice", 2n);
    const hashrate = await s.pool.read.userHashrate([s.address("alice")]);
    const receipt = await s.mined(s.pool.write.setTier([2n, 5n, token("7"), token("9"), 12_345n, 4n]));
    expectEvent(receipt, "TierSet", {
      tierId: 2n,
      supply: 5n,
      usdtprice: token("7"),
      dwn8price: token("9"),
      multiple: 12_345n,
      limit: 4n,
    });
    expect((await s.pool.read.info())[1]).to.deep.equal({
      id: 2n,
      supply: 5n,
      sold: 1n,
      usdtprice: token("7"),
      dwn8price: token("9"),
      multiple: 12_345n,
      limit: 4n,
    });
    expect(await s.pool.read.userHashrate([s.address("alice")])).to.equal(hashrate);
    expect(await s.pool.read.totalHashrate()).to.equal(hashrate);
    expect((await s.pool.read.buyView([2n])).hashrate).to.equal((token("7") * 12_345n) / 10_000n);
  });

  it("setTier() accepts every upper bound and refuses one past it: PoolValueOutOfRange", async () => {
    const s = typed(await loadFixture(deployFixture));
    await s.mined(s.pool.write.setTier([5n, 999_999n, UINT88_MAX, UINT88_MAX, 100_000n, 255n]));
    expect((await s.pool.read.info())[4]).to.include({
      supply: 999_999n,
      usdtprice: UINT88_MAX,
      dwn8price: UINT88_MAX,
      multiple: 100_000n,
      limit: 255n,
    });
    const ok = [1n, 10n, token("1"), token("1"), 10_000n, 1n] as const;
    const cases: [readonly [bigint, bigint, bigint, bigint, bigint, bigint], bigint[]][] = [
      [
        [1n, 1_000_000n, ok[2], ok[3], ok[4], ok[5]],
        [1_000_000n, 0n, 999_999n],
      ],
      [
        [1n, ok[1], UINT88_MAX + 1n, ok[3], ok[4], ok[5]],
        [UINT88_MAX + 1n, token("1"), UINT88_MAX],
      ],
      // A tier that can be sold costs at least 1 USDT.
      [
        [1n, ok[1], token("1") - 1n, ok[3], ok[4], ok[5]],
        [token("1") - 1n, token("1"), UINT88_MAX],
      ],
      [
        [1n, ok[1], ok[2], UINT88_MAX + 1n, ok[4], ok[5]],
        [UINT88_MAX + 1n, 0n, UINT88_MAX],
      ],
      [
        [1n, ok[1], ok[2], ok[3], 0n, ok[5]],
        [0n, 1n, 100_000n],
      ],
      [
        [1n, ok[1], ok[2], ok[3], 100_001n, ok[5]],
        [100_001n, 1n, 100_000n],
      ],
      [
        [1n, ok[1], ok[2], ok[3], ok[4], 256n],
        [256n, 0n, 255n],
      ],
    ];
    for (const [args, error] of cases) {
      await expectRevert(s.pool.write.setTier([...args]), "PoolValueOutOfRange", error);
    }
    // Lower bounds that are allowed: 1 USDT for a tier on sale; no supply and free for one that is not.
    await s.mined(s.pool.write.setTier([2n, 1n, token("1"), 0n, 1n, 0n]));
    expect((await s.pool.read.info())[1]).to.include({ supply: 1n, usdtprice: token("1"), multiple: 1n, limit: 0n });
    await s.mined(s.pool.write.setTier([1n, 0n, 0n, 0n, 1n, 0n]));
    expect((await s.pool.read.info())[0]).to.include({ supply: 0n, usdtprice: 0n, multiple: 1n, limit: 0n });
  });

  it("setTier() refuses tiers outside 1..5 (PoolInvalidTier) and a supply below what is sold (PoolSupplyBelowSold)", async () => {
    const s = typed(await loadFixture(deployFixture));
    await expectRevert(s.pool.write.setTier([0n, 1n, 1n, 1n, 1n, 1n]), "PoolInvalidTier", [0n]);
    await expectRevert(s.pool.write.setTier([6n, 1n, 1n, 1n, 1n, 1n]), "PoolInvalidTier", [6n]);
    await bind(s, "alice", "root");
    await buyer(s, "alice");
    await buy(s, "alice", 1n);
    await buy(s, "alice", 1n);
    await expectRevert(s.pool.write.setTier([1n, 1n, 1n, 1n, 1n, 1n]), "PoolSupplyBelowSold", [1n, 1n, 2n]);
    // Exactly what is sold closes the tier.
    await s.mined(s.pool.write.setTier([1n, 2n, 1n, 1n, 1n, 10n]));
    await expectRevert((await actor(s, "alice")).pool.write.buy([1n]), "PoolTierSoldOut", [1n]);
  });

  it("setStaticRewardPerSecond() sets the emission up to 1000 DWN a second (StaticRewardPerSecondSet)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const max = token("1000");
    const receipt = await s.mined(s.pool.write.setStaticRewardPerSecond([max]));
    expectEvent(receipt, "StaticRewardPerSecondSet", { rewardPerSecond: max });
    expect(await s.pool.read.staticRewardPerSecond()).to.equal(max);
    await expectRevert(s.pool.write.setStaticRewardPerSecond([max + 1n]), "PoolValueOutOfRange", [max + 1n, 0n, max]);
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    expect(await s.pool.read.staticRewardPerSecond()).to.equal(0n);
  });

  it("setDirectPushRate() sets the rate up to 30% (DirectPushRateSet)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const receipt = await s.mined(s.pool.write.setDirectPushRate([3000n]));
    expectEvent(receipt, "DirectPushRateSet", { rate: 3000n });
    expect(await s.pool.read.directPushRate()).to.equal(3000n);
    await expectRevert(s.pool.write.setDirectPushRate([3001n]), "PoolValueOutOfRange", [3001n, 0n, 3000n]);
  });

  it("setDynamicRates() sets up to ten rates, each ≤ 20% and summing to ≤ 50% (DynamicRatesSet)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const full = [2000, 2000, 1000, 0, 0, 0, 0, 0, 0, 0];
    let receipt = await s.mined(s.pool.write.setDynamicRates([full]));
    expectEvent(receipt, "DynamicRatesSet", { rates: full });
    expect(await s.pool.read.dynamicRates()).to.deep.equal(full);
    receipt = await s.mined(s.pool.write.setDynamicRates([[300, 200]]));
    expectEvent(receipt, "DynamicRatesSet", { rates: [300, 200] });
    expect(await s.pool.read.dynamicRates()).to.deep.equal([300, 200]);
    await s.mined(s.pool.write.setDynamicRates([[]]));
    expect(await s.pool.read.dynamicRates()).to.deep.equal([]);

    await expectRevert(s.pool.write.setDynamicRates([new Array<number>(11).fill(1)]), "PoolTooManyGenerations", [
      11n,
      10n,
    ]);
    await expectRevert(s.pool.write.setDynamicRates([[100, 2001]]), "PoolValueOutOfRange", [2001n, 0n, 2000n]);
    await expectRevert(s.pool.write.setDynamicRates([[2000, 2000, 1001]]), "PoolValueOutOfRange", [5001n, 0n, 5000n]);
    expect(await s.pool.read.dynamicRates()).to.deep.equal([]);
  });

  it("setDwnPrice() sets a price of at least 0.001 USDT that fits 88 bits, at most 2x from the last (DwnPriceSet)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const min = token("0.001");
    const start = await s.pool.read.dwnPriceUsdt();
    for (const price of [start / 2n, start, start * 2n]) {
      const receipt = await s.mined(s.pool.write.setDwnPrice([price]));
      expectEvent(receipt, "DwnPriceSet", { dwnPriceUsdt: price });
      expect(await s.pool.read.dwnPriceUsdt()).to.equal(price);
    }
    await expectRevert(s.pool.write.setDwnPrice([start * 4n + 1n]), "PoolPriceStepTooLarge", [
      start * 4n + 1n,
      start,
      start * 4n,
    ]);
    await stepPrice(s, min);
    expect(await s.pool.read.dwnPriceUsdt()).to.equal(min);
    await expectRevert(s.pool.write.setDwnPrice([min - 1n]), "PoolValueOutOfRange", [min - 1n, min, UINT88_MAX]);
    await stepPrice(s, UINT88_MAX);
    expect(await s.pool.read.dwnPriceUsdt()).to.equal(UINT88_MAX);
    await expectRevert(s.pool.write.setDwnPrice([UINT88_MAX + 1n]), "PoolValueOutOfRange", [
      UINT88_MAX + 1n,
      min,
      UINT88_MAX,
    ]);
    await expectRevert(s.pool.write.setDwnPrice([UINT88_MAX / 2n - 1n]), "PoolPriceStepTooLarge");
  });

  it("setOpenBuyTime() only moves the opening later, at most 365 days ahead (OpenBuyTimeSet, PoolOpenBuyTimeTooLate)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const open = await s.pool.read.openBuyTime();
    await expectRevert(s.pool.write.setOpenBuyTime([open - 1n]), "PoolValueOutOfRange", [open - 1n, open, UINT64_MAX]);
    await expectRevert(s.pool.write.setOpenBuyTime([0n]), "PoolValueOutOfRange", [0n, open, UINT64_MAX]);
    // The same time is allowed (a no-op), then any later one up to a year ahead.
    await s.mined(s.pool.write.setOpenBuyTime([open]));
    const at = (await time.latest()) + 10;
    await time.setNextBlockTimestamp(at);
    const latest = BigInt(at) + 365n * 86_400n;
    const receipt = await s.mined(s.pool.write.setOpenBuyTime([latest]));
    expectEvent(receipt, "OpenBuyTimeSet", { openBuyTime: latest });
    expect(await s.pool.read.openBuyTime()).to.equal(latest);
    await expectRevert(s.pool.write.setOpenBuyTime([UINT64_MAX + 1n]), "PoolValueOutOfRange", [
      UINT64_MAX + 1n,
      latest,
      UINT64_MAX,
    ]);
    await expectRevert(s.pool.write.setOpenBuyTime([UINT64_MAX]), "PoolOpenBuyTimeTooLate");
    await expectRevert(s.pool.write.setOpenBuyTime([open]), "PoolValueOutOfRange", [open, latest, UINT64_MAX]);
  });

  it("setOpenBuyTime() is refused once anything is sold: PoolOpenBuyTimeFixed", async () => {
    const s = typed(await loadFixture(deployFixture));
    const open = await s.pool.read.openBuyTime();
    await bind(s, "alice", "root");
    await buyer(s, "alice");
    await buy(s, "alice", 1n);
    await expectRevert(s.pool.write.setOpenBuyTime([open + 86_400n]), "PoolOpenBuyTimeFixed", []);
    expect(await s.pool.read.openBuyTime()).to.equal(open);
  });

  it("setMakeup() takes a factor in [1, 1.1], at most 365 days and a total of at most 3x (MakeupSet)", async () => {
    const s = typed(await loadFixture(deployFixture));
    for (const [percent, count] of [
      [10_000n, 0n],
      [10_000n, 365n],
      // 1.1^11 ≈ 2.85 and 1.003^365 ≈ 2.98: the largest allowed at these ends.
      [11_000n, 11n],
      [10_030n, 365n],
    ]) {
      const receipt = await s.mined(s.pool.write.setMakeup([percent, count]));
      expectEvent(receipt, "MakeupSet", { makeupPercent: percent, maxMakeupCount: count });
      expect(await s.pool.read.makeup()).to.deep.equal([percent, count]);
    }
    await expectRevert(s.pool.write.setMakeup([9_999n, 1n]), "PoolValueOutOfRange", [9_999n, 10_000n, 11_000n]);
    await expectRevert(s.pool.write.setMakeup([11_001n, 1n]), "PoolValueOutOfRange", [11_001n, 10_000n, 11_000n]);
    await expectRevert(s.pool.write.setMakeup([10_100n, 366n]), "PoolValueOutOfRange", [366n, 0n, 365n]);
    // 1.1^12 ≈ 3.14 and 1.0031^365 ≈ 3.09: over 3x (worked out here from exact powers).
    for (const [percent, count] of [
      [11_000n, 12n],
      [10_031n, 365n],
    ]) {
      expect(WAD * percent ** count > 3n * WAD * 10_000n ** count).to.equal(true);
      await expectRevert(s.pool.write.setMakeup([percent, count]), "PoolMakeupTooLarge");
    }
    expect(await s.pool.read.makeup()).to.deep.equal([10_030n, 365n]);
  });

  it("setTreasury() moves where payments go and refuses the zero address (TreasurySet, PoolZeroAddress)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const receipt = await s.mined(s.pool.write.setTreasury([s.address("dave")]));
    expectEvent(receipt, "TreasurySet", { treasury: s.address("dave") });
    expect(await s.pool.read.treasury()).to.equal(s.address("dave"));
    await expectRevert(s.pool.write.setTreasury([ZERO]), "PoolZeroAddress", []);
    expect(await s.pool.read.treasury()).to.equal(s.address("dave"));
  });

  it("setOpenCapitalPool() opens and closes guaranteed returns (OpenCapitalPoolSet, PoolCapitalPoolClosed)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const alice = s.address("alice");
    let receipt = await s.mined(s.pool.write.setOpenCapitalPool([false]));
    expectEvent(receipt, "OpenCapitalPoolSet", { open: false });
    expect(await s.pool.read.openCapitalPool()).to.equal(false);
    await expectRevert(s.pool.write.creditGuarantee([[alice], [1n]]), "PoolCapitalPoolClosed", []);
    // No emission, so alice's static income is the guarantee alone.
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    await bind(s, "alice", "root");
    await buyer(s, "alice");
    await buy(s, "alice", 1n);
    await s.fund(s.pool.address, token("1000"), ["dwn"]);
    receipt = await s.mined(s.pool.write.setOpenCapitalPool([true]));
    expectEvent(receipt, "OpenCapitalPoolSet", { open: true });
    await s.mined(s.pool.write.creditGuarantee([[alice], [1n]]));
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(1n);
  });

  it("creditGuarantee() checks lengths and batch size", async () => {
    const s = typed(await loadFixture(deployFixture));
    const alice = s.address("alice");
    // No emission, so alice's static income is the guarantee alone.
    await s.mined(s.pool.write.setStaticRewardPerSecond([0n]));
    await bind(s, "alice", "root");
    await buyer(s, "alice");
    await buy(s, "alice", 1n);
    await s.fund(s.pool.address, token("1000"), ["dwn"]);
    await expectRevert(s.pool.write.creditGuarantee([[alice, alice], [1n]]), "PoolLengthMismatch", [2n, 1n]);
    await expectRevert(s.pool.write.creditGuarantee([[], []]), "PoolValueOutOfRange", [0n, 1n, 200n]);
    const batch = (n: number) => new Array<Address>(n).fill(alice);
    const ones = (n: number) => new Array<bigint>(n).fill(1n);
    await expectRevert(s.pool.write.creditGuarantee([batch(201), ones(201)]), "PoolValueOutOfRange", [201n, 1n, 200n]);
    await s.mined(s.pool.write.creditGuarantee([batch(200), ones(200)]));
    expect(await s.pool.read.userStaticProfit([alice])).to.equal(200n);
  });

  it("pause() and unpause() toggle purchases (Paused, Unpaused) and refuse a repeat", async () => {
    const s = typed(await loadFixture(deployFixture));
    const owner = s.address("owner");
    let receipt = await s.mined(s.pool.write.pause());
    expectEvent(receipt, "Paused", { account: owner });
    expect(await s.pool.read.paused()).to.equal(true);
    await expectRevert(s.pool.write.pause(), "EnforcedPause", []);
    receipt = await s.mined(s.pool.write.unpause());
    expectEvent(receipt, "Unpaused", { account: owner });
    expect(await s.pool.read.paused()).to.equal(false);
    await expectRevert(s.pool.write.unpause(), "ExpectedPause", []);
  });
});

describe("Pool ownership", () => {
  type OwnerCall = [string, (pool: Actor["pool"]) => Promise<unknown>];
  const OWNER_CALLS: OwnerCall[] = [
    ["setTier", (p) => p.write.setTier([1n, 1n, 1n, 1n, 1n, 1n])],
    ["setStaticRewardPerSecond", (p) => p.write.setStaticRewardPerSecond([1n])],
    ["setDirectPushRate", (p) => p.write.setDirectPushRate([1n])],
    ["setDynamicRates", (p) => p.write.setDynamicRates([[1]])],
    ["setDwnPrice", (p) => p.write.setDwnPrice([1n])],
    ["setOpenBuyTime", (p) => p.write.setOpenBuyTime([1n])],
    ["setMakeup", (p) => p.write.setMakeup([10_000n, 1n])],
    ["setTreasury", (p) => p.write.setTreasury([ZERO])],
    ["setOpenCapitalPool", (p) => p.write.setOpenCapitalPool([false])],
    ["creditGuarantee", (p) => p.write.creditGuarantee([[ZERO], [1n]])],
    ["pause", (p) => p.write.pause()],
    ["unpause", (p) => p.write.unpause()],
    ["transferOwnership", (p) => p.write.transferOwnership([ZERO])],
  ];

  for (const [name, call] of OWNER_CALLS) {
    it(`${name}() refuses a caller that is not the owner: OwnableUnauthorizedAccount`, async () => {
      const s = typed(await loadFixture(deployFixture));
      for (const role of ["alice", "root", "treasury"] as const) {
        const a = await actor(s, role);
        await expectRevert(call(a.pool), "OwnableUnauthorizedAccount", [a.address]);
      }
    });
  }

  it("hands ownership over in two steps (OwnershipTransferStarted, OwnershipTransferred)", async () => {
    const s = typed(await loadFixture(deployFixture));
    const [owner, alice] = [s.address("owner"), s.address("alice")];
    const started = await s.mined(s.pool.write.transferOwnership([alice]));
    expectEvent(started, "OwnershipTransferStarted", { previousOwner: owner, newOwner: alice });
    expect(await s.pool.read.owner()).to.equal(owner);
    expect(await s.pool.read.pendingOwner()).to.equal(alice);
    const bob = await actor(s, "bob");
    await expectRevert(bob.pool.write.acceptOwnership(), "OwnableUnauthorizedAccount", [bob.address]);

    const a = await actor(s, "alice");
    const accepted = await s.mined(a.pool.write.acceptOwnership());
    expectEvent(accepted, "OwnershipTransferred", { previousOwner: owner, newOwner: alice });
    expect(await s.pool.read.owner()).to.equal(alice);
    expect(await s.pool.read.pendingOwner()).to.equal(ZERO);
    await expectRevert(s.pool.write.pause(), "OwnableUnauthorizedAccount", [owner]);
    await s.mined(a.pool.write.setDirectPushRate([5n]));
    expect(await s.pool.read.directPushRate()).to.equal(5n);
  });
});
