import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { poolAbi } from "@dwn/contracts";
import type { RuntimeConfig, Reply, SystemStatus } from "@dwn/api";
import { createPublicClient, http } from "viem";
import { hardhat } from "viem/chains";
import { freePort, type DeploymentRecord } from "./support/devnet";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function waitFor(child: ChildProcess, text: string, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes(text)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`npm start exited (${code}) before "${text}":\n${output.join("")}`)));
  });
}

async function status(api: string): Promise<SystemStatus> {
  const reply = (await (await fetch(`${api}/api/system/status`)).json()) as Reply<SystemStatus>;
  assert.equal(reply.status, 200);
  return reply.data;
}

// The README's first command, run as a newcomer runs it (on ports of its own).
test("npm start builds the web app, runs the devnet and the server, indexes the seed, and stops everything on Ctrl-C", async () => {
  const [devnetPort, port] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-start-"));
  // The devnet keeps its record in the data folder: the committed generated module stays as it is.
  const generated = path.join(REPO, "contracts", "generated", "deployments.ts");
  const committed = readFileSync(generated, "utf8");
  const child = spawn("npm", ["start"], {
    cwd: REPO,
    env: { ...process.env, DEVNET_PORT: String(devnetPort), PORT: String(port), DATA_DIR: dataDir, HEALTH_PORT: "0" },
    detached: true,
  });
  const output: string[] = [];
  const rpc = `http://127.0.0.1:${devnetPort}`;
  const api = `http://127.0.0.1:${port}`;
  try {
    await waitFor(child, "Ctrl-C stops everything.", output);
    const printed = output.join("");
    const record = JSON.parse(
      readFileSync(path.join(dataDir, "devnet", "deployment.json"), "utf8"),
    ) as DeploymentRecord;
    assert.ok(printed.includes(`Devnet (chain 31337) at ${rpc}`), printed);
    assert.ok(printed.includes(`${api}/api/`), printed);
    assert.ok(printed.includes(record.contracts.pool));
    for (const role of ["owner", "root", "alice", "bob", "carol", "dave", "erin"]) {
      assert.match(printed, new RegExp(`\\b${role}\\b`));
    }

    const chain = createPublicClient({ chain: hardhat, transport: http(rpc) });
    assert.equal(await chain.getChainId(), 31337);
    const alice = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
    assert.equal(
      await chain.readContract({
        address: record.contracts.pool,
        abi: poolAbi,
        functionName: "userMaxNFTPosition",
        args: [alice],
      }),
      3n,
    );

    const page = await fetch(`${api}/chain/`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    assert.equal(page.status, 200);
    // The page and its scripts go out compressed when the browser accepts it (fetch decodes them).
    assert.equal(page.headers.get("content-encoding"), "br");
    assert.equal(page.headers.get("cache-control"), "public, max-age=0");
    // The browser opens the connection to the RPC node while the scripts load.
    assert.equal(page.headers.get("link"), `<${rpc}>; rel=preconnect; crossorigin`);
    const html = await page.text();
    assert.match(html, /<div id="root">/);
    assert.ok(printed.includes(`${api}/chain/`), printed);
    const styles = /<link rel="stylesheet" crossorigin href="\/chain\/(assets\/[^"]+\.css)"/.exec(html)?.[1];
    assert.ok(styles, html);
    const plain = await fetch(`${api}/chain/${styles}`, { headers: { "accept-encoding": "identity" } });
    assert.equal(plain.headers.get("content-encoding"), null);
    const gzipped = await fetch(`${api}/chain/${styles}`, { headers: { "accept-encoding": "gzip" } });
    assert.equal(gzipped.headers.get("content-encoding"), "gzip");
    assert.equal(gzipped.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.equal(await gzipped.text(), await plain.text());

    const config = (await (await fetch(`${api}/api/config`)).json()) as RuntimeConfig;
    assert.equal(config.chain.id, 31337);
    assert.deepEqual(config.contracts, record.contracts);
    // The indexer follows the seeded chain to its head.
    const head = Number(await chain.getBlockNumber());
    let seen = await status(api);
    while (seen.indexedBlock < head) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await status(api);
    }
    assert.equal(seen.chainId, 31337);
    assert.equal(seen.indexedBlock, head);
    assert.equal(readFileSync(generated, "utf8"), committed);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid) process.kill(-child.pid, "SIGINT");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const down = async (url: string) =>
    fetch(url).then(
      () => false,
      () => true,
    );
  assert.ok(await down(rpc), "the devnet stops on Ctrl-C");
  assert.ok(await down(`${api}/api/config`), "the server stops on Ctrl-C");
});
