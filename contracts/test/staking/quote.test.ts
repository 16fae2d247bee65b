import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import { as, CYCLE_DAYS, RATE, staker, typed, UNIT_A8, UNIT_DWN, type System } from "./helpers";

async function system(): Promise<System> {
  return typed(await loadFixture(deployFixture));
}

describe("Staking.stake(units, maxDwn, maxA8, cycleDays, minRewardPerUnitPerSecond)", () => {
  it("stakes when the terms are those quoted (or better), like stake(units)", async () => {
    const s = await system();
    await staker(s, "alice", 3n);
    const receipt = await s.mined(
      as(s, "alice").staking.write.stake([2n, 2n * UNIT_DWN, 2n * UNIT_A8, CYCLE_DAYS, RATE]),
    );
    expectEvent(receipt, "Staked", { units: 2n, dwnAmount: 2n * UNIT_DWN, rewardPerUnitPerSecond: RATE });
    // Limits above the price and a lower reward floor are no obstacle.
    await s.mined(as(s, "alice").staking.write.stake([1n, 2n * UNIT_DWN, 2n * UNIT_A8, CYCLE_DAYS, 0n]));
    expect(await s.staking.read.stakeCount()).to.equal(2n);
  });

  it("reverts with StakingTermsMoved, taking nothing, when any quoted term moved", async () => {
    const s = await system();
    await staker(s, "alice", 2n);
    const current = [2n * UNIT_DWN, 2n * UNIT_A8, CYCLE_DAYS, RATE] as const;
    const cases: [string, readonly [bigint, bigint, bigint, bigint, bigint]][] = [
      ["DWN price", [2n, 2n * UNIT_DWN - 1n, 2n * UNIT_A8, CYCLE_DAYS, RATE]],
      ["A8 price", [2n, 2n * UNIT_DWN, 2n * UNIT_A8 - 1n, CYCLE_DAYS, RATE]],
      ["cycle", [2n, 2n * UNIT_DWN, 2n * UNIT_A8, CYCLE_DAYS + 1n, RATE]],
      ["reward rate", [2n, 2n * UNIT_DWN, 2n * UNIT_A8, CYCLE_DAYS, RATE + 1n]],
    ];
    for (const [what, args] of cases) {
      await expectRevert(as(s, "alice").staking.write.stake([...args]), "StakingTermsMoved", [...current]);
      expect(await s.staking.read.stakeCount(), what).to.equal(0n);
    }
    expect(await s.dwn.read.balanceOf([s.address("alice")])).to.equal(2n * UNIT_DWN);
  });

  it("is refused while paused and before the terms are set, like stake(units)", async () => {
    const s = await system();
    await staker(s, "alice", 1n);
    await s.mined(s.staking.write.pause());
    await expectRevert(
      as(s, "alice").staking.write.stake([1n, UNIT_DWN, UNIT_A8, CYCLE_DAYS, RATE]),
      "EnforcedPause",
      [],
    );
  });
});
