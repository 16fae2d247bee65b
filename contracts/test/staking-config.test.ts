import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { deployFixture } from "./support/fixture";
import { expectRevert } from "./support/expect";

describe("Staking before and while the owner sets its terms", () => {
  it("refuses a stake until the owner has set the terms", async () => {
    const s = await loadFixture(deployFixture);
    const c = s.record.contracts;
    const fresh = await hre.viem.deployContract("Staking", [
      s.address("owner"),
      s.address("feeRecipient"),
      [c.dwn, c.a8, c.udbk],
    ]);
    await expectRevert(fresh.write.stake([1n]), "StakingNotConfigured", []);
  });

  it("refuses a grace period shorter than one hour, which would leave no redeem window", async () => {
    const s = await loadFixture(deployFixture);
    const t = s.params.staking;
    await expectRevert(
      s.staking.write.setStakeTerms([t.dwnAmount, t.a8Amount, t.cycleDays, 3599n, t.rewardPerUnitPerSecond]),
      "StakingValueOutOfRange",
      [3599n, 3600n, 30n * 86400n],
    );
  });
});
