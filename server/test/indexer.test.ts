import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "../src/store/db";
import { createIndexer, isRangeError, readSyncState } from "../src/sync/indexer";
import { openTestDb } from "./support/db";
import { startDevnet, type Devnet } from "./support/devnet";

/** Every table the indexer writes, in a stable order, without wall-clock columns. */
const TABLES = {
  members: "address",
  nfts: "token_id",
  incomes: "tx_hash, log_index",
  income_collections: "tx_hash, log_index",
  stakes: "id",
  stake_claims: "tx_hash, log_index",
  applied_logs: "tx_hash, log_index",
};

async function dump(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    out[table] = await db.query(`SELECT * FROM ${table} ORDER BY ${order}`);
  }
  const state = await readSyncState(db);
  out.sync_state = [state?.blockNumber, state?.blockTime];
  return out;
}

interface Fault {
  /** Answer this JSON-RPC call with this error instead of forwarding it. */
  refuse?(call: { method: string; params: unknown[] }): { code: number; message: string } | undefined;
  /** Fail this HTTP request outright. */
  drop?(): boolean;
}

/** A JSON-RPC pass-through on loopback that refuses or drops what `fault` says. */
async function faultyRpc(target: string, fault: Fault) {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      if (fault.drop?.()) return res.writeHead(503).end("unavailable");
      const calls = JSON.parse(body) as { id: number; method: string; params: unknown[] }[] | { id: number };
      const list = Array.isArray(calls) ? calls : [calls as { id: number; method: string; params: unknown[] }];
      const refusals = list.map((c) => fault.refuse?.(c));
      if (refusals.some(Boolean)) {
        const answers = list.map((c, i) => ({
          jsonrpc: "2.0",
          id: c.id,
          error: refusals[i] ?? { code: -32603, message: "batch refused" },
        }));
        return res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(Array.isArray(calls) ? answers : answers[0]));
      }
      const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

let devnet: Devnet;
let reference: Awaited<ReturnType<typeof dump>>;

const indexerFor = (db: Db, rpcUrl: string, maxBlockRange: number, log?: (line: string) => void) =>
  createIndexer({
    db,
    rpcUrl,
    chainId: 31337,
    addresses: [devnet.record.contracts.pool, devnet.record.contracts.staking],
    startBlock: devnet.record.startBlock,
    maxBlockRange,
    pollMs: 10,
    retryMs: 10,
    log,
  });

before(async () => {
  devnet = await startDevnet();
  // The reference: the seeded chain indexed in one clean pass.
  const { db, drop } = await openTestDb();
  try {
    await indexerFor(db, devnet.rpcUrl, 10_000).catchUp();
    reference = await dump(db);
  } finally {
    await drop();
  }
  assert.ok(reference.nfts.length >= 4 && reference.stakes.length >= 2, "the seed bought NFTs and staked");
});

after(() => devnet?.stop());

test("ranges the RPC refuses are halved until accepted, then grow again when quiet", async () => {
  const head = Number(await devnet.publicClient.getBlockNumber());
  const widths: number[] = [];
  const rpc = await faultyRpc(devnet.rpcUrl, {
    refuse(call) {
      if (call.method !== "eth_getLogs") return undefined;
      const { fromBlock, toBlock } = call.params[0] as { fromBlock: string; toBlock: string };
      const width = Number(BigInt(toBlock) - BigInt(fromBlock)) + 1;
      widths.push(width);
      return width > 4 ? { code: -32005, message: "block range is too large: at most 4 blocks" } : undefined;
    },
  });
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  try {
    const indexer = indexerFor(db, rpc.url, 64, (line) => lines.push(line));
    await indexer.catchUp();
    assert.deepEqual(await dump(db), reference);
    assert.deepEqual(widths.slice(0, 5), [64, 32, 16, 8, 4], "halved at each refusal");
    assert.match(lines[0], /^Block range \d+\.\.\d+ refused; trying 32 blocks\.$/);
    assert.ok(
      widths.every((w, i) => i < 4 || w <= 8),
      "an accepted width is tried at most doubled",
    );
    assert.ok(head > 8, "the seed spans enough blocks to need several ranges");
  } finally {
    await drop();
    await rpc.close();
  }
});

test("faults of the RPC are retried with backoff, and nothing is lost or doubled", async () => {
  // A seeded sequence (mulberry32): one request in five fails, whatever it is.
  let seed = 20261122;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rpc = await faultyRpc(devnet.rpcUrl, { drop: () => random() < 0.2 });
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  const stop = new AbortController();
  try {
    const indexer = indexerFor(db, rpc.url, 3, (line) => lines.push(line));
    const head = Number(await devnet.publicClient.getBlockNumber());
    const running = indexer.run(stop.signal);
    while ((await readSyncState(db))?.blockNumber !== head) await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    await running;
    assert.deepEqual(await dump(db), reference);
    assert.ok(
      lines.some((l) => /^Indexer fault, retrying in 0\.01 s: /.test(l)),
      lines.join("\n"),
    );
  } finally {
    stop.abort();
    await drop();
    await rpc.close();
  }
});

test("indexers that take turns on one database (an election changing hands) end with the database of one clean run", async () => {
  const { db, drop } = await openTestDb();
  try {
    // Each keeps the referral tree in memory; each must read back what the other wrote meanwhile.
    const indexers = [indexerFor(db, devnet.rpcUrl, 2), indexerFor(db, devnet.rpcUrl, 3)];
    let turns = 0;
    while (await indexers[turns % 2].step()) turns += 1;
    assert.ok(turns >= 4, "the seed spans enough blocks for several turns");
    assert.deepEqual(await dump(db), reference);
  } finally {
    await drop();
  }
});

test("a database that indexes another chain is refused with a sentence", async () => {
  const { db, drop } = await openTestDb();
  try {
    await db.query(
      "INSERT INTO sync_state (id, chain_id, block_number, block_time, head_block, updated_at) VALUES ('main', 56, 1, 1, 1, 1)",
    );
    await assert.rejects(indexerFor(db, devnet.rpcUrl, 100).step(), {
      message: "The database indexes chain 56, not CHAIN_ID 31337.",
    });
  } finally {
    await drop();
  }
});

test("range refusals are recognised in the words of the common RPC providers", () => {
  for (const text of [
    "query returned more than 10000 results",
    "block range is too large",
    "eth_getLogs is limited to a 1000 blocks range",
    "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range",
    "exceed maximum block range: 5000",
  ]) {
    assert.ok(isRangeError(new Error(text)), text);
  }
  assert.equal(isRangeError(new Error("connection refused")), false);
});
