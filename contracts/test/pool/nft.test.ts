import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { deployFixture } from "../support/fixture";
import { expectRevert } from "../support/expect";
import { actor, bind, buy, buyer, poolEvents, typed } from "./helpers";

/** alice owns tokens 1000001 (tier 1) and 3000001 (tier 3); bob is bound under alice. */
async function holders() {
  const s = typed(await loadFixture(deployFixture));
  await bind(s, "alice", "root");
  await bind(s, "bob", "alice");
  await buyer(s, "alice");
  await buy(s, "alice", 1n);
  await buy(s, "alice", 3n);
  return { s, alice: await actor(s, "alice"), bob: await actor(s, "bob") };
}

describe("Pool soulbound NFT", () => {
  it("declares ERC-165, ERC-721, ERC-721 metadata and ERC-5192 support, and nothing else", async () => {
    const s = typed(await loadFixture(deployFixture));
    const supported = ["0x01ffc9a7", "0x80ac58cd", "0x5b5e139f", "0xb45a3c0e"] as const;
    for (const id of supported) expect(await s.pool.read.supportsInterface([id]), id).to.equal(true);
    // ERC-165 requires 0xffffffff to be unsupported; ERC-721 enumerable is not implemented.
    for (const id of ["0xffffffff", "0x780e9d63", "0x00000000"] as const) {
      expect(await s.pool.read.supportsInterface([id]), id).to.equal(false);
    }
  });

  it("reports every minted token as locked, with its tier and a JSON token URI", async () => {
    const { s, alice } = await holders();
    expect(await s.pool.read.locked([1_000_001n])).to.equal(true);
    expect(await s.pool.read.locked([3_000_001n])).to.equal(true);
    expect(await s.pool.read.tierOf([1_000_001n])).to.equal(1n);
    expect(await s.pool.read.tierOf([3_000_001n])).to.equal(3n);
    expect(await s.pool.read.ownerOf([3_000_001n])).to.equal(alice.address);
    expect(await s.pool.read.tokenURI([3_000_001n])).to.equal(
      'data:application/json;utf8,{"name":"DWN Hashrate NFT #3000001","description":"Tier 3 hashrate NFT",' +
        '"attributes":[{"trait_type":"Tier","value":3}]}',
    );
    const uri = await s.pool.read.tokenURI([1_000_001n]);
    const json = JSON.parse(uri.slice("data:application/json;utf8,".length)) as unknown;
    expect(json).to.deep.equal({
      name: "DWN Hashrate NFT #1000001",
      description: "Tier 1 hashrate NFT",
      attributes: [{ trait_type: "Tier", value: 1 }],
    });
  });

  it("refuses locked, tierOf, tokenURI and ownerOf of a token never minted: ERC721NonexistentToken", async () => {
    const { s } = await holders();
    for (const id of [0n, 1_000_002n, 3_000_000n, 2_000_001n]) {
      await expectRevert(s.pool.read.locked([id]), "ERC721NonexistentToken", [id]);
      await expectRevert(s.pool.read.tierOf([id]), "ERC721NonexistentToken", [id]);
      await expectRevert(s.pool.read.tokenURI([id]), "ERC721NonexistentToken", [id]);
      await expectRevert(s.pool.read.ownerOf([id]), "ERC721NonexistentToken", [id]);
    }
  });

  it("refuses every transfer by the owner: PoolSoulbound", async () => {
    const { s, alice, bob } = await holders();
    const id = 1_000_001n;
    await expectRevert(alice.pool.write.transferFrom([alice.address, bob.address, id]), "PoolSoulbound", [id]);
    await expectRevert(alice.pool.write.safeTransferFrom([alice.address, bob.address, id]), "PoolSoulbound", [id]);
    await expectRevert(alice.pool.write.safeTransferFrom([alice.address, bob.address, id, "0x"]), "PoolSoulbound", [
      id,
    ]);
    expect(await s.pool.read.ownerOf([id])).to.equal(alice.address);
    expect(await s.pool.read.balanceOf([bob.address])).to.equal(0n);
  });

  it("refuses a transfer by an approved operator too: approval never moves a token", async () => {
    const { s, alice, bob } = await holders();
    const id = 3_000_001n;
    await s.mined(alice.pool.write.approve([bob.address, id]));
    expect(await s.pool.read.getApproved([id])).to.equal(bob.address);
    await s.mined(alice.pool.write.setApprovalForAll([bob.address, true]));
    expect(await s.pool.read.isApprovedForAll([alice.address, bob.address])).to.equal(true);
    await expectRevert(bob.pool.write.transferFrom([alice.address, bob.address, id]), "PoolSoulbound", [id]);
    await expectRevert(bob.pool.write.safeTransferFrom([alice.address, bob.address, id]), "PoolSoulbound", [id]);
    expect(await s.pool.read.ownerOf([id])).to.equal(alice.address);
    expect(await s.pool.read.userHashrate([bob.address])).to.equal(0n);
  });

  it("treats a transfer of a token never minted as nonexistent: ERC721NonexistentToken", async () => {
    const { alice, bob } = await holders();
    await expectRevert(
      alice.pool.write.transferFrom([alice.address, bob.address, 5_000_001n]),
      "ERC721NonexistentToken",
      [5_000_001n],
    );
  });

  it("emits ERC-5192 Locked with the ERC-721 mint Transfer on each purchase", async () => {
    const { s, alice } = await holders();
    const receipt = await buy(s, "alice", 1n);
    const locked = poolEvents(s, receipt, "Locked");
    expect(locked.map((l) => l.args)).to.deep.equal([{ tokenId: 1_000_002n }]);
    const transfers = poolEvents(s, receipt, "Transfer");
    expect(transfers.map((l) => l.args)).to.deep.equal([
      { from: "0x0000000000000000000000000000000000000000", to: alice.address, tokenId: 1_000_002n },
    ]);
  });
});
