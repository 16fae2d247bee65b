import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { createPublicClient, http } from "viem";
import { hardhat } from "viem/chains";
import { poolAbi } from "../generated/deployments";
import type { DeploymentRecord } from "../deploy/record";
import { readFileSync } from "node:fs";

const REPO = path.resolve(__dirname, "..", "..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function waitFor(child: ChildProcess, text: string, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes(text)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`npm start exited (${code}) before "${text}":\n${output.join("")}`)));
  });
}

// The README's first command, run as a newcomer runs it. It starts its own process, so the
// coverage run (which instruments the in-process chain only) leaves it out.
describe("npm start", function () {
  before(function () {
    if (process.env.SOLIDITY_COVERAGE === "true") this.skip();
  });

  it("serves the devnet on DEVNET_PORT with the seeded contracts, prints the accounts, and stops on Ctrl-C", async () => {
    const port = await freePort();
    const child = spawn("npm", ["start"], {
      cwd: REPO,
      env: { ...process.env, DEVNET_PORT: String(port) },
      detached: true,
    });
    const output: string[] = [];
    try {
      await waitFor(child, "Ctrl-C stops the devnet.", output);
      const printed = output.join("");
      const record = JSON.parse(
        readFileSync(path.join(REPO, "contracts", "deployments", "31337.json"), "utf8"),
      ) as DeploymentRecord;
      expect(printed).to.include(`Devnet (chain 31337) at http://127.0.0.1:${port}`);
      expect(printed).to.include(record.contracts.pool);
      for (const role of ["owner", "root", "alice", "bob", "carol", "dave", "erin"])
        expect(printed).to.match(new RegExp(`\\b${role}\\b`));

      const client = createPublicClient({ chain: hardhat, transport: http(`http://127.0.0.1:${port}`) });
      expect(await client.getChainId()).to.equal(31337);
      const erin = "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f";
      const alice = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
      const [aliceTier, erinValid] = await Promise.all([
        client.readContract({
          address: record.contracts.pool,
          abi: poolAbi,
          functionName: "userMaxNFTPosition",
          args: [alice],
        }),
        client.readContract({ address: record.contracts.pool, abi: poolAbi, functionName: "validUser", args: [erin] }),
      ]);
      expect(aliceTier).to.equal(3n);
      expect(erinValid).to.equal(false);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.pid) process.kill(-child.pid, "SIGINT");
      await exited;
    }
    const client = createPublicClient({
      chain: hardhat,
      transport: http(`http://127.0.0.1:${port}`, { retryCount: 0 }),
    });
    let stillUp = true;
    await client.getChainId().catch(() => (stillUp = false));
    expect(stillUp, "the devnet stops on Ctrl-C").to.equal(false);
  });
});
