import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { getContract, parseUnits, zeroAddress, type Address } from "viem";
import type { DevnetRole } from "../deploy/accounts";
import { TOKEN_KEYS } from "../deploy/record";
import { tokenAbi } from "../generated/deployments";
import { deployFixture, type System } from "./support/fixture";
import { expectEvent, expectRevert } from "./support/expect";

/** A DevToken at `address`, typed, as `role` sees it. */
function tokenAs(s: System, address: Address, role: DevnetRole) {
  return getContract({ address, abi: tokenAbi, client: { public: s.publicClient, wallet: s.wallet(role) } });
}

const EXPECTED: Record<(typeof TOKEN_KEYS)[number], [string, string]> = {
  usdt: ["Tether USD", "USDT"],
  dwn9: ["DWN9", "DWN9"],
  dwn: ["DWN", "DWN"],
  a8: ["A8", "A8"],
  udbk: ["UDBK", "UDBK"],
};

describe("DevToken", () => {
  it("the devnet deploys the five tokens with their names, 18 decimals, the owner and no supply", async () => {
    const s = await loadFixture(deployFixture);
    for (const key of TOKEN_KEYS) {
      const t = tokenAs(s, s.record.contracts[key], "owner");
      expect([await t.read.name(), await t.read.symbol()], key).to.deep.equal(EXPECTED[key]);
      expect(await t.read.decimals()).to.equal(18);
      expect(await t.read.owner()).to.equal(s.address("owner"));
      expect(await t.read.totalSupply()).to.equal(0n);
    }
  });

  it("takes its name, symbol and owner from the constructor", async () => {
    const s = await loadFixture(deployFixture);
    const deployed = await hre.viem.deployContract("DevToken", ["Test Token", "TT", s.address("carol")]);
    const t = tokenAs(s, deployed.address, "carol");
    expect(await t.read.name()).to.equal("Test Token");
    expect(await t.read.symbol()).to.equal("TT");
    expect(await t.read.decimals()).to.equal(18);
    expect(await t.read.owner()).to.equal(s.address("carol"));
    await s.mined(t.write.mint([s.address("dave"), 5n]));
    expect(await t.read.balanceOf([s.address("dave")])).to.equal(5n);
  });

  it("the owner mints to anyone: balance and supply grow, Transfer from the zero address", async () => {
    const s = await loadFixture(deployFixture);
    const usdt = tokenAs(s, s.record.contracts.usdt, "owner");
    const amount = parseUnits("1234.5", 18);
    const receipt = await s.mined(usdt.write.mint([s.address("alice"), amount]));
    expectEvent(receipt, "Transfer", { from: zeroAddress, to: s.address("alice"), value: amount });
    await s.mined(usdt.write.mint([s.address("alice"), 1n]));
    await s.mined(usdt.write.mint([s.address("bob"), 2n]));
    expect(await usdt.read.balanceOf([s.address("alice")])).to.equal(amount + 1n);
    expect(await usdt.read.balanceOf([s.address("bob")])).to.equal(2n);
    expect(await usdt.read.totalSupply()).to.equal(amount + 3n);
  });

  it("refuses a mint by anyone else: OwnableUnauthorizedAccount(caller)", async () => {
    const s = await loadFixture(deployFixture);
    const asAlice = tokenAs(s, s.record.contracts.dwn, "alice");
    await expectRevert(asAlice.write.mint([s.address("alice"), 1n]), "OwnableUnauthorizedAccount", [
      s.address("alice"),
    ]);
    const asRoot = tokenAs(s, s.record.contracts.udbk, "root");
    await expectRevert(asRoot.write.mint([s.address("bob"), 1n]), "OwnableUnauthorizedAccount", [s.address("root")]);
    expect(await asAlice.read.totalSupply()).to.equal(0n);
  });

  it("refuses a mint to the zero address: ERC20InvalidReceiver", async () => {
    const s = await loadFixture(deployFixture);
    const a8 = tokenAs(s, s.record.contracts.a8, "owner");
    await expectRevert(a8.write.mint([zeroAddress, 1n]), "ERC20InvalidReceiver", [zeroAddress]);
  });

  it("transfers like a plain ERC20", async () => {
    const s = await loadFixture(deployFixture);
    const c = s.record.contracts;
    await s.mined(tokenAs(s, c.dwn9, "owner").write.mint([s.address("alice"), 10n]));
    const asAlice = tokenAs(s, c.dwn9, "alice");
    const receipt = await s.mined(asAlice.write.transfer([s.address("bob"), 4n]));
    expectEvent(receipt, "Transfer", { from: s.address("alice"), to: s.address("bob"), value: 4n });
    expect(await asAlice.read.balanceOf([s.address("alice")])).to.equal(6n);
    expect(await asAlice.read.balanceOf([s.address("bob")])).to.equal(4n);
    await expectRevert(asAlice.write.transfer([s.address("bob"), 7n]), "ERC20InsufficientBalance", [
      s.address("alice"),
      6n,
      7n,
    ]);
  });
});
