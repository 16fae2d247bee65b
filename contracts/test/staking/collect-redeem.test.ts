import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { getAddress } from "viem";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  as,
  BPS,
  COLLECT_FEE,
  DURATION,
  fundReserve,
  GRACE,
  HOUR,
  newStake,
  nextAt,
  PERIOD,
  reward,
  token,
  transfers,
  typed,
  UNIT_DWN,
  UNSTAKE_FEE,
  viewAt,
  type System,
} from "./helpers";

const RESERVE = token("1000000");

async function system(reserve: bigint = RESERVE): Promise<System> {
  const s = typed(await loadFixture(deployFixture));
  if (reserve > 0n) await fundReserve(s, reserve);
  return s;
}

const collectFee = (amount: bigint) => (amount * COLLECT_FEE) / BPS;
const unstakeFee = (amount: bigint) => (amount * UNSTAKE_FEE) / BPS;

describe("Staking.collect", () => {
  it("pays the pending reward minus 3% to the user and the 3% to the fee recipient", async () => {
    const s = await system();
    const user = s.address("alice");
    const feeTo = s.address("feeRecipient");
    const { id, start } = await newStake(s, "alice", 2n);
    const at = start + 1_000n;
    await nextAt(at);
    const receipt = await s.mined(as(s, "alice").staking.write.collect([id]));

    const amount = reward(2n, 1_000n);
    const fee = collectFee(amount);
    expect(amount).to.equal(23_148_148_148_148_000n);
    expect(fee).to.equal(694_444_444_444_440n);
    expectEvent(receipt, "RewardCollected", { id, user, amount, fee });
    expect(transfers(receipt, s.udbk.address)).to.deep.equal([
      [getAddress(s.staking.address), user, amount - fee],
      [getAddress(s.staking.address), feeTo, fee],
    ]);
    expect(await s.udbk.read.balanceOf([user])).to.equal(amount - fee);
    expect(await s.udbk.read.balanceOf([feeTo])).to.equal(fee);
    expect(await s.udbk.read.balanceOf([s.staking.address])).to.equal(RESERVE - amount);
    const info = await s.staking.read.stakeInfo([id]);
    expect(info.lastCollectTime).to.equal(at);
    expect(info.pastUnClaimedReward).to.equal(0n);
    expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([0n]);
    // The principal is untouched.
    expect(await s.dwn.read.balanceOf([s.staking.address])).to.equal(2n * UNIT_DWN);
  });

  it("rounds the fee down", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "bob", 1n);
    await nextAt(start + 1n);
    const receipt = await s.mined(as(s, "bob").staking.write.collect([id]));
    // 11_574_074_074_074 × 3% = 347_222_222_222.22
    expectEvent(receipt, "RewardCollected", { amount: 11_574_074_074_074n, fee: 347_222_222_222n });
    expect(await s.udbk.read.balanceOf([s.address("bob")])).to.equal(11_574_074_074_074n - 347_222_222_222n);
  });

  it("after a collect, accrual restarts from the collect time, across the window and the renewal", async () => {
    const s = await system();
    const user = s.address("carol");
    const staking = as(s, "carol").staking;
    const { id, start } = await newStake(s, "carol", 3n);
    let paid = 0n;
    const collectAt = async (offset: bigint, expected: bigint) => {
      await nextAt(start + offset);
      const receipt = await s.mined(staking.write.collect([id]));
      expectEvent(receipt, "RewardCollected", { id, user, amount: expected, fee: collectFee(expected) });
      paid += expected - collectFee(expected);
    };
    await collectAt(100n, reward(3n, 100n));
    // In the redeem window: the rest of cycle 0.
    await collectAt(DURATION + 10n, reward(3n, DURATION - 100n));
    // Five seconds into cycle 1: only those.
    await collectAt(PERIOD + 5n, reward(3n, 5n));
    // Cycle 3's renewal hour: the rest of cycle 1, all of cycle 2 and all of cycle 3.
    await collectAt(3n * PERIOD + DURATION + GRACE + 1n, reward(3n, 3n * DURATION - 5n));
    expect(await s.udbk.read.balanceOf([user])).to.equal(paid);
  });

  it("refuses a second collect while nothing has accrued since: StakingNothingToCollect", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    const staking = as(s, "alice").staking;
    await nextAt(start + DURATION + 1n);
    await s.mined(staking.write.collect([id]));
    // Still in the window, where nothing accrues.
    await nextAt(start + DURATION + 2n);
    await expectRevert(staking.write.collect([id]), "StakingNothingToCollect", [id]);
    // The renewal hour accrues nothing either.
    await nextAt(start + PERIOD - 1n);
    await expectRevert(staking.write.collect([id]), "StakingNothingToCollect", [id]);
    // The next cycle's first second does.
    await nextAt(start + PERIOD + 1n);
    await s.mined(staking.write.collect([id]));
    expect(await s.udbk.read.balanceOf([s.address("alice")])).to.equal(
      reward(1n, DURATION) - collectFee(reward(1n, DURATION)) + reward(1n, 1n) - collectFee(reward(1n, 1n)),
    );
  });

  it("refuses a stake of another user (StakingNotStakeOwner) and an unknown id (StakingUnknownStake)", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    await nextAt(start + 10n);
    await expectRevert(as(s, "bob").staking.write.collect([id]), "StakingNotStakeOwner", [id, s.address("bob")]);
    await expectRevert(as(s, "owner").staking.write.collect([id]), "StakingNotStakeOwner", [id, s.address("owner")]);
    await expectRevert(as(s, "alice").staking.write.collect([0n]), "StakingUnknownStake", [0n]);
    await expectRevert(as(s, "alice").staking.write.collect([2n]), "StakingUnknownStake", [2n]);
  });

  it("refuses when the reserve is short (InsufficientReserve) and loses nothing owed: a later collect pays it", async () => {
    const s = await system(0n);
    const user = s.address("alice");
    const staking = as(s, "alice").staking;
    const { id, start } = await newStake(s, "alice", 2n);
    const owed = reward(2n, DURATION);
    // In the window, so the amount owed stays put while the reserve is refilled.
    await nextAt(start + DURATION + 1n);
    await expectRevert(staking.write.collect([id]), "InsufficientReserve", [owed, 0n]);
    await fundReserve(s, owed - 1n);
    await nextAt(start + DURATION + 100n);
    await expectRevert(staking.write.collect([id]), "InsufficientReserve", [owed, owed - 1n]);
    expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([owed]);
    expect((await s.staking.read.stakeInfo([id])).lastCollectTime).to.equal(start);
    expect(await s.udbk.read.balanceOf([user])).to.equal(0n);

    await fundReserve(s, 1n);
    const receipt = await s.mined(staking.write.collect([id]));
    expectEvent(receipt, "RewardCollected", { id, user, amount: owed, fee: collectFee(owed) });
    expect(await s.udbk.read.balanceOf([user])).to.equal(owed - collectFee(owed));
    expect(await s.udbk.read.balanceOf([s.staking.address])).to.equal(0n);
  });

  it("with a zero collect fee pays everything to the user and nothing to the fee recipient", async () => {
    const s = await system();
    await s.mined(s.staking.write.setFeeRates([UNSTAKE_FEE, 0n]));
    const { id, start } = await newStake(s, "alice", 1n);
    await nextAt(start + 50n);
    const receipt = await s.mined(as(s, "alice").staking.write.collect([id]));
    expectEvent(receipt, "RewardCollected", { amount: reward(1n, 50n), fee: 0n });
    expect(transfers(receipt, s.udbk.address)).to.deep.equal([
      [getAddress(s.staking.address), s.address("alice"), reward(1n, 50n)],
    ]);
    expect(await s.udbk.read.balanceOf([s.address("feeRecipient")])).to.equal(0n);
  });

  it("charges the collect fee rate the stake snapshotted, whatever the owner sets later", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    await s.mined(s.staking.write.setFeeRates([UNSTAKE_FEE, 2000n]));
    await nextAt(start + 100n);
    const receipt = await s.mined(as(s, "alice").staking.write.collect([id]));
    const amount = reward(1n, 100n);
    expectEvent(receipt, "RewardCollected", { amount, fee: (amount * 300n) / BPS });
    const later = await newStake(s, "bob", 1n);
    await nextAt(later.start + 100n);
    const second = await s.mined(as(s, "bob").staking.write.collect([later.id]));
    expectEvent(second, "RewardCollected", { amount, fee: (amount * 2000n) / BPS });
  });

  it("refuses a stake whose rate is zero: nothing ever accrues", async () => {
    const s = await system();
    await s.mined(s.staking.write.setStakeTerms([UNIT_DWN, token("50"), 30n, GRACE, 0n]));
    const { id, start } = await newStake(s, "alice", 1n);
    await nextAt(start + PERIOD + 100n);
    await expectRevert(as(s, "alice").staking.write.collect([id]), "StakingNothingToCollect", [id]);
  });
});

describe("Staking.redeem", () => {
  it("at the window's first second returns the principal minus 5%, the 5% to the fee recipient", async () => {
    const s = await system();
    const user = s.address("alice");
    const feeTo = s.address("feeRecipient");
    const { id, start } = await newStake(s, "alice", 3n);
    await nextAt(start + DURATION);
    const receipt = await s.mined(as(s, "alice").staking.write.redeem([id]));

    const amount = 3n * UNIT_DWN;
    const fee = unstakeFee(amount);
    expect(fee).to.equal(token("15"));
    expectEvent(receipt, "Redeemed", { id, user, amount, fee });
    expect(transfers(receipt, s.dwn.address)).to.deep.equal([
      [getAddress(s.staking.address), user, amount - fee],
      [getAddress(s.staking.address), feeTo, fee],
    ]);
    expect(await s.dwn.read.balanceOf([user])).to.equal(token("285"));
    expect(await s.dwn.read.balanceOf([feeTo])).to.equal(token("15"));
    expect(await s.dwn.read.balanceOf([s.staking.address])).to.equal(0n);
    // No UDBK moves on redeem.
    expect(transfers(receipt, s.udbk.address)).to.deep.equal([]);
    const info = await s.staking.read.stakeInfo([id]);
    expect(info.redeemed).to.equal(true);
    expect(info.status).to.equal(2n);
    expect(info.dwnAmount).to.equal(amount);
  });

  it("at the window's last second still redeems", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "bob", 1n);
    await nextAt(start + PERIOD + DURATION + GRACE - 1n);
    const receipt = await s.mined(as(s, "bob").staking.write.redeem([id]));
    expectEvent(receipt, "Redeemed", { id, amount: UNIT_DWN, fee: unstakeFee(UNIT_DWN) });
  });

  it("outside a window reverts StakingRedeemWindowClosed with the next window's bounds", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    const staking = as(s, "alice").staking;
    const window = (cycle: bigint) => {
      const opensAt = start + cycle * PERIOD + DURATION;
      return [id, opensAt, opensAt + GRACE];
    };
    const cases: [bigint, bigint[]][] = [
      // Before the first window.
      [1n, window(0n)],
      [DURATION - 1n, window(0n)],
      // The renewal hour after it: the next window is cycle 1's.
      [DURATION + GRACE, window(1n)],
      [PERIOD - 1n, window(1n)],
      // Inside cycle 1.
      [PERIOD, window(1n)],
      [PERIOD + DURATION - 1n, window(1n)],
      [PERIOD + DURATION + GRACE + HOUR / 2n, window(2n)],
    ];
    for (const [offset, args] of cases) {
      await nextAt(start + offset);
      await expectRevert(staking.write.redeem([id]), "StakingRedeemWindowClosed", args);
    }
    expect(await s.dwn.read.balanceOf([s.staking.address])).to.equal(UNIT_DWN);
  });

  it("refuses a second redeem, in the window or later: StakingAlreadyRedeemed", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    const staking = as(s, "alice").staking;
    await nextAt(start + DURATION + 5n);
    await s.mined(staking.write.redeem([id]));
    await nextAt(start + DURATION + 6n);
    await expectRevert(staking.write.redeem([id]), "StakingAlreadyRedeemed", [id]);
    await nextAt(start + PERIOD + DURATION + 6n);
    await expectRevert(staking.write.redeem([id]), "StakingAlreadyRedeemed", [id]);
  });

  it("refuses a stake of another user (StakingNotStakeOwner) and an unknown id (StakingUnknownStake)", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "alice", 1n);
    await nextAt(start + DURATION);
    await expectRevert(as(s, "bob").staking.write.redeem([id]), "StakingNotStakeOwner", [id, s.address("bob")]);
    await expectRevert(as(s, "alice").staking.write.redeem([7n]), "StakingUnknownStake", [7n]);
    expect(await s.staking.read.canRedeem([id])).to.equal(true);
  });

  it("leaves the pending UDBK collectable; after that collect there is nothing more", async () => {
    const s = await system();
    const user = s.address("alice");
    const staking = as(s, "alice").staking;
    const { id, start } = await newStake(s, "alice", 2n);
    // Collect part way through, then redeem in cycle 1's window.
    await nextAt(start + 1_000n);
    await s.mined(staking.write.collect([id]));
    await nextAt(start + PERIOD + DURATION + 30n);
    await s.mined(staking.write.redeem([id]));
    const owed = reward(2n, 2n * DURATION - 1_000n);
    await viewAt(start + 5n * PERIOD);
    expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([owed]);

    const receipt = await s.mined(staking.write.collect([id]));
    expectEvent(receipt, "RewardCollected", { id, user, amount: owed, fee: collectFee(owed) });
    expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([0n]);
    expect((await s.staking.read.stakeInfo([id])).pastUnClaimedReward).to.equal(0n);
    await expectRevert(staking.write.collect([id]), "StakingNothingToCollect", [id]);
    await viewAt(start + 9n * PERIOD);
    expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([0n]);
  });

  it("with a zero unstake fee returns the whole principal", async () => {
    const s = await system();
    await s.mined(s.staking.write.setFeeRates([0n, COLLECT_FEE]));
    const { id, start } = await newStake(s, "alice", 1n);
    await nextAt(start + DURATION);
    const receipt = await s.mined(as(s, "alice").staking.write.redeem([id]));
    expectEvent(receipt, "Redeemed", { amount: UNIT_DWN, fee: 0n });
    expect(transfers(receipt, s.dwn.address)).to.deep.equal([
      [getAddress(s.staking.address), s.address("alice"), UNIT_DWN],
    ]);
    expect(await s.dwn.read.balanceOf([s.address("feeRecipient")])).to.equal(0n);
  });

  it("redeeming one stake leaves the user's others running", async () => {
    const s = await system();
    const first = await newStake(s, "alice", 1n);
    const second = await newStake(s, "alice", 2n, first.start + 10n);
    await nextAt(first.start + DURATION);
    await s.mined(as(s, "alice").staking.write.redeem([first.id]));
    expect(await s.staking.read.statusOf([first.id])).to.equal(2n);
    expect(await s.staking.read.statusOf([second.id])).to.equal(0n);
    expect(await s.dwn.read.balanceOf([s.staking.address])).to.equal(2n * UNIT_DWN);
    // Five seconds later the second is still 5 s short of its window and accruing.
    await viewAt(first.start + DURATION + 5n);
    expect(await s.staking.read.getPendingRewards([[first.id, second.id]])).to.deep.equal([
      reward(1n, DURATION),
      reward(2n, DURATION - 5n),
    ]);
  });
});
