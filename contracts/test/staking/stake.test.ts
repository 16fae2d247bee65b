import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { getAddress, maxUint256, zeroAddress, type Address } from "viem";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  as,
  COLLECT_FEE,
  DAY,
  DURATION,
  GRACE,
  MAX_UNITS,
  newStake,
  nextAt,
  now,
  RATE,
  stakeAt,
  staker,
  stakingAt,
  transfers,
  typed,
  UNIT_A8,
  UNIT_DWN,
  UNSTAKE_FEE,
  type System,
} from "./helpers";

async function system(): Promise<System> {
  return typed(await loadFixture(deployFixture));
}

describe("Staking construction", () => {
  it("refuses a zero fee recipient or a zero token address: StakingZeroAddress", async () => {
    const s = await system();
    const c = s.record.contracts;
    const owner = s.address("owner");
    const fee = s.address("feeRecipient");
    const cases: [Address, [Address, Address, Address]][] = [
      [zeroAddress, [c.dwn, c.a8, c.udbk]],
      [fee, [zeroAddress, c.a8, c.udbk]],
      [fee, [c.dwn, zeroAddress, c.udbk]],
      [fee, [c.dwn, c.a8, zeroAddress]],
    ];
    for (const [recipient, tokens] of cases) {
      await expectRevert(hre.viem.deployContract("Staking", [owner, recipient, tokens]), "StakingZeroAddress", []);
    }
  });

  it("refuses the same token twice in any two places: StakingSameToken", async () => {
    const s = await system();
    const c = s.record.contracts;
    // [tokens, the token named: the first one that repeats an earlier one]
    const cases: [[Address, Address, Address], Address][] = [
      [[c.dwn, c.dwn, c.udbk], c.dwn],
      [[c.dwn, c.a8, c.dwn], c.dwn],
      [[c.dwn, c.a8, c.a8], c.a8],
      [[c.udbk, c.udbk, c.udbk], c.udbk],
    ];
    for (const [tokens, repeated] of cases) {
      await expectRevert(
        hre.viem.deployContract("Staking", [s.address("owner"), s.address("feeRecipient"), tokens]),
        "StakingSameToken",
        [repeated],
      );
    }
  });

  it("starts unconfigured: one-day cycle, no price, no fees, and refuses a stake: StakingNotConfigured", async () => {
    const s = await system();
    const c = s.record.contracts;
    const deployed = await hre.viem.deployContract("Staking", [
      s.address("alice"),
      s.address("bob"),
      [c.dwn, c.a8, c.udbk],
    ]);
    const fresh = stakingAt(s, deployed.address);
    expect(await fresh.read.owner()).to.equal(s.address("alice"));
    expect(await fresh.read.feeRecipient()).to.equal(s.address("bob"));
    expect(await fresh.read.dwn()).to.equal(c.dwn);
    expect(await fresh.read.a8()).to.equal(c.a8);
    expect(await fresh.read.udbk()).to.equal(c.udbk);
    expect(await fresh.read.stakeView()).to.deep.equal({ dwnAmount: 0n, a8Amount: 0n, cycle: 1n, gracePeriod: 0n });
    expect(await fresh.read.rewardPerUnitPerSecond()).to.equal(0n);
    expect(await fresh.read.unstakeFeeRate()).to.equal(0n);
    expect(await fresh.read.collectFeeRate()).to.equal(0n);
    expect(await fresh.read.stakeCount()).to.equal(0n);
    expect(await fresh.read.paused()).to.equal(false);
    await expectRevert(fresh.write.stake([1n]), "StakingNotConfigured", []);
  });

  it("exposes its constants", async () => {
    const s = await system();
    expect(await s.staking.read.RATE_SCALE()).to.equal(10_000n);
    expect(await s.staking.read.MAX_FEE_RATE()).to.equal(2000n);
    expect(await s.staking.read.MAX_UNITS()).to.equal(MAX_UNITS);
    expect(await s.staking.read.MAX_CYCLE_DAYS()).to.equal(3650n);
    expect(await s.staking.read.MIN_GRACE_PERIOD()).to.equal(3600n);
    expect(await s.staking.read.MAX_GRACE_PERIOD()).to.equal(30n * DAY);
    expect(await s.staking.read.MAX_REWARD_PER_UNIT_PER_SECOND()).to.equal(10n ** 18n);
    expect(await s.staking.read.RENEWAL_DELAY()).to.equal(3600n);
    expect(await s.staking.read.MAX_PAGE()).to.equal(100n);
  });
});

describe("Staking as the deploy script leaves it", () => {
  it("quotes the devnet unit price and cycle, rates and fees, with the deployed tokens and roles", async () => {
    const s = await system();
    const c = s.record.contracts;
    expect(await s.staking.read.stakeView()).to.deep.equal({
      dwnAmount: UNIT_DWN,
      a8Amount: UNIT_A8,
      cycle: 30n,
      gracePeriod: GRACE,
    });
    expect(await s.staking.read.rewardPerUnitPerSecond()).to.equal(RATE);
    expect(await s.staking.read.unstakeFeeRate()).to.equal(500n);
    expect(await s.staking.read.collectFeeRate()).to.equal(300n);
    expect(await s.staking.read.feeRecipient()).to.equal(s.address("feeRecipient"));
    expect(await s.staking.read.owner()).to.equal(s.address("owner"));
    expect(await s.staking.read.dwn()).to.equal(c.dwn);
    expect(await s.staking.read.a8()).to.equal(c.a8);
    expect(await s.staking.read.udbk()).to.equal(c.udbk);
    expect(await s.staking.read.stakeCount()).to.equal(0n);
  });
});

describe("Staking.stakePayView", () => {
  it("reports A8 and DWN balances and the allowances granted to the staking contract, in that order", async () => {
    const s = await system();
    const alice = as(s, "alice");
    const user = s.address("alice");
    expect(await s.staking.read.stakePayView([user])).to.deep.equal({
      a8balance: 0n,
      dwnbalance: 0n,
      a8allowance: 0n,
      dwnallowance: 0n,
    });
    await s.mined(s.a8.write.mint([user, 7n]));
    await s.mined(s.dwn.write.mint([user, 11n]));
    await s.mined(alice.a8.write.approve([s.staking.address, 13n]));
    await s.mined(alice.dwn.write.approve([s.staking.address, 17n]));
    // An allowance to someone else is not the staking contract's.
    await s.mined(alice.dwn.write.approve([s.address("bob"), 99n]));
    expect(await s.staking.read.stakePayView([user])).to.deep.equal({
      a8balance: 7n,
      dwnbalance: 11n,
      a8allowance: 13n,
      dwnallowance: 17n,
    });
    // Another user sees their own figures.
    expect(await s.staking.read.stakePayView([s.address("bob")])).to.deep.equal({
      a8balance: 0n,
      dwnbalance: 0n,
      a8allowance: 0n,
      dwnallowance: 0n,
    });
  });
});

describe("Staking.stake", () => {
  it("holds the DWN principal, sends the A8 to the fee recipient and records the stake", async () => {
    const s = await system();
    const alice = s.address("alice");
    const fee = s.address("feeRecipient");
    await staker(s, "alice", 3n);
    const { id, start, receipt } = await stakeAt(s, "alice", 3n);

    expect(id).to.equal(1n);
    expect(await s.dwn.read.balanceOf([alice])).to.equal(0n);
    expect(await s.a8.read.balanceOf([alice])).to.equal(0n);
    expect(await s.dwn.read.balanceOf([s.staking.address])).to.equal(3n * UNIT_DWN);
    expect(await s.a8.read.balanceOf([s.staking.address])).to.equal(0n);
    expect(await s.a8.read.balanceOf([fee])).to.equal(3n * UNIT_A8);
    expect(transfers(receipt, s.dwn.address)).to.deep.equal([[alice, getAddress(s.staking.address), 3n * UNIT_DWN]]);
    expect(transfers(receipt, s.a8.address)).to.deep.equal([[alice, fee, 3n * UNIT_A8]]);

    expectEvent(receipt, "Staked", {
      id: 1n,
      user: alice,
      units: 3n,
      dwnAmount: 3n * UNIT_DWN,
      a8Amount: 3n * UNIT_A8,
      startTime: start,
      endTime: start + DURATION,
      gracePeriod: GRACE,
      rewardPerUnitPerSecond: RATE,
      unstakeFeeRate: UNSTAKE_FEE,
      collectFeeRate: COLLECT_FEE,
    });

    expect(await s.staking.read.stakeCount()).to.equal(1n);
    expect(await s.staking.read.stakeCountOf([alice])).to.equal(1n);
    expect(await s.staking.read.stakeIdsOf([alice, 0n, 10n])).to.deep.equal([1n]);
    expect(await s.staking.read.stakeInfo([1n])).to.deep.equal({
      id: 1n,
      dwnAmount: 3n * UNIT_DWN,
      hashrate: 3n,
      startTime: start,
      endTime: start + DURATION,
      durationPerCycle: DURATION,
      unstakeGraceTimestamp: start + DURATION + GRACE,
      lastCollectTime: start,
      pastUnClaimedReward: 0n,
      user: alice,
      redeemed: false,
      status: 0n,
      cycleIndex: 0n,
      gracePeriod: GRACE,
      rewardPerUnitPerSecond: RATE,
    });
    expect(await s.staking.read.statusOf([1n])).to.equal(0n);
    expect(await s.staking.read.canRedeem([1n])).to.equal(false);
    expect(await s.staking.read.getPendingRewards([[1n]])).to.deep.equal([0n]);
  });

  it("numbers stakes 1, 2, 3 across users and keeps each user's own list, oldest first", async () => {
    const s = await system();
    await staker(s, "alice", 3n);
    await staker(s, "bob", 1n);
    expect((await stakeAt(s, "alice", 1n)).id).to.equal(1n);
    expect((await stakeAt(s, "bob", 1n)).id).to.equal(2n);
    expect((await stakeAt(s, "alice", 2n)).id).to.equal(3n);
    expect(await s.staking.read.stakeCount()).to.equal(3n);
    expect(await s.staking.read.stakeCountOf([s.address("alice")])).to.equal(2n);
    expect(await s.staking.read.stakeCountOf([s.address("bob")])).to.equal(1n);
    expect(await s.staking.read.stakeCountOf([s.address("carol")])).to.equal(0n);
    expect(await s.staking.read.stakeIdsOf([s.address("alice"), 0n, 100n])).to.deep.equal([1n, 3n]);
    expect(await s.staking.read.stakeIdsOf([s.address("bob"), 0n, 100n])).to.deep.equal([2n]);
    expect(await s.staking.read.stakeIdsOf([s.address("carol"), 0n, 100n])).to.deep.equal([]);
    expect((await s.staking.read.stakeInfo([3n])).hashrate).to.equal(2n);
    expect((await s.staking.read.stakeInfo([3n])).dwnAmount).to.equal(2n * UNIT_DWN);
    expect((await s.staking.read.stakeInfo([2n])).user).to.equal(s.address("bob"));
    // The contract holds all principal.
    expect(await s.dwn.read.balanceOf([s.staking.address])).to.equal(4n * UNIT_DWN);
  });

  it("accepts MAX_UNITS and refuses 0 and MAX_UNITS + 1: StakingInvalidUnits", async () => {
    const s = await system();
    await staker(s, "alice", MAX_UNITS + 1n);
    const staking = as(s, "alice").staking;
    await expectRevert(staking.write.stake([0n]), "StakingInvalidUnits", [0n, MAX_UNITS]);
    await expectRevert(staking.write.stake([MAX_UNITS + 1n]), "StakingInvalidUnits", [MAX_UNITS + 1n, MAX_UNITS]);
    await expectRevert(staking.write.stake([maxUint256]), "StakingInvalidUnits", [maxUint256, MAX_UNITS]);
    expect(await s.staking.read.stakeCount()).to.equal(0n);
    const { id } = await stakeAt(s, "alice", MAX_UNITS);
    const info = await s.staking.read.stakeInfo([id]);
    expect(info.hashrate).to.equal(MAX_UNITS);
    expect(info.dwnAmount).to.equal(MAX_UNITS * UNIT_DWN);
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(UNIT_DWN);
  });

  it("refuses without a DWN allowance, then without an A8 allowance: ERC20InsufficientAllowance", async () => {
    const s = await system();
    const alice = as(s, "alice");
    const spender = getAddress(s.staking.address);
    await s.fund(s.address("alice"), 10n * UNIT_DWN, ["dwn", "a8"]);
    await expectRevert(alice.staking.write.stake([2n]), "ERC20InsufficientAllowance", [spender, 0n, 2n * UNIT_DWN]);
    await s.mined(alice.dwn.write.approve([spender, 2n * UNIT_DWN - 1n]));
    await expectRevert(alice.staking.write.stake([2n]), "ERC20InsufficientAllowance", [
      spender,
      2n * UNIT_DWN - 1n,
      2n * UNIT_DWN,
    ]);
    await s.mined(alice.dwn.write.approve([spender, maxUint256]));
    await expectRevert(alice.staking.write.stake([2n]), "ERC20InsufficientAllowance", [spender, 0n, 2n * UNIT_A8]);
    await s.mined(alice.a8.write.approve([spender, maxUint256]));
    await s.mined(alice.staking.write.stake([2n]));
    expect(await s.staking.read.stakeCount()).to.equal(1n);
  });

  it("refuses without enough DWN, then without enough A8: ERC20InsufficientBalance", async () => {
    const s = await system();
    const user = s.address("alice");
    await s.approveAll("alice");
    const staking = as(s, "alice").staking;
    await expectRevert(staking.write.stake([1n]), "ERC20InsufficientBalance", [user, 0n, UNIT_DWN]);
    await s.mined(s.dwn.write.mint([user, UNIT_DWN]));
    await s.mined(s.a8.write.mint([user, UNIT_A8 - 1n]));
    await expectRevert(staking.write.stake([1n]), "ERC20InsufficientBalance", [user, UNIT_A8 - 1n, UNIT_A8]);
    // Nothing moved.
    expect(await s.dwn.read.balanceOf([user])).to.equal(UNIT_DWN);
    expect(await s.staking.read.stakeCount()).to.equal(0n);
  });

  it("a stake made after a terms change snapshots the new terms", async () => {
    const s = await system();
    await s.mined(s.staking.write.setStakeTerms([7n, 3n, 2n, 7200n, 5n]));
    await s.fund(s.address("bob"), 100n, ["dwn", "a8"]);
    await s.approveAll("bob");
    const start = (await now()) + 50n;
    await nextAt(start);
    const receipt = await s.mined(as(s, "bob").staking.write.stake([4n]));
    expectEvent(receipt, "Staked", {
      id: 1n,
      user: s.address("bob"),
      units: 4n,
      dwnAmount: 28n,
      a8Amount: 12n,
      startTime: start,
      endTime: start + 2n * DAY,
      gracePeriod: 7200n,
      rewardPerUnitPerSecond: 5n,
    });
    expect(await s.a8.read.balanceOf([s.address("feeRecipient")])).to.equal(12n);
    expect(await s.dwn.read.balanceOf([s.address("bob")])).to.equal(72n);
    const info = await s.staking.read.stakeInfo([1n]);
    expect([info.durationPerCycle, info.gracePeriod, info.rewardPerUnitPerSecond]).to.deep.equal([2n * DAY, 7200n, 5n]);
  });

  it("stakes with a zero A8 price, moving no A8", async () => {
    const s = await system();
    await s.mined(s.staking.write.setStakeTerms([UNIT_DWN, 0n, 30n, GRACE, RATE]));
    await s.fund(s.address("carol"), UNIT_DWN, ["dwn"]);
    await s.approveAll("carol");
    const { receipt } = await stakeAt(s, "carol", 1n);
    expect(transfers(receipt, s.a8.address)).to.deep.equal([[s.address("carol"), s.address("feeRecipient"), 0n]]);
    expect(await s.a8.read.balanceOf([s.address("feeRecipient")])).to.equal(0n);
  });
});

describe("Staking.stakeIdsOf", () => {
  it("pages a user's ids: offset, limit, offset beyond the end, limit capped at MAX_PAGE", async () => {
    const s = await system();
    const n = 103n;
    await newStake(s, "alice", 1n);
    // One allowance is enough for every further stake; fund the rest at once.
    await s.fund(s.address("alice"), (n - 1n) * UNIT_DWN, ["dwn", "a8"]);
    const staking = as(s, "alice").staking;
    for (let i = 1n; i < n; i++) await s.mined(staking.write.stake([1n]));
    const user = s.address("alice");
    const all = Array.from({ length: Number(n) }, (_, i) => BigInt(i + 1));
    expect(await s.staking.read.stakeCountOf([user])).to.equal(n);
    expect(await s.staking.read.stakeIdsOf([user, 0n, 3n])).to.deep.equal([1n, 2n, 3n]);
    expect(await s.staking.read.stakeIdsOf([user, 5n, 2n])).to.deep.equal([6n, 7n]);
    expect(await s.staking.read.stakeIdsOf([user, 0n, 0n])).to.deep.equal([]);
    expect(await s.staking.read.stakeIdsOf([user, 0n, 1000n])).to.deep.equal(all.slice(0, 100));
    expect(await s.staking.read.stakeIdsOf([user, 0n, maxUint256])).to.deep.equal(all.slice(0, 100));
    expect(await s.staking.read.stakeIdsOf([user, 100n, 100n])).to.deep.equal([101n, 102n, 103n]);
    expect(await s.staking.read.stakeIdsOf([user, 101n, 1n])).to.deep.equal([102n]);
    expect(await s.staking.read.stakeIdsOf([user, 103n, 10n])).to.deep.equal([]);
    expect(await s.staking.read.stakeIdsOf([user, maxUint256, maxUint256])).to.deep.equal([]);
  });
});
