import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "../src/store/db";
import { createIndexer, isRangeError, isRateLimit, readSyncState } from "../src/sync/indexer";
import { openTestDb } from "./support/db";
import { startDevnet, type Devnet } from "./support/devnet";
import { dumpRows, TABLES } from "./support/snapshot";
import { readBody } from "./support/body";

async function dump(db: Db) {
  const out = await dumpRows(db, TABLES);
  const state = await readSyncState(db);
  out.sync_state = [state?.blockNumber, state?.blockTime];
  return out;
}

interface Fault {
  /** Answer this JSON-RPC call with this error instead of forwarding it. */
  refuse?(call: { method: string; params: unknown[] }): { code: number; message: string } | undefined;
  /** Fail this HTTP request outright: true for 503, or the HTTP status to answer. */
  drop?(): boolean | number;
  /** Change the upstream's answer to this call (`result` is what it answered). */
  rewrite?(call: { method: string; params: unknown[] }, result: unknown): unknown;
}

/** A JSON-RPC pass-through on loopback that refuses or drops what `fault` says. */
async function faultyRpc(target: string, fault: Fault) {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const dropped = fault.drop?.();
      if (dropped) return res.writeHead(dropped === true ? 503 : dropped).end("unavailable");
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
      let text = await upstream.text();
      if (fault.rewrite && upstream.ok) {
        const answers = JSON.parse(text) as { id: number; result?: unknown }[] | { id: number; result?: unknown };
        for (const answer of Array.isArray(answers) ? answers : [answers]) {
          const call = list.find((c) => c.id === answer.id);
          if (call && "result" in answer) answer.result = fault.rewrite(call, answer.result);
        }
        text = JSON.stringify(answers);
      }
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let devnet: Devnet;
let reference: Awaited<ReturnType<typeof dump>>;

const indexerFor = (db: Db, rpcUrl: string | string[], maxBlockRange: number, log?: (line: string) => void) =>
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

test("a node that has not reached a range's end block is not trusted for it: the next RPC answers", async () => {
  // A node whose head answers come from a synced backend but whose blocks and logs stop at
  // block N, in the middle of the seed's events: its logs for a range past N are short.
  const blocks = reference.applied_logs.map((r) => Number((r as { block_number: string }).block_number));
  const n = blocks[Math.floor(blocks.length / 2)];
  assert.ok(
    blocks.some((b) => b > n + 1),
    "events after block N",
  );
  const past = (tag: unknown) => typeof tag === "string" && tag.startsWith("0x") && Number(BigInt(tag)) > n;
  const asked: string[] = [];
  const lagging = await faultyRpc(devnet.rpcUrl, {
    rewrite(call, result) {
      asked.push(call.method);
      if (call.method === "eth_blockNumber") return `0x${n.toString(16)}`;
      if (call.method === "eth_getBlockByNumber" && past(call.params[0])) return null;
      if (call.method === "eth_getLogs") {
        return (result as { blockNumber: string }[]).filter((l) => Number(BigInt(l.blockNumber)) <= n);
      }
      return result;
    },
  });
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  try {
    await indexerFor(db, [lagging.url, devnet.rpcUrl], 4, (line) => lines.push(line)).catchUp();
    assert.deepEqual(await dump(db), reference);
    assert.ok(asked.includes("eth_getLogs"), "the lagging node answered the ranges it has");
    assert.ok(
      lines.some((l) =>
        /^RPC_URL\[0\] has not reached block \d+: its logs for blocks \d+\.\.\d+ are not used; asking RPC_URL\[1\]\.$/.test(
          l,
        ),
      ),
      lines.join("\n"),
    );
    assert.ok(!lines.some((l) => l.startsWith("Reorg")), "a node behind is no reorg");
  } finally {
    await drop();
    await lagging.close();
  }
});

test("rate limits (HTTP 429, 'limit exceeded') are waited out with a line each, never taken for refused ranges", async () => {
  let limited = 0;
  // Every request fails with HTTP 429 a few times, then eth_getLogs with BNB Chain's -32005.
  const rpc = await faultyRpc(devnet.rpcUrl, {
    drop: () => (limited < 4 ? (limited++, 429) : false),
    refuse(call) {
      if (call.method !== "eth_getLogs" || limited >= 7) return undefined;
      limited += 1;
      return { code: -32005, message: "limit exceeded" };
    },
  });
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  try {
    const indexer = indexerFor(db, rpc.url, 64, (line) => lines.push(line));
    await indexer.catchUp();
    assert.deepEqual(await dump(db), reference);
    const waits = lines.filter((l) => l.startsWith("The RPC is limiting requests"));
    assert.deepEqual(
      waits,
      [
        "The RPC is limiting requests (HTTP 429): backing off 0.01 s before asking again.",
        "The RPC is limiting requests (HTTP 429): backing off 0.02 s before asking again.",
        "The RPC is limiting requests (HTTP 429): backing off 0.04 s before asking again.",
        "The RPC is limiting requests (HTTP 429): backing off 0.08 s before asking again.",
        // Still limited, with no step in between: the wait goes on doubling, up to 30 times the first.
        "The RPC is limiting requests (limit exceeded): backing off 0.16 s before asking again.",
        "The RPC is limiting requests (limit exceeded): backing off 0.3 s before asking again.",
        "The RPC is limiting requests (limit exceeded): backing off 0.3 s before asking again.",
      ],
      lines.join("\n"),
    );
    assert.ok(!lines.some((l) => l.startsWith("Block range")), "no range was halved");
    assert.equal(indexer.range, 64);
  } finally {
    await drop();
    await rpc.close();
  }
});

test("range refusals and rate limits are told apart in the words of the common RPC providers", () => {
  const ranges = [
    "query returned more than 10000 results",
    "block range is too large",
    "eth_getLogs is limited to a 1000 blocks range",
    "eth_getLogs is limited to a 10,000 range",
    "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size",
    "exceed maximum block range: 5000",
    "block range limit exceeded",
  ];
  const rates = [
    "limit exceeded",
    "Too Many Requests",
    "rate limit reached, retry later",
    "project ID request rate exceeded",
    "Your app has exceeded its compute units per second capacity",
    "daily request quota spent",
  ];
  for (const text of ranges) {
    assert.ok(isRangeError(new Error(text)), text);
    assert.equal(isRateLimit(new Error(text)), false, text);
  }
  for (const text of rates) {
    assert.ok(isRateLimit(new Error(text)), text);
    assert.equal(isRangeError(new Error(text)), false, text);
  }
  // An HTTP 429 is a rate limit whatever its body says.
  const http429 = Object.assign(new Error("HTTP request failed."), { status: 429, details: "block range too large" });
  assert.ok(isRateLimit(http429));
  assert.equal(isRangeError(http429), false);
  assert.equal(isRangeError(new Error("connection refused")), false);
  assert.equal(isRateLimit(new Error("connection refused")), false);
});
