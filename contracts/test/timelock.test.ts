/**
 * The production ownership (DESIGN.md §3): deploySystem with a timelock leaves Pool and Staking
 * owned by an OpenZeppelin TimelockController whose proposer and canceller is a multisig and whose
 * executor is anyone. No setting changes before the delay; it does after.
 */
import hre from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { encodeFunctionData, getContract, keccak256, toHex, zeroHash, type Address, type Hex } from "viem";
import { deploySystem } from "../deploy/deploy";
import { devnetParams } from "../deploy/params";
import { poolAbi, stakingAbi, timelockAbi } from "../generated/deployments";
import { deployFixture } from "./support/fixture";
import { expectEvent, expectRevert } from "./support/expect";

const DELAY = 48n * 3600n;
const ROLE = {
  admin: zeroHash,
  proposer: keccak256(toHex("PROPOSER_ROLE")),
  executor: keccak256(toHex("EXECUTOR_ROLE")),
  canceller: keccak256(toHex("CANCELLER_ROLE")),
};

async function production() {
  const s = await loadFixture(deployFixture);
  const multisig = s.address("erin");
  const record = await deploySystem(hre, {
    params: devnetParams,
    root: s.address("root"),
    treasury: s.address("treasury"),
    feeRecipient: s.address("feeRecipient"),
    tokens: {
      usdt: s.record.contracts.usdt,
      dwn9: s.record.contracts.dwn9,
      dwn: s.record.contracts.dwn,
      a8: s.record.contracts.a8,
      udbk: s.record.contracts.udbk,
    },
    timelock: { minDelay: DELAY, multisig },
  });
  const at = (role: "owner" | "erin" | "alice") => {
    const client = { public: s.publicClient, wallet: s.wallet(role) };
    const c = record.contracts;
    return {
      pool: getContract({ address: c.pool, abi: poolAbi, client }),
      staking: getContract({ address: c.staking, abi: stakingAbi, client }),
      timelock: getContract({ address: c.timelock as Address, abi: timelockAbi, client }),
    };
  };
  return { s, record, multisig, at };
}

/** The arguments of `schedule` / `execute` for one call, salt zero. */
function op(target: Address, data: Hex) {
  return [target, 0n, data, zeroHash, zeroHash] as const;
}

describe("production ownership: a 48-hour timelock owns Pool and Staking", () => {
  it("leaves the timelock as owner, the multisig as sole proposer and canceller, anyone as executor, no admin", async () => {
    const { s, record, multisig, at } = await production();
    const { pool, staking, timelock } = at("owner");
    expect(await pool.read.owner()).to.equal(record.contracts.timelock);
    expect(await staking.read.owner()).to.equal(record.contracts.timelock);
    expect(await pool.read.pendingOwner()).to.equal("0x0000000000000000000000000000000000000000");
    expect(await timelock.read.getMinDelay()).to.equal(DELAY);
    const deployer = s.address("owner");
    for (const role of Object.values(ROLE)) expect(await timelock.read.hasRole([role, deployer])).to.equal(false);
    expect(await timelock.read.hasRole([ROLE.proposer, multisig])).to.equal(true);
    expect(await timelock.read.hasRole([ROLE.canceller, multisig])).to.equal(true);
    expect(await timelock.read.hasRole([ROLE.executor, "0x0000000000000000000000000000000000000000"])).to.equal(true);
    expect(await timelock.read.hasRole([ROLE.admin, record.contracts.timelock as Address])).to.equal(true);
    expect(await timelock.read.hasRole([ROLE.admin, multisig])).to.equal(false);
    // The deployer's key can change nothing.
    await expectRevert(pool.write.setStaticRewardPerSecond([1n]), "OwnableUnauthorizedAccount", [deployer]);
    await expectRevert(staking.write.setFeeRates([0n, 0n]), "OwnableUnauthorizedAccount", [deployer]);
  });

  it("a setting scheduled by the multisig changes nothing before the delay, and applies when anyone executes it after", async () => {
    const { s, record, at } = await production();
    const ms = at("erin");
    const anyone = at("alice");
    const pool = record.contracts.pool;
    const before = await ms.pool.read.staticRewardPerSecond();
    const data = encodeFunctionData({ abi: poolAbi, functionName: "setStaticRewardPerSecond", args: [before * 2n] });
    // Less than the minimum delay is refused.
    await expectRevert(ms.timelock.write.schedule([...op(pool, data), DELAY - 1n]), "TimelockInsufficientDelay", [
      DELAY - 1n,
      DELAY,
    ]);
    // Only the multisig proposes.
    await expectRevert(anyone.timelock.write.schedule([...op(pool, data), DELAY]), "AccessControlUnauthorizedAccount");
    const scheduled = await s.mined(ms.timelock.write.schedule([...op(pool, data), DELAY]));
    const id = await ms.timelock.read.hashOperation(op(pool, data));
    expectEvent(scheduled, "CallScheduled", { id, target: pool, data, delay: DELAY });
    const readyAt = await ms.timelock.read.getTimestamp([id]);

    await time.setNextBlockTimestamp(readyAt - 1n);
    await expectRevert(anyone.timelock.write.execute(op(pool, data)), "TimelockUnexpectedOperationState");
    expect(await ms.pool.read.staticRewardPerSecond()).to.equal(before);

    await time.setNextBlockTimestamp(readyAt);
    const executed = await s.mined(anyone.timelock.write.execute(op(pool, data)));
    expectEvent(executed, "CallExecuted", { id, target: pool, data });
    expectEvent(executed, "StaticRewardPerSecondSet", { rewardPerSecond: before * 2n });
    expect(await ms.pool.read.staticRewardPerSecond()).to.equal(before * 2n);
  });

  it("the multisig cancels a queued change, which then can never execute", async () => {
    const { s, record, at } = await production();
    const ms = at("erin");
    const staking = record.contracts.staking;
    const data = encodeFunctionData({ abi: stakingAbi, functionName: "setFeeRates", args: [2000n, 2000n] });
    await s.mined(ms.timelock.write.schedule([...op(staking, data), DELAY]));
    const id = await ms.timelock.read.hashOperation(op(staking, data));
    await expectRevert(at("alice").timelock.write.cancel([id]), "AccessControlUnauthorizedAccount");
    const cancelled = await s.mined(ms.timelock.write.cancel([id]));
    expectEvent(cancelled, "Cancelled", { id });
    await time.increase(Number(DELAY) + 1);
    await expectRevert(at("alice").timelock.write.execute(op(staking, data)), "TimelockUnexpectedOperationState");
    expect(await ms.staking.read.unstakeFeeRate()).to.equal(devnetParams.staking.unstakeFeeRate);
  });

  it("renouncing ownership through the timelock reverts too", async () => {
    const { s, record, at } = await production();
    const ms = at("erin");
    const data = encodeFunctionData({ abi: poolAbi, functionName: "renounceOwnership" });
    await s.mined(ms.timelock.write.schedule([...op(record.contracts.pool, data), DELAY]));
    await time.increase(Number(DELAY));
    await expectRevert(ms.timelock.write.execute(op(record.contracts.pool, data)), "PoolRenounceDisabled", []);
    expect(await ms.pool.read.owner()).to.equal(record.contracts.timelock);
  });

  it("the delay is a floor for life: updateDelay below the deploy-time minimum is refused, through the queue and directly", async () => {
    const { s, record, multisig, at } = await production();
    const ms = at("erin");
    const timelock = record.contracts.timelock as Address;
    // Directly, only the timelock itself may change its delay.
    await expectRevert(ms.timelock.write.updateDelay([0n]), "TimelockUnauthorizedCaller", [multisig]);
    // Through the queue, an announced cut below the floor fails when executed and changes nothing.
    for (const delay of [0n, 1n, DELAY - 1n]) {
      const data = encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [delay] });
      await s.mined(ms.timelock.write.schedule([...op(timelock, data), DELAY]));
      await time.increase(Number(DELAY));
      await expectRevert(at("alice").timelock.write.execute(op(timelock, data)), "TimelockDelayBelowFloor", [
        delay,
        DELAY,
      ]);
      expect(await ms.timelock.read.getMinDelay()).to.equal(DELAY);
    }
    // A longer delay, and back to the floor, are allowed.
    for (const delay of [DELAY * 2n, DELAY]) {
      const data = encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [delay] });
      await s.mined(ms.timelock.write.schedule([...op(timelock, data), await ms.timelock.read.getMinDelay()]));
      await time.increase(Number(DELAY * 2n));
      await s.mined(at("alice").timelock.write.execute(op(timelock, data)));
      expect(await ms.timelock.read.getMinDelay()).to.equal(delay);
    }
    expect(await ms.timelock.read.delayFloor()).to.equal(DELAY);
  });

  it("the last proposer can neither renounce its role nor have it revoked through the queue", async () => {
    const { s, record, multisig, at } = await production();
    const ms = at("erin");
    const timelock = record.contracts.timelock as Address;
    await expectRevert(ms.timelock.write.renounceRole([ROLE.proposer, multisig]), "TimelockLastProposer", [multisig]);
    const revoke = encodeFunctionData({
      abi: timelockAbi,
      functionName: "revokeRole",
      args: [ROLE.proposer, multisig],
    });
    await s.mined(ms.timelock.write.schedule([...op(timelock, revoke), DELAY]));
    await time.increase(Number(DELAY));
    await expectRevert(at("alice").timelock.write.execute(op(timelock, revoke)), "TimelockLastProposer", [multisig]);
    expect(await ms.timelock.read.hasRole([ROLE.proposer, multisig])).to.equal(true);
    // With a second proposer granted through the queue, the multisig may step down.
    const second = s.address("alice");
    const grant = encodeFunctionData({ abi: timelockAbi, functionName: "grantRole", args: [ROLE.proposer, second] });
    await s.mined(ms.timelock.write.schedule([...op(timelock, grant), DELAY]));
    await time.increase(Number(DELAY));
    await s.mined(at("alice").timelock.write.execute(op(timelock, grant)));
    expect(await ms.timelock.read.proposerCount()).to.equal(2n);
    await s.mined(ms.timelock.write.renounceRole([ROLE.proposer, multisig]));
    expect(await ms.timelock.read.proposerCount()).to.equal(1n);
    await expectRevert(at("alice").timelock.write.renounceRole([ROLE.proposer, second]), "TimelockLastProposer", [
      second,
    ]);
  });
});
