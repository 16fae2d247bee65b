import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import {
  as,
  COLLECT_FEE,
  CYCLE_DAYS,
  GRACE,
  MAX_UNITS,
  RATE,
  staker,
  typed,
  UNIT_A8,
  UNIT_DWN,
  UNSTAKE_FEE,
  type System,
} from "./helpers";

async function system(): Promise<System> {
  return typed(await loadFixture(deployFixture));
}

type Quote = readonly [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];

/** The quote-bound stake's arguments for `units` at the devnet terms, with `change` applied. */
function quote(
  units: bigint,
  change: Partial<Record<"dwn" | "a8" | "cycle" | "rate" | "unstake" | "collect" | "grace", bigint>> = {},
): Quote {
  return [
    units,
    change.dwn ?? units * UNIT_DWN,
    change.a8 ?? units * UNIT_A8,
    change.cycle ?? CYCLE_DAYS,
    change.rate ?? RATE,
    change.unstake ?? UNSTAKE_FEE,
    change.collect ?? COLLECT_FEE,
    change.grace ?? GRACE,
  ];
}

describe("Staking.stake(units, maxDwn, maxA8, cycleDays, minReward, maxUnstakeFeeRate, maxCollectFeeRate, minGracePeriod)", () => {
  it("stakes when the terms are those quoted (or better), like stake(units)", async () => {
    const s = await system();
    await staker(s, "alice", 3n);
    const receipt = await s.mined(as(s, "alice").staking.write.stake(quote(2n)));
    expectEvent(receipt, "Staked", {
      units: 2n,
      dwnAmount: 2n * UNIT_DWN,
      rewardPerUnitPerSecond: RATE,
      unstakeFeeRate: UNSTAKE_FEE,
      collectFeeRate: COLLECT_FEE,
      gracePeriod: GRACE,
    });
    // Limits above the price and the fees, and lower reward and grace floors, are no obstacle.
    await s.mined(
      as(s, "alice").staking.write.stake(
        quote(1n, { dwn: 2n * UNIT_DWN, a8: 2n * UNIT_A8, rate: 0n, unstake: 2000n, collect: 2000n, grace: 0n }),
      ),
    );
    expect(await s.staking.read.stakeCount()).to.equal(2n);
  });

  it("reverts with StakingTermsMoved, naming every current term and taking nothing, when any quoted term moved", async () => {
    const s = await system();
    await staker(s, "alice", 2n);
    const current = [2n * UNIT_DWN, 2n * UNIT_A8, CYCLE_DAYS, RATE, UNSTAKE_FEE, COLLECT_FEE, GRACE] as const;
    const cases: [string, Quote][] = [
      ["DWN price", quote(2n, { dwn: 2n * UNIT_DWN - 1n })],
      ["A8 price", quote(2n, { a8: 2n * UNIT_A8 - 1n })],
      ["cycle", quote(2n, { cycle: CYCLE_DAYS + 1n })],
      ["reward rate", quote(2n, { rate: RATE + 1n })],
      ["unstake fee", quote(2n, { unstake: UNSTAKE_FEE - 1n })],
      ["collect fee", quote(2n, { collect: COLLECT_FEE - 1n })],
      ["grace period", quote(2n, { grace: GRACE + 1n })],
    ];
    for (const [what, args] of cases) {
      await expectRevert(as(s, "alice").staking.write.stake(args), "StakingTermsMoved", [...current]);
      expect(await s.staking.read.stakeCount(), what).to.equal(0n);
    }
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(2n * UNIT_DWN);
  });

  it("refuses units outside 1..MAX_UNITS with StakingInvalidUnits, 2^200 and 2^256 − 1 included (no overflow panic)", async () => {
    const s = await system();
    await staker(s, "alice", 1n);
    for (const units of [0n, MAX_UNITS + 1n, 2n ** 200n, 2n ** 256n - 1n]) {
      await expectRevert(as(s, "alice").staking.write.stake(quote(units, { dwn: 0n, a8: 0n })), "StakingInvalidUnits", [
        units,
        MAX_UNITS,
      ]);
    }
  });

  it("is refused while paused and before the terms are set, like stake(units)", async () => {
    const s = await system();
    await staker(s, "alice", 1n);
    await s.mined(s.staking.write.pause());
    await expectRevert(as(s, "alice").staking.write.stake(quote(1n)), "EnforcedPause", []);
  });
});
