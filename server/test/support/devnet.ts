import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPublicClient, createTestClient, http, type Address } from "viem";
import { hardhat } from "viem/chains";

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "contracts");

export interface DeploymentRecord {
  chainId: number;
  startBlock: number;
  owner: Address;
  root: Address;
  treasury: Address;
  feeRecipient: Address;
  contracts: {
    usdt: Address;
    dwn9: Address;
    dwn: Address;
    a8: Address;
    udbk: Address;
    pool: Address;
    staking: Address;
  };
}

export async function freePort(): Promise<number> {
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

/**
 * Starts the project's devnet (`hardhat devnet`: deployed and seeded) on a free loopback port,
 * as its own process. `stop` ends it.
 */
export async function startDevnet() {
  const port = await freePort();
  // The devnet writes its deployment record in the data folder: a temporary one of its own.
  const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-devnet-"));
  const child = spawn("npx", ["hardhat", "devnet"], {
    cwd: CONTRACTS,
    env: { ...process.env, DEVNET_PORT: String(port), DATA_DIR: dataDir },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("Ctrl-C stops the devnet.")) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) =>
      reject(new Error(`The devnet exited (${code}) before it was ready:\n${output.join("")}`)),
    );
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const record = JSON.parse(readFileSync(path.join(dataDir, "devnet", "deployment.json"), "utf8")) as DeploymentRecord;
  const publicClient = createPublicClient({ chain: hardhat, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain: hardhat, mode: "hardhat", transport: http(rpcUrl) });
  return {
    port,
    rpcUrl,
    record,
    publicClient,
    testClient,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.pid) process.kill(-child.pid, "SIGINT");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Devnet = Awaited<ReturnType<typeof startDevnet>>;
