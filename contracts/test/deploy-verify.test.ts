/**
 * Explorer verification, offline: what `npm run --workspace contracts verify` would send to the
 * explorer, built from the journal of a production dry run, and the sentences it stops with.
 */
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { encodeArguments } from "@nomicfoundation/hardhat-verify/internal/utilities";
import { expect } from "chai";
import { rejection } from "./support/expect";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zeroAddress, type Hex } from "viem";
import { deploySystem } from "../deploy/deploy";
import { DEPLOYMENTS_DIR } from "../deploy/generate";
import { readJournal, type DeployJournal } from "../deploy/steps";
import { explorerApiKey, verifications } from "../deploy/verify";
import { existingTokens, productionOptions } from "./support/production";

const dir = mkdtempSync(path.join(tmpdir(), "deploy-verify-"));

async function deployed() {
  const c = await loadFixture(existingTokens);
  const file = path.join(dir, "dry-run.journal.json");
  rmSync(file, { force: true });
  const record = await deploySystem(hre, productionOptions(c, file));
  return { c, file, record, journal: readJournal(file) as DeployJournal };
}

describe("explorer verification", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("lists Pool, Staking and the Timelock with the constructor arguments they were deployed with", async () => {
    const { c, file, record, journal } = await deployed();
    const list = verifications(journal, file);
    const deployer = c.address("owner");
    expect(list).to.deep.equal([
      {
        name: "Pool",
        address: record.contracts.pool,
        contract: "src/Pool.sol:Pool",
        constructorArguments: [
          deployer,
          c.address("root"),
          c.address("treasury"),
          [c.tokens.usdt, c.tokens.dwn9, c.tokens.dwn],
          "100",
          "500000000000000000",
        ],
      },
      {
        name: "Staking",
        address: record.contracts.staking,
        contract: "src/Staking.sol:Staking",
        constructorArguments: [deployer, c.address("feeRecipient"), [c.tokens.dwn, c.tokens.a8, c.tokens.udbk]],
      },
      {
        name: "Timelock",
        address: record.contracts.timelock,
        contract: "src/governance/Timelock.sol:Timelock",
        constructorArguments: ["0", String(48 * 3600), [deployer], [zeroAddress], deployer],
      },
    ]);
    // Encoded as hardhat-verify encodes them, the arguments rebuild each creation transaction exactly.
    for (const v of list) {
      const artifact = await hre.artifacts.readArtifact(v.contract);
      const encoded = await encodeArguments(
        artifact.abi,
        artifact.sourceName,
        artifact.contractName,
        v.constructorArguments,
      );
      const step = journal.steps.find((s) => s.address === v.address);
      const tx = await c.publicClient.getTransaction({ hash: step?.tx as Hex });
      expect(tx.input, v.name).to.equal(`${artifact.bytecode}${encoded}`);
    }
  });

  it("refuses a journal of an unfinished deploy", async () => {
    const { file, journal } = await deployed();
    const unfinished = { ...journal, steps: journal.steps.slice(0, 5) };
    expect(() => verifications(unfinished, file)).to.throw(
      `${file} records an unfinished deploy: run the deploy again to finish it, then verify.`,
    );
  });

  it("takes ETHERSCAN_API_KEY, else BSCSCAN_API_KEY, and without either says what to set", () => {
    expect(explorerApiKey({ ETHERSCAN_API_KEY: "E", BSCSCAN_API_KEY: "B" })).to.equal("E");
    expect(explorerApiKey({ BSCSCAN_API_KEY: "B" })).to.equal("B");
    expect(() => explorerApiKey({ ETHERSCAN_API_KEY: "" })).to.throw(
      "ETHERSCAN_API_KEY is not set: give an Etherscan API key (its v2 API verifies on BscScan too), " +
        "or set BSCSCAN_API_KEY.",
    );
  });

  it("the verify task stops with a sentence, before any request, without a key or without a journal", async () => {
    const saved = { e: process.env.ETHERSCAN_API_KEY, b: process.env.BSCSCAN_API_KEY };
    try {
      delete process.env.ETHERSCAN_API_KEY;
      delete process.env.BSCSCAN_API_KEY;
      const noKey = await rejection(hre.run("verify-deployment"));
      expect(noKey.message).to.equal(
        "ETHERSCAN_API_KEY is not set: give an Etherscan API key (its v2 API verifies on BscScan too), " +
          "or set BSCSCAN_API_KEY.",
      );
      process.env.ETHERSCAN_API_KEY = "test-key";
      const file = path.join(DEPLOYMENTS_DIR, "31337.journal.json");
      expect(existsSync(file)).to.equal(false);
      const noJournal = await rejection(hre.run("verify-deployment"));
      expect(noJournal.message).to.equal(
        `There is no deploy journal for chain 31337 (${file}): deploy first (npm run --workspace contracts deploy).`,
      );
    } finally {
      for (const [name, value] of [
        ["ETHERSCAN_API_KEY", saved.e],
        ["BSCSCAN_API_KEY", saved.b],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
