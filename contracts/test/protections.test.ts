/**
 * Proofs of concept of what the owner key could once do to users (each case would pass against
 * the contracts before the user protections of DESIGN.md §3, and fails there), and of the bounds
 * that now hold whoever the owner is.
 */
import hre from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { encodeFunctionData, getAddress, getContract, zeroHash, type Hash } from "viem";
import { deploy, deployFixture } from "./support/fixture";
import { devnetParams } from "../deploy/params";
import { poolAbi, timelockAbi } from "../generated/deployments";
import { expectEvent, expectRevert, revertOf } from "./support/expect";
import * as P from "./pool/helpers";
import * as S from "./staking/helpers";

const token = P.token;

/** Mines `hashes`, sent with automine off, in one block in the order sent; their receipts. */
async function oneBlock(s: Pick<P.System, "publicClient">, send: () => Promise<Hash[]>) {
  await hre.network.provider.send("evm_setAutomine", [false]);
  let hashes: Hash[];
  try {
    hashes = await send();
    await hre.network.provider.send("evm_mine", []);
  } finally {
    await hre.network.provider.send("evm_setAutomine", [true]);
  }
  return Promise.all(hashes.map((hash) => s.publicClient.waitForTransactionReceipt({ hash })));
}

/** The custom error a mined, reverted transaction raised (replayed as a call at its block). */
async function minedRevert(s: Pick<P.System, "publicClient">, hash: Hash) {
  const tx = await s.publicClient.getTransaction({ hash });
  try {
    // At the end of its block: the state it met (the transactions before it in the block applied; it changed nothing).
    await s.publicClient.call({ account: tx.from, to: tx.to, data: tx.input, blockNumber: tx.blockNumber });
  } catch (error) {
    return revertOf(error);
  }
  throw new Error("the transaction does not revert when replayed");
}

describe("user protections: the six cases of the review", () => {
  it("1. a fee raise after a stake does not reach it: 1,000 DWN at 5 % returns 950, not 800", async () => {
    const s = S.typed(await loadFixture(deployFixture));
    await S.fundReserve(s, token("1000"));
    const { id, start } = await S.newStake(s, "alice", 10n);
    await s.mined(s.staking.write.setFeeRates([2000n, 2000n]));
    await S.nextAt(start + S.DURATION);
    const receipt = await s.mined(S.as(s, "alice").staking.write.redeem([id]));
    expectEvent(receipt, "Redeemed", { amount: token("1000"), fee: token("50") });
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(token("950"));
  });

  it("2a. a terms change mined just before a quote-bound stake in the same block makes it revert, taking nothing", async () => {
    const s = S.typed(await loadFixture(deployFixture));
    const alice = S.as(s, "alice");
    await S.staker(s, "alice", 1n);
    // The web app approves 2^256 − 1; give alice much more A8 than one unit costs.
    await s.mined(s.a8.write.mint([s.address("alice"), token("10000")]));
    const quote = await s.staking.read.stakeView();
    const rate = await s.staking.read.rewardPerUnitPerSecond();
    const a8Before = await s.a8.read.balanceOf([s.address("alice")]);
    const [change, stake] = await oneBlock(s, async () => [
      await s.staking.write.setStakeTerms([quote.dwnAmount, token("10050"), 3650n, S.GRACE, 0n]),
      await alice.staking.write.stake([
        1n,
        quote.dwnAmount,
        quote.a8Amount,
        quote.cycle,
        rate,
        S.UNSTAKE_FEE,
        S.COLLECT_FEE,
        quote.gracePeriod,
      ]),
    ]);
    expect(change.status).to.equal("success");
    expect(stake.status).to.equal("reverted");
    expect(stake.blockNumber).to.equal(change.blockNumber);
    const error = await minedRevert(s, stake.transactionHash);
    expect(error).to.deep.equal({
      name: "StakingTermsMoved",
      args: [quote.dwnAmount, token("10050"), 3650n, 0n, S.UNSTAKE_FEE, S.COLLECT_FEE, S.GRACE],
    });
    expect(await s.a8.read.balanceOf([s.address("alice")])).to.equal(a8Before);
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(S.UNIT_DWN);
    expect(await s.staking.read.stakeCount()).to.equal(0n);
  });

  it("2b. a tier or makeup change mined just before a quote-bound buy in the same block makes it revert", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    await P.bind(s, "alice", "root");
    const alice = await P.buyer(s, "alice");
    const q = await s.pool.read.buyView([1n]);
    const bound = [1n, q.payusdt, q.paydwn8, q.hashrate + q.makeupHashrate] as const;
    const t = P.tierOf(s, 1n);
    const cases: [string, () => Promise<Hash>, readonly [bigint, bigint, bigint]][] = [
      [
        "price",
        () => s.pool.write.setTier([1n, t.supply, t.usdtprice * 2n, t.dwn8price, t.multiple, t.limit]),
        [t.usdtprice * 2n, t.dwn8price, q.hashrate * 2n],
      ],
      [
        "DWN9 price",
        () => s.pool.write.setTier([1n, t.supply, t.usdtprice, t.dwn8price + 1n, t.multiple, t.limit]),
        [t.usdtprice, t.dwn8price + 1n, q.hashrate],
      ],
      [
        "multiple",
        () => s.pool.write.setTier([1n, t.supply, t.usdtprice, t.dwn8price, 10_000n, t.limit]),
        [t.usdtprice, t.dwn8price, t.usdtprice],
      ],
    ];
    for (const [what, change, moved] of cases) {
      const id = await hre.network.provider.send("evm_snapshot", []);
      const [c, buy] = await oneBlock(s, async () => [await change(), await alice.pool.write.buy(bound)]);
      expect(c.status, what).to.equal("success");
      expect(buy.status, what).to.equal("reverted");
      expect(await minedRevert(s, buy.transactionHash), what).to.deep.equal({
        name: "PoolQuoteMoved",
        args: [1n, ...moved],
      });
      expect(await s.pool.read.userBuyNftCount([alice.address]), what).to.equal(0n);
      expect(await s.tokens.usdt.read.balanceOf([alice.address]), what).to.equal(P.BUYER_FUNDS);
      await hre.network.provider.send("evm_revert", [id]);
    }
    // A makeup cut a day after opening lowers the hashrate below the quote.
    await s.mined(s.pool.write.setMakeup([10_100n, 30n]));
    await time.increase(Number(P.DAY));
    const later = await s.pool.read.buyView([1n]);
    expect(later.makeupHashrate > 0n).to.equal(true);
    const laterBound = [1n, later.payusdt, later.paydwn8, later.hashrate + later.makeupHashrate] as const;
    const [, buy] = await oneBlock(s, async () => [
      await s.pool.write.setMakeup([10_000n, 0n]),
      await alice.pool.write.buy(laterBound),
    ]);
    expect(await minedRevert(s, buy.transactionHash)).to.deep.equal({
      name: "PoolQuoteMoved",
      args: [1n, later.payusdt, later.paydwn8, later.hashrate],
    });
    // With the quote unchanged the same call buys.
    await s.mined(alice.pool.write.buy([1n, later.payusdt, later.paydwn8, later.hashrate]));
    expect(await s.pool.read.userBuyNftCount([alice.address])).to.equal(1n);
  });

  it("3. creditGuarantee cannot drain the reserve, pay a stranger or brick a user", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    await s.fund(s.pool.address, token("10000"), ["dwn"]);
    await P.bind(s, "alice", "root");
    await P.buyer(s, "alice");
    await P.buy(s, "alice", 1n);
    const alice = s.address("alice");
    const stranger = s.address("erin");
    // A stranger (never bound, no NFT) gets nothing, even a wei.
    await expectRevert(s.pool.write.creditGuarantee([[stranger], [1n]]), "PoolNoNft", [stranger]);
    // The whole reserve to a holder: over her cap.
    await expectRevert(s.pool.write.creditGuarantee([[alice], [token("10000")]]), "PoolGuaranteeCapExceeded", [
      alice,
      token("10000"),
      token("200"),
    ]);
    // 2^256 − 1: refused by the cap, not an overflow that would brick her account.
    await expectRevert(s.pool.write.creditGuarantee([[alice], [2n ** 256n - 1n]]), "PoolGuaranteeCapExceeded");
    // Her cap: 100 % of the 100 USDT she paid, at 0.5 USDT per DWN = 200 DWN.
    await s.mined(s.pool.write.creditGuarantee([[alice], [token("200")]]));
    await expectRevert(s.pool.write.creditGuarantee([[alice], [1n]]), "PoolGuaranteeCapExceeded", [alice, 1n, 0n]);
    expect(await s.pool.read.guaranteeOf([alice])).to.deep.equal([token("200"), token("200")]);
    // She can still buy and collect.
    await P.buy(s, "alice", 1n);
    await s.mined((await P.actor(s, "alice")).pool.write.collectStaticProfit());
  });

  it("3b. the credits of one creditGuarantee call count together against the budget", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    await s.fund(s.pool.address, token("100"), ["dwn"]);
    for (const who of ["alice", "bob"] as const) {
      await P.bind(s, who, "root");
      await P.buyer(s, who);
      await P.buy(s, who, 5n);
    }
    const [alice, bob] = [s.address("alice"), s.address("bob")];
    // 10 % of 100 DWN less the few seconds of emission already owed: just under 10 DWN.
    await expectRevert(
      s.pool.write.creditGuarantee([
        [alice, bob],
        [token("5"), token("5")],
      ]),
      "PoolGuaranteeBudgetExceeded",
    );
    await s.mined(
      s.pool.write.creditGuarantee([
        [alice, bob],
        [token("4.9"), token("4.9")],
      ]),
    );
    expect((await s.pool.read.userStaticProfit([bob])) >= token("4.9")).to.equal(true);
  });

  it("4. makeup and opening time cannot hand one buyer the whole emission", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    await expectRevert(s.pool.write.setMakeup([11_000n, 365n]), "PoolMakeupTooLarge");
    const open = await s.pool.read.openBuyTime();
    await expectRevert(s.pool.write.setOpenBuyTime([0n]), "PoolValueOutOfRange", [0n, open, 2n ** 64n - 1n]);
    // The largest makeup allowed, a year after opening: a tier-1 buyer gets at most 3x a tier-1
    // hashrate, far less than a tier-5 holder's.
    await s.mined(s.pool.write.setMakeup([11_000n, 11n]));
    await P.bind(s, "alice", "root");
    await P.bind(s, "bob", "root");
    await P.buyer(s, "alice");
    await P.buyer(s, "bob");
    await P.buy(s, "alice", 5n);
    await time.increase(Number(365n * P.DAY));
    await P.buy(s, "bob", 1n);
    const t1 = P.tierOf(s, 1n);
    const base = (t1.usdtprice * t1.multiple) / P.RATE_SCALE;
    const bob = await s.pool.read.userHashrate([s.address("bob")]);
    expect(bob <= 3n * base).to.equal(true);
    expect(bob > 2n * base).to.equal(true);
    expect(bob < (await s.pool.read.userHashrate([s.address("alice")]))).to.equal(true);
  });

  it("5. a tier priced in wei by mistake is refused; at the lowest price the accumulator keeps working", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    await expectRevert(s.pool.write.setTier([1n, 100n, 100n, 100n, 15_000n, 10n]), "PoolValueOutOfRange", [
      100n,
      token("1"),
      2n ** 88n - 1n,
    ]);
    // The worst the bounds allow: the first sale is 1 USDT at multiple 0.0001 (hashrate 1e14),
    // the emission is at its cap for a century, then a big, correctly priced purchase and collects.
    await s.mined(s.pool.write.setTier([1n, 100n, token("1"), 0n, 1n, 10n]));
    await s.mined(s.pool.write.setStaticRewardPerSecond([token("1000")]));
    await P.bind(s, "alice", "root");
    await P.bind(s, "bob", "root");
    await P.buyer(s, "alice");
    await P.buyer(s, "bob", 2n ** 88n);
    await P.buy(s, "alice", 1n);
    await time.increase(Number(100n * 365n * P.DAY));
    await s.mined(s.pool.write.setTier([5n, 100n, 2n ** 88n - 1n, 0n, 100_000n, 10n]));
    await P.buy(s, "bob", 5n);
    await time.increase(3600);
    const bob = await P.actor(s, "bob");
    await s.fund(s.pool.address, 2n ** 120n, ["dwn"]);
    await s.mined(bob.pool.write.collectStaticProfit());
    const alice = await P.actor(s, "alice");
    await s.mined(alice.pool.write.collectStaticProfit());
    expect((await s.tokens.dwn.read.balanceOf([alice.address])) > 0n).to.equal(true);
  });

  it("6. renounceOwnership reverts on both contracts, for the owner too, and the owner stays", async () => {
    const f = await loadFixture(deployFixture);
    const s = S.typed(f);
    const pool = P.typed(f).pool;
    for (const [target, name] of [
      [pool.address, "PoolRenounceDisabled"],
      [s.staking.address, "StakingRenounceDisabled"],
    ] as const) {
      // renounceOwnership(), sent by the owner.
      await expectRevert(s.wallet("owner").sendTransaction({ to: target, data: "0x715018a6" }), name, []);
    }
    expect(await pool.read.owner()).to.equal(s.address("owner"));
    expect(await s.staking.read.owner()).to.equal(s.address("owner"));
    // A pause can therefore always be lifted.
    await s.mined(pool.write.pause());
    await s.mined(pool.write.unpause());
    expect(await pool.read.paused()).to.equal(false);
  });
});

describe("user protections: headroom of the accumulator and the reward debt", () => {
  it("at the largest emission for a century, with the smallest and the largest purchases the bounds allow, no width overflows", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    const r = s.pool.read;
    const MAX_RPS = await r.MAX_STATIC_REWARD_PER_SECOND();
    const MIN_PRICE = await r.MIN_USDT_PRICE();
    const MAX_PRICE = 2n ** 88n - 1n;
    const MAX_MULTIPLE = await r.MAX_MULTIPLE();
    const MAX_FACTOR = await r.MAX_MAKEUP_FACTOR();
    const ACC = 10n ** 18n;
    const LIFETIME = 100n * 366n * P.DAY;
    // The smallest hashrate a sale can add (1 USDT at multiple 0.0001, no makeup) is the smallest
    // non-zero total hashrate, so the accumulator grows at most this fast, per second:
    const minTotal = (MIN_PRICE * 1n) / P.RATE_SCALE;
    expect(minTotal).to.equal(10n ** 14n);
    const accMax = (MAX_RPS * ACC * LIFETIME) / minTotal;
    expect(accMax < 2n ** 192n, "accumulator (uint192)").to.equal(true);
    // The most hashrate one purchase, one user and all users can hold.
    const perPurchase = (((MAX_PRICE * MAX_MULTIPLE) / P.RATE_SCALE) * MAX_FACTOR) / P.WAD;
    const perUser = 5n * 255n * perPurchase;
    const total = 5n * 999_999n * perPurchase;
    expect(total < 2n ** 128n, "hashrate (uint128) and totalHashrate").to.equal(true);
    // The reward debt is hashrate × acc before the division by 1e18: the product must fit 256 bits.
    expect(perUser * accMax < 2n ** 256n, "hashrate × acc (uint256)").to.equal(true);
    // Static income credited to anyone is at most the whole emission, plus guarantees (at most
    // 200 % of what the user paid, at the lowest DWN price).
    const MIN_DWN = await r.MIN_DWN_PRICE();
    const guarantee = (2n * 5n * 255n * MAX_PRICE * P.WAD) / MIN_DWN;
    expect(MAX_RPS * LIFETIME + guarantee < 2n ** 128n, "staticProfit (uint128)").to.equal(true);
    // Direct push: at most 30 % of the largest price at the lowest DWN price, for every sale.
    const push = (MAX_PRICE * 3000n * P.WAD) / (P.RATE_SCALE * MIN_DWN);
    expect(5n * 999_999n * push < 2n ** 256n, "dynamicProfit (uint256)").to.equal(true);
  });
});

describe("user protections, second review: the guarantee budget and the price steps", () => {
  /** Alice holds a tier-5 NFT (cap 10,000 DWN at 0.5 USDT), bob a tier-1 (200 DWN); the reserve is 10,000 DWN. */
  async function holders(system: P.System) {
    await system.fund(system.pool.address, token("10000"), ["dwn"]);
    for (const [who, tier] of [
      ["alice", 5n],
      ["bob", 1n],
    ] as const) {
      await P.bind(system, who, "root");
      await P.buyer(system, who);
      await P.buy(system, who, tier);
    }
    return { alice: system.address("alice"), bob: system.address("bob") };
  }

  it("3a. ten creditGuarantee calls credit at most 10 % of the reserve net of what is owed, and everyone collects in full", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    const { alice, bob } = await holders(s);
    await s.mined(s.pool.write.creditGuarantee([[bob], [token("20")]]));
    let refused = 0;
    for (let i = 0; i < 10; i++) {
      try {
        await s.mined(s.pool.write.creditGuarantee([[alice], [token("900")]]));
      } catch (error) {
        expect(revertOf(error).name).to.equal("PoolGuaranteeBudgetExceeded");
        refused++;
      }
    }
    expect(refused).to.equal(9);
    expect(await s.pool.read.guaranteeOf([alice])).to.deep.equal([token("10000"), token("900")]);
    const [credited, budget] = await s.pool.read.guaranteeBudget();
    expect(credited).to.equal(token("920"));
    // What the budget is measured against: the reserve less what the pool owes.
    const owed = await s.pool.read.owedIncome();
    const reserve = await s.tokens.dwn.read.balanceOf([s.pool.address]);
    // (less the seconds of emission since the last update, also owed).
    expect(budget <= ((reserve - owed) * 1000n) / 10_000n).to.equal(true);
    expect(budget < credited + token("900")).to.equal(true);
    expect(owed >= token("920")).to.equal(true);
    for (const who of ["alice", "bob"] as const) {
      await s.mined((await P.actor(s, who)).pool.write.collectStaticProfit());
    }
    expect((await s.tokens.dwn.read.balanceOf([bob])) >= token("20")).to.equal(true);
    // The period slides: 30 days after the first credits, the budget is free again.
    await time.increase(Number(30n * P.DAY));
    // (a month of emission is owed by then: top the reserve up.)
    await s.fund(s.pool.address, token("100000"), ["dwn"]);
    expect((await s.pool.read.guaranteeBudget())[0]).to.equal(0n);
    await s.mined(s.pool.write.creditGuarantee([[alice], [token("500")]]));
    expect((await s.pool.read.guaranteeBudget())[0]).to.equal(token("500"));
  });

  it("3b. one timelock batch of ten creditGuarantee calls is held to the same budget", async () => {
    const f = await deploy(devnetParams, {
      minDelay: 48n * 3600n,
      multisig: (await loadFixture(deployFixture)).address("erin"),
    });
    const s = P.typed(f);
    const { alice } = await holders(s);
    const timelock = getContract({
      address: getAddress(f.record.contracts.timelock as string),
      abi: timelockAbi,
      client: { public: s.publicClient, wallet: s.wallet("erin") },
    });
    const call = encodeFunctionData({
      abi: poolAbi,
      functionName: "creditGuarantee",
      args: [[alice], [token("1000")]],
    });
    const batch = [
      Array(10).fill(s.pool.address),
      Array(10).fill(0n),
      Array(10).fill(call),
      zeroHash,
      zeroHash,
    ] as const;
    await s.mined(timelock.write.scheduleBatch([...batch, 48n * 3600n]));
    await time.increase(48 * 3600);
    await expectRevert(timelock.write.executeBatch(batch), "PoolGuaranteeBudgetExceeded");
    expect((await s.pool.read.guaranteeOf([alice]))[1]).to.equal(0n);
  });

  it("3c. a price cut does not inflate a cap: each purchase's cap is fixed in DWN at the price of its day", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    await s.fund(s.pool.address, token("100000"), ["dwn"]);
    await P.bind(s, "alice", "root");
    await P.buyer(s, "alice");
    await P.buy(s, "alice", 1n);
    const alice = s.address("alice");
    await s.mined(s.pool.write.setDwnPrice([token("0.25")]));
    // 100 USDT at 0.5 USDT per DWN, 100 %: 200 DWN, whatever the price now.
    await expectRevert(s.pool.write.creditGuarantee([[alice], [token("400")]]), "PoolGuaranteeCapExceeded", [
      alice,
      token("400"),
      token("200"),
    ]);
    expect(await s.pool.read.guaranteeOf([alice])).to.deep.equal([token("200"), 0n]);
    // A purchase at the new price adds its own cap at that price: 100 USDT at 0.25 = 400 DWN.
    await P.buy(s, "alice", 1n);
    expect(await s.pool.read.guaranteeOf([alice])).to.deep.equal([token("600"), 0n]);
    await s.mined(s.pool.write.creditGuarantee([[alice], [token("600")]]));
    await expectRevert(s.pool.write.creditGuarantee([[alice], [1n]]), "PoolGuaranteeCapExceeded", [alice, 1n, 0n]);
  });

  it("4. one setDwnPrice moves the price at most 2x either way; openBuyTime at most 365 days ahead", async () => {
    const s = P.typed(await loadFixture(deployFixture));
    const price = await s.pool.read.dwnPriceUsdt();
    await expectRevert(s.pool.write.setDwnPrice([price / 2n - 1n]), "PoolPriceStepTooLarge", [
      price / 2n - 1n,
      price / 2n,
      price * 2n,
    ]);
    await expectRevert(s.pool.write.setDwnPrice([price * 2n + 1n]), "PoolPriceStepTooLarge", [
      price * 2n + 1n,
      price / 2n,
      price * 2n,
    ]);
    // Straight to the floor is refused; a tier-1 purchase's direct push therefore moves by at most 2x a step.
    await expectRevert(s.pool.write.setDwnPrice([10n ** 15n]), "PoolPriceStepTooLarge");
    await s.mined(s.pool.write.setDwnPrice([price / 2n]));
    await s.mined(s.pool.write.setDwnPrice([price * 1n]));
    await s.mined(s.pool.write.setDwnPrice([price * 2n]));
    expect(await s.pool.read.dwnPriceUsdt()).to.equal(price * 2n);

    await expectRevert(s.pool.write.setOpenBuyTime([2n ** 64n - 1n]), "PoolOpenBuyTimeTooLate");
    const at = (await P.now()) + 10n;
    await time.setNextBlockTimestamp(at);
    await expectRevert(s.pool.write.setOpenBuyTime([at + 365n * P.DAY + 1n]), "PoolOpenBuyTimeTooLate", [
      at + 365n * P.DAY + 1n,
      at + 365n * P.DAY,
    ]);
    const latest = at + 1n + 365n * P.DAY;
    await time.setNextBlockTimestamp(at + 1n);
    await s.mined(s.pool.write.setOpenBuyTime([latest]));
    expect(await s.pool.read.openBuyTime()).to.equal(latest);
  });
});

describe("user protections, second review: every shown term bound", () => {
  /** Alice is ready to stake one unit; the terms the popup shows her, as the quote-bound stake's arguments. */
  async function shown() {
    const s = S.typed(await loadFixture(deployFixture));
    const alice = S.as(s, "alice");
    await S.staker(s, "alice", 1n);
    const view = await s.staking.read.stakeView();
    const args = [
      1n,
      view.dwnAmount,
      view.a8Amount,
      view.cycle,
      await s.staking.read.rewardPerUnitPerSecond(),
      await s.staking.read.unstakeFeeRate(),
      await s.staking.read.collectFeeRate(),
      view.gracePeriod,
    ] as const;
    return { s, alice, args };
  }

  it("5a. a fee raise mined just before a quote-bound stake in the same block makes it revert, taking nothing", async () => {
    const { s, alice, args } = await shown();
    const dwnBefore = await s.dwn.read.balanceOf([s.address("alice")]);
    const [, stake] = await oneBlock(s, async () => [
      await s.staking.write.setFeeRates([2000n, 2000n]),
      await alice.staking.write.stake(args),
    ]);
    expect(stake.status).to.equal("reverted");
    expect(await minedRevert(s, stake.transactionHash)).to.deep.equal({
      name: "StakingTermsMoved",
      args: [args[1], args[2], args[3], args[4], 2000n, 2000n, args[7]],
    });
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(dwnBefore);
    expect(await s.staking.read.stakeCount()).to.equal(0n);
  });

  it("5b. a grace period cut from 24 h to 1 h mined just before a quote-bound stake makes it revert", async () => {
    const { s, alice, args } = await shown();
    const [, stake] = await oneBlock(s, async () => [
      await s.staking.write.setStakeTerms([args[1], args[2], args[3], S.HOUR, args[4]]),
      await alice.staking.write.stake(args),
    ]);
    expect(stake.status).to.equal("reverted");
    expect(await minedRevert(s, stake.transactionHash)).to.deep.equal({
      name: "StakingTermsMoved",
      args: [args[1], args[2], args[3], args[4], args[5], args[6], S.HOUR],
    });
    expect(await s.staking.read.stakeCount()).to.equal(0n);
  });

  it("7. a quote-bound stake of 2^200 units reverts with StakingInvalidUnits, not an overflow panic", async () => {
    const { alice, args } = await shown();
    const units = 2n ** 200n;
    await expectRevert(
      alice.staking.write.stake([units, args[1], args[2], args[3], args[4], args[5], args[6], args[7]]),
      "StakingInvalidUnits",
      [units, S.MAX_UNITS],
    );
  });
});
