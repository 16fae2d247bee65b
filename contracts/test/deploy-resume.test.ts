/**
 * A dry run of the production deploy (existing tokens, the 48-hour timelock hand-over) on the
 * in-process chain, interrupted after each of its steps and run again: the second run resumes
 * from the journal and ends in the same state as an uninterrupted deploy, without sending any
 * transaction twice.
 */
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { expectRevert, rejection } from "./support/expect";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEVNET_ACCOUNTS } from "../deploy/accounts";
import {
  encodeFunctionData,
  getAddress,
  getContract,
  keccak256,
  toHex,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from "viem";
import { deploySystem } from "../deploy/deploy";
import { devnetParams } from "../deploy/params";
import type { DeploymentRecord } from "../deploy/record";
import { readJournal, type DeployJournal, type TestInterrupt } from "../deploy/steps";
import { poolAbi, stakingAbi, timelockAbi } from "../generated/deployments";
import { DELAY, existingTokens, productionOptions, type Chain } from "./support/production";

const ROLE = {
  admin: zeroHash,
  proposer: keccak256(toHex("PROPOSER_ROLE")),
  executor: keccak256(toHex("EXECUTOR_ROLE")),
  canceller: keccak256(toHex("CANCELLER_ROLE")),
};

/** The production deploy's steps, in order. */
const STEPS = [
  "deploy Pool",
  "deploy Staking",
  ...[1, 2, 3, 4, 5].map((id) => `pool.setTier(${id})`),
  "pool.setStaticRewardPerSecond",
  "pool.setDirectPushRate",
  "pool.setDynamicRates",
  "pool.setMakeup",
  "pool.setOpenCapitalPool",
  "staking.setStakeTerms",
  "staking.setFeeRates",
  "deploy Timelock",
  "pool.transferOwnership",
  "staking.transferOwnership",
  "timelock.scheduleBatch",
  "timelock.executeBatch",
  "timelock.grantRole(proposer)",
  "timelock.grantRole(canceller)",
  "timelock.revokeRole(proposer)",
  "timelock.revokeRole(canceller)",
  "timelock.renounceRole(admin)",
  "final checks",
  "record",
];
/** The steps that send a transaction (all but the last two). */
const TX_STEPS = STEPS.slice(0, -2);

const dir = mkdtempSync(path.join(tmpdir(), "deploy-journal-"));
let runs = 0;
const freshJournal = () => path.join(dir, `${++runs}.journal.json`);

/** Every contract created since the fixture, in order, and how many transactions the deployer sent. */
async function activity(c: Chain): Promise<{ created: Address[]; sent: number }> {
  const created: Address[] = [];
  const head = await c.publicClient.getBlockNumber();
  for (let n = c.head + 1n; n <= head; n++) {
    const block = await c.publicClient.getBlock({ blockNumber: n });
    for (const hash of block.transactions) {
      const receipt = await c.publicClient.getTransactionReceipt({ hash });
      if (receipt.contractAddress) created.push(getAddress(receipt.contractAddress));
    }
  }
  return { created, sent: (await c.publicClient.getTransactionCount({ address: c.address("owner") })) - c.nonce };
}

/** What anyone can read of the deployment: owners, the timelock's delay and roles, every setting. */
async function observe(c: Chain, record: DeploymentRecord) {
  const client = { public: c.publicClient };
  const pool = getContract({ address: record.contracts.pool, abi: poolAbi, client });
  const staking = getContract({ address: record.contracts.staking, abi: stakingAbi, client });
  const timelock = getContract({ address: record.contracts.timelock as Address, abi: timelockAbi, client });
  const roles: Record<string, boolean> = {};
  for (const [name, role] of Object.entries(ROLE)) {
    for (const who of ["owner", "dave"] as const)
      roles[`${who} ${name}`] = await timelock.read.hasRole([role, c.address(who)]);
    roles[`anyone ${name}`] = await timelock.read.hasRole([role, zeroAddress]);
    roles[`timelock ${name}`] = await timelock.read.hasRole([role, timelock.address]);
  }
  return {
    owners: [await pool.read.owner(), await staking.read.owner(), await pool.read.pendingOwner()],
    delay: await timelock.read.getMinDelay(),
    roles,
    tiers: await pool.read.info(),
    pool: [
      await pool.read.staticRewardPerSecond(),
      await pool.read.directPushRate(),
      await pool.read.dynamicRates(),
      await pool.read.dwnPriceUsdt(),
      await pool.read.makeup(),
      await pool.read.openCapitalPool(),
      await pool.read.usdt(),
      await pool.read.root(),
    ],
    staking: [
      await staking.read.stakeView(),
      await staking.read.rewardPerUnitPerSecond(),
      await staking.read.unstakeFeeRate(),
      await staking.read.collectFeeRate(),
      await staking.read.udbk(),
    ],
  };
}

/** The uninterrupted deploy, to compare every interrupted one with. */
async function uninterrupted() {
  const c = await loadFixture(existingTokens);
  const file = freshJournal();
  const record = await deploySystem(hre, productionOptions(c, file));
  return { record, file, state: await observe(c, record), ...(await activity(c)) };
}

describe("the production deploy resumes from its journal", function () {
  let baseline: Awaited<ReturnType<typeof uninterrupted>>;

  before(async () => {
    baseline = await uninterrupted();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("uninterrupted: records every step, hands over to the timelock and writes the settings", async () => {
    const c = await loadFixture(existingTokens);
    const { record, state } = baseline;
    const journal = readJournal(baseline.file);
    expect(journal?.steps.map((s) => s.step)).to.deep.equal(STEPS);
    expect(journal?.steps.every((s) => s.done)).to.equal(true);
    expect(journal?.steps.at(-1)?.record).to.deep.equal(record);
    expect(record.startBlock).to.equal(Number(c.head) + 1);
    // Three contracts created, by the transactions the journal names.
    expect(baseline.created).to.deep.equal([
      record.contracts.pool,
      record.contracts.staking,
      record.contracts.timelock,
    ]);
    expect(baseline.sent).to.equal(TX_STEPS.length);
    const deployments = journal?.steps.filter((s) => s.contract) ?? [];
    expect(deployments.map((s) => s.address)).to.deep.equal(baseline.created);

    const timelock = record.contracts.timelock;
    expect(record.owner).to.equal(timelock);
    expect(record.multisig).to.equal(c.address("dave"));
    expect(state.owners).to.deep.equal([timelock, timelock, zeroAddress]);
    expect(state.delay).to.equal(DELAY);
    // README: proposer and canceller the multisig alone, executor anyone, no admin but the timelock.
    expect(Object.keys(state.roles).filter((k) => state.roles[k])).to.deep.equal([
      "timelock admin",
      "dave proposer",
      "anyone executor",
      "dave canceller",
    ]);
    expect(state.tiers.map((t) => [t.id, t.supply, t.usdtprice, t.limit])).to.deep.equal(
      devnetParams.tiers.map((t) => [BigInt(t.id), t.supply, t.usdtprice, t.limit]),
    );
    expect(state.pool.slice(0, 6)).to.deep.equal([
      devnetParams.staticRewardPerSecond,
      devnetParams.directPushRate,
      devnetParams.dynamicRates,
      devnetParams.dwnPriceUsdt,
      [devnetParams.makeupPercent, devnetParams.maxMakeupCount],
      devnetParams.openCapitalPool,
    ]);
    expect(state.pool.slice(6)).to.deep.equal([c.tokens.usdt, c.address("root")]);
    expect(state.staking.slice(1)).to.deep.equal([
      devnetParams.staking.rewardPerUnitPerSecond,
      devnetParams.staking.unstakeFeeRate,
      devnetParams.staking.collectFeeRate,
      c.tokens.udbk,
    ]);
  });

  it("a rerun of a finished deploy sends nothing and returns the same record", async () => {
    const c = await loadFixture(existingTokens);
    const file = freshJournal();
    const first = await deploySystem(hre, productionOptions(c, file));
    const before = await activity(c);
    expect(await deploySystem(hre, productionOptions(c, file))).to.deep.equal(first);
    expect(await activity(c)).to.deep.equal(before);
  });

  async function interruptAndResume(interrupt: TestInterrupt) {
    const c = await loadFixture(existingTokens);
    const file = freshJournal();
    const error = await rejection(deploySystem(hre, productionOptions(c, file, interrupt)));
    const name = STEPS[interrupt.step - 1];
    expect(error.message).to.equal(
      interrupt.at === "done"
        ? `Test interrupt after step ${interrupt.step} (${name}).`
        : `Test interrupt after sending step ${interrupt.step} (${name}).`,
    );
    const journal = readJournal(file);
    const last = journal?.steps.at(-1);
    expect(journal?.steps.length).to.equal(interrupt.step);
    expect(last?.done).to.equal(interrupt.at === "done");
    if (interrupt.at === "sent") expect(last?.tx).to.match(/^0x[0-9a-f]{64}$/);

    const record = await deploySystem(hre, productionOptions(c, file));
    expect(record).to.deep.equal(baseline.record);
    expect(await observe(c, record)).to.deep.equal(baseline.state);
    // Each contract created once, each transaction sent once.
    expect(await activity(c)).to.deep.equal({ created: baseline.created, sent: baseline.sent });
    expect(readJournal(file)?.steps.map((s) => s.step)).to.deep.equal(STEPS);
  }

  STEPS.forEach((name, i) => {
    it(`stopped after step ${i + 1} (${name}) finished: resumes at the next`, async () => {
      await interruptAndResume({ step: i + 1, at: "done" });
    });
  });

  TX_STEPS.forEach((name, i) => {
    it(`stopped after step ${i + 1} (${name}) sent its transaction: finds it instead of sending again`, async () => {
      await interruptAndResume({ step: i + 1, at: "sent" });
    });
  });

  it("waits for a transaction still pending when it stopped, and resends one the node dropped with the same nonce", async () => {
    for (const drop of [false, true]) {
      const c = await loadFixture(existingTokens);
      const file = freshJournal();
      await c.testClient.setAutomine(false);
      try {
        await rejection(deploySystem(hre, productionOptions(c, file, { step: 1, at: "sent" })));
        const pending = readJournal(file)?.steps[0].tx as Hex;
        expect(await c.publicClient.getTransactionCount({ address: c.address("owner") })).to.equal(c.nonce);
        if (drop) await c.testClient.dropTransaction({ hash: pending });
      } finally {
        await c.testClient.setAutomine(true);
      }
      const resumed = deploySystem(hre, productionOptions(c, file));
      // By now the resumed run waits for the pending deployment (or has sent the dropped one again).
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!drop) await c.testClient.mine({ blocks: 1 });
      expect(await resumed).to.deep.equal(baseline.record);
      expect(await activity(c)).to.deep.equal({ created: baseline.created, sent: baseline.sent });
      expect(readJournal(file)?.steps[0].nonce).to.equal(c.nonce);
    }
  });

  it("refuses to resume with other inputs, naming them, and sends nothing", async () => {
    const c = await loadFixture(existingTokens);
    const file = freshJournal();
    await rejection(deploySystem(hre, productionOptions(c, file, { step: 3, at: "done" })));
    const before = await activity(c);
    const other = {
      ...productionOptions(c, file),
      root: c.address("alice"),
      tokens: { ...c.tokens, usdt: c.address("bob") },
    };
    const error = await rejection(deploySystem(hre, other));
    expect(error.message).to.equal(
      `${file} records a deploy with other inputs: the settings (DEPLOY_PARAMS, the root, treasury, fee recipient ` +
        "or timelock), the token addresses differ. Run again with the same inputs to resume it, or delete that " +
        "file to start a new deploy.",
    );
    const delay = { ...productionOptions(c, file), timelock: { minDelay: DELAY + 1n, multisig: c.address("dave") } };
    expect((await rejection(deploySystem(hre, delay))).message).to.contain(": the settings (");
    expect(await activity(c)).to.deep.equal(before);
  });

  it("refuses to resume when the code at a recorded address is not what it deployed", async () => {
    const c = await loadFixture(existingTokens);
    const file = freshJournal();
    await rejection(deploySystem(hre, productionOptions(c, file, { step: 2, at: "done" })));
    const pool = readJournal(file)?.steps[0].address as Address;
    await c.testClient.setCode({ address: pool, bytecode: "0x6000" });
    const before = await activity(c);
    const error = await rejection(deploySystem(hre, productionOptions(c, file)));
    expect(error.message).to.equal(
      `Step "deploy Pool": the code at ${pool} is not what the journal recorded as deployed there. ` +
        `Delete ${file} to start a new deploy.`,
    );
    expect(await activity(c)).to.deep.equal(before);
  });

  it("a step whose nonce was used, its hash unrecorded, reads that transaction's receipt before it is done", async () => {
    const c = await loadFixture(existingTokens);
    const file = freshJournal();
    await rejection(deploySystem(hre, productionOptions(c, file, { step: 3, at: "sent" })));
    const journal = readJournal(file) as DeployJournal;
    delete journal.steps[2].tx;
    writeFileSync(file, JSON.stringify(journal));
    const record = await deploySystem(hre, productionOptions(c, file));
    expect(record).to.deep.equal(baseline.record);
    expect(await activity(c)).to.deep.equal({ created: baseline.created, sent: baseline.sent });
  });

  it("a step whose nonce another transaction used stops with a sentence instead of being marked done", async () => {
    const c = await loadFixture(existingTokens);
    const file = freshJournal();
    await rejection(deploySystem(hre, productionOptions(c, file, { step: 3, at: "done" })));
    // The process stopped after reserving step 4's nonce, and the key then sent something else with it.
    const journal = readJournal(file) as DeployJournal;
    const nonce = await c.publicClient.getTransactionCount({ address: c.address("owner") });
    journal.steps.push({ step: STEPS[3], nonce, done: false });
    writeFileSync(file, JSON.stringify(journal));
    const [owner] = await hre.viem.getWalletClients();
    const other = await owner.sendTransaction({ to: c.address("owner"), value: 0n, nonce });
    await c.publicClient.waitForTransactionReceipt({ hash: other });
    const error = await rejection(deploySystem(hre, productionOptions(c, file)));
    expect(error.message).to.equal(
      `Step "${STEPS[3]}": the deployer's nonce ${nonce} was used by transaction ${other}, which is not this ` +
        `step's. Check the account on the explorer before deleting ${file}.`,
    );
    expect(readJournal(file)?.steps.at(-1)?.done).to.equal(false);
  });

  describe("a handover that leaves nothing behind", () => {
    const TIMELOCK_STEP = STEPS.indexOf("deploy Timelock") + 1;

    /** Runs the deploy up to its Timelock, then lets `plant` act; returns the journal and the timelock. */
    async function stoppedAtTimelock() {
      const c = await loadFixture(existingTokens);
      const file = freshJournal();
      await rejection(deploySystem(hre, productionOptions(c, file, { step: TIMELOCK_STEP, at: "done" })));
      const address = readJournal(file)?.steps.at(-1)?.address as Address;
      const wallets = await hre.viem.getWalletClients();
      const as = (i: number) =>
        getContract({ address, abi: timelockAbi, client: { public: c.publicClient, wallet: wallets[i] } });
      return { c, file, address, as, wallets };
    }

    it("the multisig holds no role while the delay is still 0", async () => {
      const { c, address, as } = await stoppedAtTimelock();
      const dave = as(DEVNET_ACCOUNTS.dave);
      for (const role of Object.values(ROLE))
        expect(await dave.read.hasRole([role, c.address("dave")])).to.equal(false);
      const data = encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [1n] });
      await expectRevert(
        dave.write.schedule([address, 0n, data, zeroHash, zeroHash, 0n]),
        "AccessControlUnauthorizedAccount",
      );
    });

    it("refuses to finish when a stranger proposer and a queued updateDelay(1) were planted during the handover", async () => {
      const { c, file, address, as } = await stoppedAtTimelock();
      const deployer = as(DEVNET_ACCOUNTS.owner);
      const stranger = c.address("erin");
      const mined = async (hash: Promise<Hex>) => c.publicClient.waitForTransactionReceipt({ hash: await hash });
      await mined(deployer.write.grantRole([ROLE.proposer, stranger]));
      await mined(deployer.write.grantRole([ROLE.canceller, stranger]));
      const data = encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [1n] });
      await mined(deployer.write.schedule([address, 0n, data, zeroHash, zeroHash, 0n]));
      const id = await deployer.read.hashOperation([address, 0n, data, zeroHash, zeroHash]);
      const error = await rejection(deploySystem(hre, productionOptions(c, file)));
      expect(error.message).to.equal(
        "The deployment is not as intended: " +
          `the timelock's proposer role is held by ${[c.address("dave"), stranger].sort().join(", ")}, not ${c.address("dave")}; ` +
          `the timelock's canceller role is held by ${[c.address("dave"), stranger].sort().join(", ")}, not ${c.address("dave")}; ` +
          `operation ${id} is still queued in the timelock.`,
      );
      // The journal does not mark the final checks done: every rerun refuses again.
      expect(readJournal(file)?.steps.some((s) => s.step === "final checks")).to.equal(false);
    });
  });
});
