import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectRevert } from "../support/expect";
import {
  as,
  DURATION,
  fundReserve,
  GRACE,
  HOUR,
  newStake,
  nextAt,
  PERIOD,
  reward,
  token,
  typed,
  viewAt,
  type System,
} from "./helpers";

async function system(): Promise<System> {
  const s = typed(await loadFixture(deployFixture));
  await fundReserve(s, token("1000000"));
  return s;
}

/** What a caller sees of a stake at one second of its life. */
interface Moment {
  offset: bigint;
  status: bigint;
  canRedeem: boolean;
  /** Seconds of cycle time accrued since the start. */
  active: bigint;
  cycle: bigint;
}

/** Asserts every time-dependent view of stake `id` (started at `start`, `units` units) at `m`. */
async function expectMoment(s: System, id: bigint, start: bigint, units: bigint, m: Moment): Promise<void> {
  const at = `offset ${m.offset}`;
  expect(await s.staking.read.statusOf([id]), `statusOf at ${at}`).to.equal(m.status);
  expect(await s.staking.read.canRedeem([id]), `canRedeem at ${at}`).to.equal(m.canRedeem);
  expect(await s.staking.read.getPendingRewards([[id]]), `pending at ${at}`).to.deep.equal([reward(units, m.active)]);
  const info = await s.staking.read.stakeInfo([id]);
  const end = start + m.cycle * PERIOD + DURATION;
  expect(
    {
      status: info.status,
      cycleIndex: info.cycleIndex,
      endTime: info.endTime,
      unstakeGraceTimestamp: info.unstakeGraceTimestamp,
      pastUnClaimedReward: info.pastUnClaimedReward,
      redeemed: info.redeemed,
    },
    `stakeInfo at ${at}`,
  ).to.deep.equal({
    status: m.status,
    cycleIndex: m.cycle,
    endTime: end,
    unstakeGraceTimestamp: end + GRACE,
    pastUnClaimedReward: reward(units, m.active),
    redeemed: false,
  });
}

describe("Staking cycles", () => {
  it("runs cycle 0, its redeem window, the renewal hour and renews by itself, to the second", async () => {
    const s = await system();
    const units = 2n;
    const { id, start } = await newStake(s, "alice", units);
    const D = DURATION;
    const G = GRACE;
    const P = PERIOD;
    const moments: Moment[] = [
      { offset: 0n, status: 0n, canRedeem: false, active: 0n, cycle: 0n },
      { offset: 1n, status: 0n, canRedeem: false, active: 1n, cycle: 0n },
      { offset: D - 1n, status: 0n, canRedeem: false, active: D - 1n, cycle: 0n },
      // The redeem window opens: accrual stops for the rest of the period.
      { offset: D, status: 1n, canRedeem: true, active: D, cycle: 0n },
      { offset: D + 1n, status: 1n, canRedeem: true, active: D, cycle: 0n },
      { offset: D + G - 1n, status: 1n, canRedeem: true, active: D, cycle: 0n },
      // The renewal hour: still waiting, but no longer redeemable.
      { offset: D + G, status: 1n, canRedeem: false, active: D, cycle: 0n },
      { offset: P - 1n, status: 1n, canRedeem: false, active: D, cycle: 0n },
      // Cycle 1 starts by itself.
      { offset: P, status: 0n, canRedeem: false, active: D, cycle: 1n },
      { offset: P + 1n, status: 0n, canRedeem: false, active: D + 1n, cycle: 1n },
      { offset: P + D - 1n, status: 0n, canRedeem: false, active: 2n * D - 1n, cycle: 1n },
      { offset: P + D, status: 1n, canRedeem: true, active: 2n * D, cycle: 1n },
      { offset: P + D + G - 1n, status: 1n, canRedeem: true, active: 2n * D, cycle: 1n },
      { offset: P + D + G, status: 1n, canRedeem: false, active: 2n * D, cycle: 1n },
      { offset: 2n * P - 1n, status: 1n, canRedeem: false, active: 2n * D, cycle: 1n },
      { offset: 2n * P, status: 0n, canRedeem: false, active: 2n * D, cycle: 2n },
      // Far ahead: cycle 10, inside its window.
      { offset: 10n * P + D + 5n, status: 1n, canRedeem: true, active: 11n * D, cycle: 10n },
      { offset: 10n * P + D + G + 5n, status: 1n, canRedeem: false, active: 11n * D, cycle: 10n },
    ];
    for (const m of moments) {
      if (m.offset > 0n) await viewAt(start + m.offset);
      await expectMoment(s, id, start, units, m);
    }
  });

  it("each stake runs on its own clock", async () => {
    const s = await system();
    const first = await newStake(s, "alice", 1n);
    const second = await newStake(s, "bob", 3n, first.start + DURATION - 10n);
    // The first stake's window is open while the second is 10 s into its first cycle.
    await viewAt(first.start + DURATION);
    expect(await s.staking.read.canRedeem([first.id])).to.equal(true);
    expect(await s.staking.read.statusOf([second.id])).to.equal(0n);
    expect(await s.staking.read.getPendingRewards([[first.id, second.id]])).to.deep.equal([
      reward(1n, DURATION),
      reward(3n, 10n),
    ]);
  });

  it("getPendingRewards answers several ids at once, 0 for unknown ids, in the order asked", async () => {
    const s = await system();
    const a = await newStake(s, "alice", 1n);
    const b = await newStake(s, "bob", 5n, a.start + 100n);
    await viewAt(a.start + 1000n);
    expect(await s.staking.read.getPendingRewards([[]])).to.deep.equal([]);
    expect(await s.staking.read.getPendingRewards([[b.id, 0n, a.id, 3n, b.id, 2n ** 256n - 1n]])).to.deep.equal([
      reward(5n, 900n),
      0n,
      reward(1n, 1000n),
      0n,
      reward(5n, 900n),
      0n,
    ]);
  });

  it("unknown ids: canRedeem is false; statusOf and stakeInfo revert StakingUnknownStake", async () => {
    const s = await system();
    await newStake(s, "alice", 1n);
    expect(await s.staking.read.canRedeem([0n])).to.equal(false);
    expect(await s.staking.read.canRedeem([2n])).to.equal(false);
    await expectRevert(s.staking.read.statusOf([0n]), "StakingUnknownStake", [0n]);
    await expectRevert(s.staking.read.statusOf([2n]), "StakingUnknownStake", [2n]);
    await expectRevert(s.staking.read.stakeInfo([2n]), "StakingUnknownStake", [2n]);
  });

  it("a redeemed stake is ended: status 2, never redeemable, accrual frozen at the redeem time", async () => {
    const s = await system();
    const units = 4n;
    const { id, start } = await newStake(s, "alice", units);
    // Redeem in cycle 2's window, 77 s after it opened.
    const redeemedAt = start + 2n * PERIOD + DURATION + 77n;
    await nextAt(redeemedAt);
    await s.mined(as(s, "alice").staking.write.redeem([id]));
    const frozen = reward(units, 3n * DURATION);
    for (const later of [redeemedAt, redeemedAt + GRACE, start + 3n * PERIOD + 5n, start + 9n * PERIOD + DURATION]) {
      if (later > redeemedAt) await viewAt(later);
      expect(await s.staking.read.statusOf([id])).to.equal(2n);
      expect(await s.staking.read.canRedeem([id])).to.equal(false);
      expect(await s.staking.read.getPendingRewards([[id]])).to.deep.equal([frozen]);
      const info = await s.staking.read.stakeInfo([id]);
      expect(info.redeemed).to.equal(true);
      expect(info.status).to.equal(2n);
      // The cycle it was redeemed in, however long ago.
      expect(info.cycleIndex).to.equal(2n);
      expect(info.endTime).to.equal(start + 2n * PERIOD + DURATION);
      expect(info.unstakeGraceTimestamp).to.equal(start + 2n * PERIOD + DURATION + GRACE);
      expect(info.pastUnClaimedReward).to.equal(frozen);
    }
  });

  it("a redeem at the first second of cycle 0's window freezes exactly one cycle of reward", async () => {
    const s = await system();
    const { id, start } = await newStake(s, "carol", 1n);
    await nextAt(start + DURATION);
    await s.mined(as(s, "carol").staking.write.redeem([id]));
    await viewAt(start + PERIOD + HOUR);
    const info = await s.staking.read.stakeInfo([id]);
    expect(info.cycleIndex).to.equal(0n);
    expect(info.endTime).to.equal(start + DURATION);
    expect(info.pastUnClaimedReward).to.equal(reward(1n, DURATION));
  });
});
