#!/usr/bin/env node
// Runs a command beside one devnet (`hardhat devnet`: the contracts deployed and seeded) on a free
// loopback port, then stops it. The command sees TEST_DEVNET (the devnet's RPC URL and its data
// folder, separated by a space): the server tests' startDevnet() borrows that chain instead of
// starting one of their own, takes a snapshot and reverts to it when the file is done, so each
// file still meets the freshly seeded chain. Usage: node scripts/with-devnet.mjs cmd…
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "contracts");
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("Usage: node scripts/with-devnet.mjs <command> [args…]");
  process.exit(2);
}

const port = await new Promise((resolve, reject) => {
  const server = createServer();
  server.once("error", reject);
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-shared-devnet-"));
const devnet = spawn("npx", ["hardhat", "devnet"], {
  cwd: CONTRACTS,
  env: { ...process.env, DEVNET_PORT: String(port), DATA_DIR: dataDir },
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
});
const devnetExited = new Promise((resolve) => devnet.once("exit", resolve));
let output = "";
const ready = await new Promise((resolve) => {
  const collect = (chunk) => {
    output += chunk.toString();
    if (output.includes("Ctrl-C stops the devnet.")) resolve(true);
  };
  devnet.stdout.on("data", collect);
  devnet.stderr.on("data", collect);
  void devnetExited.then(() => resolve(false));
});

const stopDevnet = async () => {
  if (devnet.exitCode === null && devnet.signalCode === null && devnet.pid) process.kill(-devnet.pid, "SIGINT");
  await devnetExited;
  rmSync(dataDir, { recursive: true, force: true });
};

if (!ready) {
  console.error(`The shared devnet exited before it was ready:\n${output}`);
  await stopDevnet();
  process.exit(2);
}
const url = `http://127.0.0.1:${port}`;
console.log(`Shared devnet at ${url} (each test file reverts it to the seeded chain when done)`);
const child = spawn(command[0], command.slice(1), {
  stdio: "inherit",
  env: { ...process.env, TEST_DEVNET: `${url} ${dataDir}` },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", async (code, signal) => {
  await stopDevnet();
  process.exit(code ?? (signal ? 1 : 0));
});
