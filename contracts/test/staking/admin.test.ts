import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { zeroAddress } from "viem";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  as,
  BPS,
  COLLECT_FEE,
  DAY,
  DURATION,
  fundReserve,
  GRACE,
  HOUR,
  newStake,
  nextAt,
  RATE,
  reward,
  stakeAt,
  staker,
  token,
  typed,
  UINT96_MAX,
  UNIT_A8,
  UNIT_DWN,
  UNSTAKE_FEE,
  viewAt,
  type System,
} from "./helpers";

async function system(): Promise<System> {
  const s = typed(await loadFixture(deployFixture));
  await fundReserve(s, token("1000000"));
  return s;
}

const MAX_GRACE = 30n * DAY;
const MAX_RATE = 10n ** 18n;

describe("Staking.setStakeTerms", () => {
  it("sets the terms of new stakes and emits StakeTermsSet", async () => {
    const s = await system();
    const receipt = await s.mined(s.staking.write.setStakeTerms([token("10"), token("5"), 7n, 2n * HOUR, 123n]));
    expectEvent(receipt, "StakeTermsSet", {
      dwnAmount: token("10"),
      a8Amount: token("5"),
      cycle: 7n,
      gracePeriod: 2n * HOUR,
      rewardPerUnitPerSecond: 123n,
    });
    expect(await s.staking.read.stakeView()).to.deep.equal({
      dwnAmount: token("10"),
      a8Amount: token("5"),
      cycle: 7n,
      gracePeriod: 2n * HOUR,
    });
    expect(await s.staking.read.rewardPerUnitPerSecond()).to.equal(123n);
  });

  it("accepts every bound itself: the smallest and the largest terms", async () => {
    const s = await system();
    await s.mined(s.staking.write.setStakeTerms([1n, 0n, 1n, HOUR, 0n]));
    expect(await s.staking.read.stakeView()).to.deep.equal({
      dwnAmount: 1n,
      a8Amount: 0n,
      cycle: 1n,
      gracePeriod: HOUR,
    });
    expect(await s.staking.read.rewardPerUnitPerSecond()).to.equal(0n);
    await s.mined(s.staking.write.setStakeTerms([UINT96_MAX, UINT96_MAX, 3650n, MAX_GRACE, MAX_RATE]));
    expect(await s.staking.read.stakeView()).to.deep.equal({
      dwnAmount: UINT96_MAX,
      a8Amount: UINT96_MAX,
      cycle: 3650n,
      gracePeriod: MAX_GRACE,
    });
    expect(await s.staking.read.rewardPerUnitPerSecond()).to.equal(MAX_RATE);
  });

  it("refuses each value just outside its range: StakingValueOutOfRange(value, min, max)", async () => {
    const s = await system();
    const ok = [UNIT_DWN, UNIT_A8, 30n, GRACE, RATE] as const;
    const cases: [number, bigint, bigint, bigint][] = [
      [0, 0n, 1n, UINT96_MAX],
      [0, UINT96_MAX + 1n, 1n, UINT96_MAX],
      [1, UINT96_MAX + 1n, 0n, UINT96_MAX],
      [2, 0n, 1n, 3650n],
      [2, 3651n, 1n, 3650n],
      [3, HOUR - 1n, HOUR, MAX_GRACE],
      [3, MAX_GRACE + 1n, HOUR, MAX_GRACE],
      [4, MAX_RATE + 1n, 0n, MAX_RATE],
    ];
    for (const [index, value, min, max] of cases) {
      const terms: [bigint, bigint, bigint, bigint, bigint] = [...ok];
      terms[index] = value;
      await expectRevert(s.staking.write.setStakeTerms(terms), "StakingValueOutOfRange", [value, min, max]);
    }
    expect(await s.staking.read.stakeView()).to.deep.equal({
      dwnAmount: UNIT_DWN,
      a8Amount: UNIT_A8,
      cycle: 30n,
      gracePeriod: GRACE,
    });
  });

  it("never changes a running stake: its price, cycle, window and rate stay as snapshotted", async () => {
    const s = await system();
    const alice = await newStake(s, "alice", 2n);
    // New terms: 1 DWN + 1 A8 a unit, 1-day cycle, 1-hour window, rate 7.
    await s.mined(s.staking.write.setStakeTerms([token("1"), token("1"), 1n, HOUR, 7n]));
    const info = await s.staking.read.stakeInfo([alice.id]);
    expect({
      dwnAmount: info.dwnAmount,
      durationPerCycle: info.durationPerCycle,
      gracePeriod: info.gracePeriod,
      rewardPerUnitPerSecond: info.rewardPerUnitPerSecond,
      endTime: info.endTime,
      unstakeGraceTimestamp: info.unstakeGraceTimestamp,
    }).to.deep.equal({
      dwnAmount: 2n * UNIT_DWN,
      durationPerCycle: DURATION,
      gracePeriod: GRACE,
      rewardPerUnitPerSecond: RATE,
      endTime: alice.start + DURATION,
      unstakeGraceTimestamp: alice.start + DURATION + GRACE,
    });
    // Under the new terms it would be redeemable after one day; under its own it is still running.
    await viewAt(alice.start + DAY + 10n);
    expect(await s.staking.read.canRedeem([alice.id])).to.equal(false);
    expect(await s.staking.read.statusOf([alice.id])).to.equal(0n);
    expect(await s.staking.read.getPendingRewards([[alice.id]])).to.deep.equal([reward(2n, DAY + 10n)]);

    // A window wider than the new one-hour window: redeem 2 hours into it returns the old principal.
    await nextAt(alice.start + DURATION + 2n * HOUR);
    const receipt = await s.mined(as(s, "alice").staking.write.redeem([alice.id]));
    expectEvent(receipt, "Redeemed", {
      amount: 2n * UNIT_DWN,
      fee: (2n * UNIT_DWN * UNSTAKE_FEE) / BPS,
    });
    expect(await s.staking.read.getPendingRewards([[alice.id]])).to.deep.equal([reward(2n, DURATION)]);
  });

  it("a stake under new terms runs the cycle rule with its own period: 1 day + 1 h window + 1 h", async () => {
    const s = await system();
    await s.mined(s.staking.write.setStakeTerms([token("1"), token("1"), 1n, HOUR, 7n]));
    await s.fund(s.address("bob"), token("3"), ["dwn", "a8"]);
    await s.approveAll("bob");
    const { id, start } = await stakeAt(s, "bob", 3n);
    const P = DAY + 2n * HOUR;
    const moments: [bigint, bigint, boolean, bigint][] = [
      [DAY - 1n, 0n, false, DAY - 1n],
      [DAY, 1n, true, DAY],
      [DAY + HOUR - 1n, 1n, true, DAY],
      [DAY + HOUR, 1n, false, DAY],
      [P - 1n, 1n, false, DAY],
      [P, 0n, false, DAY],
      [P + 1n, 0n, false, DAY + 1n],
    ];
    for (const [offset, status, redeemable, active] of moments) {
      await viewAt(start + offset);
      expect(await s.staking.read.statusOf([id]), `status at ${offset}`).to.equal(status);
      expect(await s.staking.read.canRedeem([id]), `canRedeem at ${offset}`).to.equal(redeemable);
      expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([3n * 7n * active]);
    }
  });

  it("is owner-only: OwnableUnauthorizedAccount", async () => {
    const s = await system();
    await expectRevert(
      as(s, "alice").staking.write.setStakeTerms([1n, 1n, 1n, HOUR, 1n]),
      "OwnableUnauthorizedAccount",
      [s.address("alice")],
    );
  });
});

describe("Staking.setFeeRates", () => {
  it("sets both rates and emits FeeRatesSet; accepts 0 and MAX_FEE_RATE", async () => {
    const s = await system();
    let receipt = await s.mined(s.staking.write.setFeeRates([2000n, 0n]));
    expectEvent(receipt, "FeeRatesSet", { unstakeFeeRate: 2000n, collectFeeRate: 0n });
    expect(await s.staking.read.unstakeFeeRate()).to.equal(2000n);
    expect(await s.staking.read.collectFeeRate()).to.equal(0n);
    receipt = await s.mined(s.staking.write.setFeeRates([0n, 2000n]));
    expectEvent(receipt, "FeeRatesSet", { unstakeFeeRate: 0n, collectFeeRate: 2000n });
    expect(await s.staking.read.unstakeFeeRate()).to.equal(0n);
    expect(await s.staking.read.collectFeeRate()).to.equal(2000n);
  });

  it("refuses either rate above MAX_FEE_RATE: StakingValueOutOfRange", async () => {
    const s = await system();
    await expectRevert(s.staking.write.setFeeRates([2001n, 0n]), "StakingValueOutOfRange", [2001n, 0n, 2000n]);
    await expectRevert(s.staking.write.setFeeRates([0n, 2001n]), "StakingValueOutOfRange", [2001n, 0n, 2000n]);
    expect(await s.staking.read.unstakeFeeRate()).to.equal(UNSTAKE_FEE);
    expect(await s.staking.read.collectFeeRate()).to.equal(COLLECT_FEE);
  });

  it("never reaches a running stake: redeem charges the rate the stake snapshotted", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    await s.mined(s.staking.write.setFeeRates([2000n, 2000n]));
    await nextAt(start + DURATION);
    const receipt = await s.mined(as(s, "alice").staking.write.redeem([id]));
    expectEvent(receipt, "Redeemed", { amount: UNIT_DWN, fee: token("5") });
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(token("95"));
    // A stake made after the change pays the new rate.
    const later = await newStake(s, "bob", 1n);
    await nextAt(later.start + DURATION);
    const second = await s.mined(as(s, "bob").staking.write.redeem([later.id]));
    expectEvent(second, "Redeemed", { amount: UNIT_DWN, fee: token("20") });
  });

  it("is owner-only: OwnableUnauthorizedAccount", async () => {
    const s = await system();
    await expectRevert(as(s, "bob").staking.write.setFeeRates([0n, 0n]), "OwnableUnauthorizedAccount", [
      s.address("bob"),
    ]);
  });
});

describe("Staking.setFeeRecipient", () => {
  it("sends later A8 and fees to the new recipient and emits FeeRecipientSet", async () => {
    const s = await system();
    const erin = s.address("erin");
    const receipt = await s.mined(s.staking.write.setFeeRecipient([erin]));
    expectEvent(receipt, "FeeRecipientSet", { feeRecipient: erin });
    expect(await s.staking.read.feeRecipient()).to.equal(erin);

    const { id, start } = await newStake(s, "alice", 1n);
    expect(await s.a8.read.balanceOf([erin])).to.equal(UNIT_A8);
    await nextAt(start + DURATION);
    await s.mined(as(s, "alice").staking.write.collect([id]));
    await s.mined(as(s, "alice").staking.write.redeem([id]));
    const collected = reward(1n, DURATION);
    expect(await s.udbk.read.balanceOf([erin])).to.equal((collected * COLLECT_FEE) / BPS);
    expect(await s.dwn.read.balanceOf([erin])).to.equal((UNIT_DWN * UNSTAKE_FEE) / BPS);
    const old = s.address("feeRecipient");
    expect(await s.a8.read.balanceOf([old])).to.equal(0n);
    expect(await s.udbk.read.balanceOf([old])).to.equal(0n);
    expect(await s.dwn.read.balanceOf([old])).to.equal(0n);
  });

  it("refuses the zero address (StakingZeroAddress) and non-owners (OwnableUnauthorizedAccount)", async () => {
    const s = await system();
    await expectRevert(s.staking.write.setFeeRecipient([zeroAddress]), "StakingZeroAddress", []);
    await expectRevert(
      as(s, "carol").staking.write.setFeeRecipient([s.address("carol")]),
      "OwnableUnauthorizedAccount",
      [s.address("carol")],
    );
    expect(await s.staking.read.feeRecipient()).to.equal(s.address("feeRecipient"));
  });
});

describe("Staking.pause and unpause", () => {
  it("pausing stops new stakes (EnforcedPause) but never collect or redeem; unpausing resumes", async () => {
    const s = await system();
    const alice = as(s, "alice").staking;
    const { id, start } = await newStake(s, "alice", 1n);
    await staker(s, "alice", 1n);

    const paused = await s.mined(s.staking.write.pause());
    expectEvent(paused, "Paused", { account: s.address("owner") });
    expect(await s.staking.read.paused()).to.equal(true);
    await expectRevert(alice.write.stake([1n]), "EnforcedPause", []);

    await nextAt(start + DURATION);
    const collected = await s.mined(alice.write.collect([id]));
    expectEvent(collected, "RewardCollected", { id, amount: reward(1n, DURATION) });
    const redeemed = await s.mined(alice.write.redeem([id]));
    expectEvent(redeemed, "Redeemed", { id, amount: UNIT_DWN });

    const unpaused = await s.mined(s.staking.write.unpause());
    expectEvent(unpaused, "Unpaused", { account: s.address("owner") });
    expect(await s.staking.read.paused()).to.equal(false);
    const { id: next } = await stakeAt(s, "alice", 1n);
    expect(next).to.equal(2n);
  });

  it("refuses pausing twice (EnforcedPause) and unpausing when running (ExpectedPause)", async () => {
    const s = await system();
    await expectRevert(s.staking.write.unpause(), "ExpectedPause", []);
    await s.mined(s.staking.write.pause());
    await expectRevert(s.staking.write.pause(), "EnforcedPause", []);
  });

  it("is owner-only: OwnableUnauthorizedAccount", async () => {
    const s = await system();
    const dave = s.address("dave");
    await expectRevert(as(s, "dave").staking.write.pause(), "OwnableUnauthorizedAccount", [dave]);
    await s.mined(s.staking.write.pause());
    await expectRevert(as(s, "dave").staking.write.unpause(), "OwnableUnauthorizedAccount", [dave]);
    expect(await s.staking.read.paused()).to.equal(true);
  });
});

describe("Staking ownership", () => {
  it("moves in two steps: the new owner must accept before it can configure", async () => {
    const s = await system();
    const bob = s.address("bob");
    await expectRevert(as(s, "bob").staking.write.transferOwnership([bob]), "OwnableUnauthorizedAccount", [bob]);
    await s.mined(s.staking.write.transferOwnership([bob]));
    expect(await s.staking.read.owner()).to.equal(s.address("owner"));
    expect(await s.staking.read.pendingOwner()).to.equal(bob);
    await expectRevert(as(s, "bob").staking.write.setFeeRates([0n, 0n]), "OwnableUnauthorizedAccount", [bob]);
    await expectRevert(as(s, "carol").staking.write.acceptOwnership(), "OwnableUnauthorizedAccount", [
      s.address("carol"),
    ]);
    await s.mined(as(s, "bob").staking.write.acceptOwnership());
    expect(await s.staking.read.owner()).to.equal(bob);
    await s.mined(as(s, "bob").staking.write.setFeeRates([0n, 0n]));
    expect(await s.staking.read.collectFeeRate()).to.equal(0n);
    await expectRevert(s.staking.write.setFeeRates([1n, 1n]), "OwnableUnauthorizedAccount", [s.address("owner")]);
  });
});
