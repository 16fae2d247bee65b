import hre from "hardhat";
import { takeSnapshot } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deployDevnet } from "../deploy/devnet";
import { devnetRecordPath, readDevnetRecord } from "../deploy/devnet-record";
import { DEPLOYMENTS_DIR, GENERATED_MODULE, writeModule } from "../deploy/generate";

/** Every file of the committed deployment records and the generated module, by path, with its text. */
async function committedFiles(): Promise<Record<string, string>> {
  const names = await readdir(DEPLOYMENTS_DIR).catch((): string[] => []);
  const files = [...names.map((n) => path.join(DEPLOYMENTS_DIR, n)), GENERATED_MODULE];
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readFile(f, "utf8")] as const)));
}

describe("the devnet's deployment record", () => {
  for (const timelock of [false, true]) {
    it(`goes to the data folder${timelock ? " (with a timelock)" : ""}, and the committed files stay as they were`, async () => {
      const before = await committedFiles();
      const dataDir = await mkdtemp(path.join(tmpdir(), "dwn-devnet-record-"));
      const chain = await takeSnapshot();
      try {
        const record = await deployDevnet(hre, { timelock, env: { DATA_DIR: dataDir } });
        // What every devnet start's compile does next: the module from the artifacts and the records.
        await writeModule(hre);
        expect(JSON.parse(await readFile(devnetRecordPath(dataDir), "utf8"))).to.deep.equal(record);
        expect(readDevnetRecord(dataDir)).to.deep.equal(record);
        expect(record.contracts.timelock !== undefined).to.equal(timelock);
        expect(await committedFiles()).to.deep.equal(before);
      } finally {
        await chain.restore();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});
