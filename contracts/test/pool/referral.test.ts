import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectEvent, expectRevert } from "../support/expect";
import { actor, bind, poolEvents, typed, ZERO } from "./helpers";

describe("Pool referral tree", () => {
  it("starts with the deploy's root as the only valid user and nobody bound", async () => {
    const s = typed(await loadFixture(deployFixture));
    expect(await s.pool.read.root()).to.equal(s.address("root"));
    expect(await s.pool.read.validUser([s.address("root")])).to.equal(true);
    expect(await s.pool.read.inviters([s.address("root")])).to.equal(ZERO);
    for (const role of ["alice", "bob", "owner", "treasury"] as const) {
      expect(await s.pool.read.validUser([s.address(role)]), role).to.equal(false);
      expect(await s.pool.read.inviters([s.address(role)]), role).to.equal(ZERO);
    }
    expect(await s.pool.read.validUser([ZERO])).to.equal(false);
  });

  it("binds a user under the root and makes it valid, emitting InviterBound", async () => {
    const s = typed(await loadFixture(deployFixture));
    const receipt = await bind(s, "alice", "root");
    expectEvent(receipt, "InviterBound", { user: s.address("alice"), inviter: s.address("root") });
    expect(await s.pool.read.inviters([s.address("alice")])).to.equal(s.address("root"));
    expect(await s.pool.read.validUser([s.address("alice")])).to.equal(true);
  });

  it("binds a user under another bound user, building a chain", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    const receipt = await bind(s, "bob", "alice");
    expectEvent(receipt, "InviterBound", { user: s.address("bob"), inviter: s.address("alice") });
    await bind(s, "carol", "bob");
    expect(await s.pool.read.inviters([s.address("bob")])).to.equal(s.address("alice"));
    expect(await s.pool.read.inviters([s.address("carol")])).to.equal(s.address("bob"));
    expect(await s.pool.read.validUser([s.address("carol")])).to.equal(true);
    // Binding changes nobody else.
    expect(await s.pool.read.inviters([s.address("alice")])).to.equal(s.address("root"));
  });

  it("lets any number of users bind under the same inviter", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    for (const role of ["bob", "carol", "dave"] as const) {
      const receipt = await bind(s, role, "alice");
      expect(poolEvents(s, receipt, "InviterBound")).to.have.length(1);
      expect(await s.pool.read.inviters([s.address(role)])).to.equal(s.address("alice"));
    }
  });

  it("refuses to bind the root: PoolRootCannotBind", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    const root = await actor(s, "root");
    await expectRevert(root.pool.write.setInviter([s.address("alice")]), "PoolRootCannotBind", [s.address("root")]);
    expect(await s.pool.read.inviters([s.address("root")])).to.equal(ZERO);
  });

  it("refuses a second binding, so a user's inviter never changes: PoolAlreadyBound", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    await bind(s, "bob", "root");
    const alice = await actor(s, "alice");
    await expectRevert(alice.pool.write.setInviter([s.address("bob")]), "PoolAlreadyBound", [
      s.address("alice"),
      s.address("root"),
    ]);
    // Even binding again to the same inviter is refused.
    await expectRevert(alice.pool.write.setInviter([s.address("root")]), "PoolAlreadyBound", [
      s.address("alice"),
      s.address("root"),
    ]);
    expect(await s.pool.read.inviters([s.address("alice")])).to.equal(s.address("root"));
  });

  it("cannot close a cycle: an ancestor cannot bind under its descendant", async () => {
    const s = typed(await loadFixture(deployFixture));
    await bind(s, "alice", "root");
    await bind(s, "bob", "alice");
    const alice = await actor(s, "alice");
    await expectRevert(alice.pool.write.setInviter([s.address("bob")]), "PoolAlreadyBound", [
      s.address("alice"),
      s.address("root"),
    ]);
  });

  it("refuses a self-invitation: PoolSelfInvite", async () => {
    const s = typed(await loadFixture(deployFixture));
    const alice = await actor(s, "alice");
    await expectRevert(alice.pool.write.setInviter([s.address("alice")]), "PoolSelfInvite", [s.address("alice")]);
    expect(await s.pool.read.validUser([s.address("alice")])).to.equal(false);
  });

  it("refuses an inviter that is not bound itself, or the zero address: PoolInvalidInviter", async () => {
    const s = typed(await loadFixture(deployFixture));
    const bob = await actor(s, "bob");
    await expectRevert(bob.pool.write.setInviter([s.address("erin")]), "PoolInvalidInviter", [s.address("erin")]);
    await expectRevert(bob.pool.write.setInviter([ZERO]), "PoolInvalidInviter", [ZERO]);
    expect(await s.pool.read.inviters([s.address("bob")])).to.equal(ZERO);
    // Once erin is bound, bob can bind under her.
    await bind(s, "erin", "root");
    await bind(s, "bob", "erin");
    expect(await s.pool.read.inviters([s.address("bob")])).to.equal(s.address("erin"));
  });
});
