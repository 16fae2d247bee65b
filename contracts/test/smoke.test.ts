import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { seededFixture } from "./support/fixture";
import { expectRevert } from "./support/expect";

describe("seeded devnet", () => {
  it("binds the demo tree, sells the demo NFTs and records the demo stakes", async () => {
    const s = await loadFixture(seededFixture);
    expect(await s.pool.read.inviters([s.address("alice")])).to.equal(s.address("root"));
    expect(await s.pool.read.validUser([s.address("erin")])).to.equal(false);
    expect(await s.pool.read.userMaxNFTPosition([s.address("alice")])).to.equal(3n);
    expect(await s.staking.read.stakeCount()).to.equal(2n);
    const pool = await s.as("erin").pool;
    await expectRevert(pool.write.buy([1n]), "PoolUserNotBound", [s.address("erin")]);
  });
});
