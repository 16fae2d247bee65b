import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The devnet's clients and the record of what its deploy wrote. */
function devnetOn(port: number, dataDir: string, stop: () => Promise<void>) {
  const rpcUrl = `http://127.0.0.1:${port}`;
  const record = JSON.parse(readFileSync(path.join(dataDir, "devnet", "deployment.json"), "utf8")) as DeploymentRecord;
  const publicClient = createPublicClient({ chain: hardhat, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain: hardhat, mode: "hardhat", transport: http(rpcUrl) });
  return { port, rpcUrl, record, publicClient, testClient, stop };
}

/** Whether this process holds the shared devnet now (a second caller starts a devnet of its own). */
let sharedHeld = false;

/**
 * Borrows the devnet that `scripts/with-devnet.mjs` runs for the whole pass (TEST_DEVNET), if no
 * other test holds it: a lock file in its data folder says so across processes. The chain is
 * snapshotted on the way in; `stop` reverts it to that snapshot (the seeded chain, its clock
 * included) and turns automine back on, so the next file meets the chain a fresh devnet has.
 * Undefined when there is no shared devnet or it is held.
 */
async function borrowSharedDevnet() {
  const shared = process.env.TEST_DEVNET;
  if (!shared || sharedHeld) return undefined;
  const [rpcUrl, dataDir] = shared.split(" ");
  const lock = path.join(dataDir, "held-by");
  try {
    writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    return undefined;
  }
  sharedHeld = true;
  const devnet = devnetOn(Number(new URL(rpcUrl).port), dataDir, async () => {
    await devnet.testClient.setAutomine(true);
    await devnet.testClient.setIntervalMining({ interval: 0 });
    await devnet.testClient.revert({ id: snapshot });
    const head = await devnet.publicClient.getBlockNumber({ cacheTime: 0 });
    if (head !== snapshotHead) throw new Error(`The shared devnet reverted to block ${head}, not ${snapshotHead}.`);
    rmSync(lock, { force: true });
    sharedHeld = false;
  });
  const snapshot = await devnet.testClient.snapshot();
  const snapshotHead = await devnet.publicClient.getBlockNumber({ cacheTime: 0 });
  return devnet;
}

/**
 * The project's devnet (`hardhat devnet`: deployed and seeded) on a loopback port: the pass's
 * shared one when it is free (see {@link borrowSharedDevnet}), else one started as its own process
 * on a free port. `stop` gives the shared one back as it was, or ends the own one.
 */
export async function startDevnet() {
  const borrowed = await borrowSharedDevnet();
  if (borrowed) return borrowed;
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
  return devnetOn(port, dataDir, async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid) process.kill(-child.pid, "SIGINT");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
}

export type Devnet = Awaited<ReturnType<typeof startDevnet>>;
