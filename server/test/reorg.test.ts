import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import { createWalletClient, http, maxUint256, parseUnits, type Abi, type Address } from "viem";
import { hardhat } from "viem/chains";
import { DEVNET_ACCOUNTS, type DevnetRole } from "../../contracts/deploy/accounts";
import { devnetHdAccount } from "../../contracts/deploy/devnet-keys";
import type { Db, Sql } from "../src/store/db";
import { createIndexer, readReorgs, readSyncState } from "../src/sync/indexer";
import { openTestDb } from "./support/db";
import { startDevnet, type Devnet } from "./support/devnet";
import { dumpRows, TABLES } from "./support/snapshot";
import { readBody } from "./support/body";
import { startStandInChain } from "./support/stand-in-chain";
import { createMetrics } from "../src/ops/metrics";

const DAY = 86_400;

let devnet: Devnet;
/** Where the chain as it stands is indexed from scratch, to compare with. */
let fresh: Awaited<ReturnType<typeof openTestDb>>;
let wallet: ReturnType<typeof createWalletClient>;
const address = (role: DevnetRole | number): Address =>
  devnetHdAccount(typeof role === "number" ? role : DEVNET_ACCOUNTS[role]).address;
/** V: an account the seed leaves alone (hardhat's node unlocks the first twenty). */
const V = address(9);

async function send(from: Address, to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) {
  const hash = await wallet.writeContract({ account: from, chain: hardhat, address: to, abi, functionName, args });
  const receipt = await devnet.publicClient.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, "success", `${functionName} reverted`);
}
const pool = (from: Address, fn: string, args: readonly unknown[] = []) =>
  send(from, devnet.record.contracts.pool, poolAbi as Abi, fn, args);
const staking = (from: Address, fn: string, args: readonly unknown[] = []) =>
  send(from, devnet.record.contracts.staking, stakingAbi as Abi, fn, args);
const travel = async (seconds: number) => {
  await devnet.testClient.increaseTime({ seconds });
  await devnet.testClient.mine({ blocks: 1 });
};

/** The derived rows, and the checkpoint without its wall-clock column. */
async function dump(db: Db) {
  const out = await dumpRows(db, TABLES);
  const state = await readSyncState(db);
  out.sync_state = [state?.blockNumber, state?.blockTime, state?.headBlock];
  return out;
}

const indexerFor = (db: Db, maxBlockRange: number, log?: (line: string) => void, rpcUrl = devnet.rpcUrl) =>
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

/**
 * The store the chain as it now stands gives when indexed from scratch by another indexer in
 * one pass, next to `db`'s; and every block hash `db` keeps is the chain's own.
 */
async function assertSameAsFresh(db: Db) {
  // Emptied, not rebuilt: a new embedded database costs seconds to open.
  for (const table of [...Object.keys(TABLES).reverse(), "sync_state", "block_hashes", "indexer_reorgs"]) {
    await fresh.db.query(`DELETE FROM ${table}`);
  }
  await indexerFor(fresh.db, 10_000).catchUp();
  const expected = await dump(fresh.db);
  const actual = await dump(db);
  for (const table of Object.keys(expected)) assert.deepEqual(actual[table], expected[table], table);
  const kept = await db.query<{ block_number: string; hash: string }>(
    "SELECT block_number::text, hash FROM block_hashes ORDER BY block_number",
  );
  assert.ok(kept.length > 0, "block hashes are kept");
  const blocks = await Promise.all(
    kept.map((k) => devnet.publicClient.getBlock({ blockNumber: BigInt(k.block_number) })),
  );
  kept.forEach((k, i) => assert.equal(k.hash, blocks[i].hash, `kept hash of block ${k.block_number}`));
}

async function member(db: Db, who: Address) {
  const [row] = await db.query<{ inviter: string | null; own: string; friends: number }>(
    `SELECT m.inviter, f.own_hashrate::text AS own, f.friend_num AS friends
     FROM members m JOIN team_figures f ON f.id = m.id WHERE m.address = $1`,
    [who.toLowerCase()],
  );
  return row;
}

before(async () => {
  devnet = await startDevnet();
  fresh = await openTestDb();
  wallet = createWalletClient({ chain: hardhat, transport: http(devnet.rpcUrl) });
  // V is funded and approves, with the seed: a common history below every branch.
  const c = devnet.record.contracts;
  for (const token of [c.usdt, c.dwn9, c.dwn, c.a8]) {
    await send(address("owner"), token, tokenAbi as Abi, "mint", [V, parseUnits("100000", 18)]);
  }
  for (const [token, spender] of [
    [c.usdt, c.pool],
    [c.dwn9, c.pool],
    [c.dwn, c.staking],
    [c.a8, c.staking],
  ] as const) {
    await send(V, token, tokenAbi as Abi, "approve", [spender, maxUint256]);
  }
});

after(async () => {
  await fresh?.drop();
  await devnet?.stop();
});

test("a reorg several blocks and batches deep, to a shorter chain, is undone and equals a clean index", async () => {
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  try {
    // V stakes on the common history, then the chain forks.
    await staking(V, "stake", [1n]);
    await indexerFor(db, 10_000).catchUp();
    // From here on, two blocks to a batch: the reorg spans several.
    const indexer = indexerFor(db, 2, (line) => lines.push(line));
    const fork = await devnet.testClient.snapshot();
    const forkBlock = Number(await devnet.publicClient.getBlockNumber({ cacheTime: 0 }));

    // The branch that goes: V binds to alice and buys tier 3, alice collects income, and a
    // month on V redeems the stake made before the fork.
    await pool(V, "setInviter", [address("alice")]);
    await pool(V, "buy", [3n]);
    await travel(DAY);
    await pool(address("alice"), "collectStaticProfit");
    await travel(29 * DAY + 3600);
    await staking(V, "redeem", [(await readStakeCount()) as bigint]);
    await devnet.testClient.mine({ blocks: 3 });
    const gone = Number(await devnet.publicClient.getBlockNumber({ cacheTime: 0 }));
    await indexer.catchUp();
    assert.equal((await member(db, V)).inviter, address("alice").toLowerCase());
    assert.equal((await readSyncState(db))?.blockNumber, gone);
    const aliceBefore = await member(db, address("alice"));

    // The branch that stays, shorter: V binds to bob and buys tier 1.
    await devnet.testClient.revert({ id: fork });
    await pool(V, "setInviter", [address("bob")]);
    await pool(V, "buy", [1n]);
    const head = Number(await devnet.publicClient.getBlockNumber({ cacheTime: 0 }));
    assert.ok(head < gone, "the chain that stays is shorter than the indexed one");

    await indexer.catchUp();
    const reorgs = lines.filter((l) => l.startsWith("Reorg:"));
    assert.equal(reorgs.length, 1, lines.join("\n"));
    assert.match(
      reorgs[0],
      new RegExp(
        `^Reorg: the chain no longer has indexed block ${gone} \\(head ${head}\\); rolled back from block ${gone} to block (\\d+), depth (\\d+):`,
      ),
    );
    const [, to, depth] = /to block (\d+), depth (\d+)/.exec(reorgs[0])!;
    assert.ok(Number(to) <= forkBlock && Number(depth) === gone - Number(to) && Number(depth) > 2, reorgs[0]);
    assert.deepEqual(await readReorgs(db), { count: 1, lastDepth: Number(depth) });

    assert.equal((await member(db, V)).inviter, address("bob").toLowerCase());
    assert.equal((await member(db, address("alice"))).friends, aliceBefore.friends - 1, "alice lost V as a friend");
    await assertSameAsFresh(db);
  } finally {
    await drop();
  }
});

test("a reorg that replaces the checkpoint's block with a longer branch, and one below every kept hash, are undone; a restart after the rollback goes on", async () => {
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  try {
    await indexerFor(db, 10_000).catchUp();
    const indexer = indexerFor(db, 3, (line) => lines.push(line));
    const fork = await devnet.testClient.snapshot();
    await pool(V, "buy", [2n]);
    await pool(address(10), "setInviter", [V]);
    await indexer.catchUp();
    assert.equal((await member(db, V)).friends, 1);

    // A longer branch where nothing of the pool's happens: the checkpoint's block is replaced.
    await devnet.testClient.revert({ id: fork });
    await devnet.testClient.mine({ blocks: 6 });
    // One step rolls back; a new indexer (a restart) applies the rest from the database alone.
    assert.equal(await indexer.step(), true);
    assert.equal(lines.filter((l) => l.startsWith("Reorg:")).length, 1, lines.join("\n"));
    const restarted = indexerFor(db, 3, (line) => lines.push(line));
    await restarted.catchUp();
    assert.equal((await member(db, V)).friends, 0);
    await assertSameAsFresh(db);

    // The kept hashes lost (as if pruned), and another reorg: everything is indexed again.
    const again = await devnet.testClient.snapshot();
    await pool(V, "buy", [2n]);
    await restarted.catchUp();
    await devnet.testClient.revert({ id: again });
    await pool(V, "buy", [1n]);
    await db.query("DELETE FROM block_hashes WHERE block_number < (SELECT block_number FROM sync_state)");
    await restarted.catchUp();
    const full = lines.filter((l) => l.startsWith("Reorg:"));
    assert.equal(full.length, 2, lines.join("\n"));
    assert.match(full[1], /no kept block is on the chain: indexing again from the deployment block/);
    assert.equal((await readReorgs(db)).count, 2);
    await assertSameAsFresh(db);
  } finally {
    await drop();
  }
});

test("a reorg while a batch is being applied is undone at the next step", async () => {
  const { db: inner, drop } = await openTestDb();
  const lines: string[] = [];
  let armed: (() => Promise<void>) | undefined;
  // The indexer's database, which runs `armed` inside the next transaction, before it commits.
  const db: Db = {
    ...inner,
    query: (text, params) => inner.query(text, params),
    transaction: <T>(work: (tx: Sql) => Promise<T>) =>
      inner.transaction(async (tx) => {
        const result = await work(tx);
        const during = armed;
        armed = undefined;
        await during?.();
        return result;
      }),
  };
  try {
    const indexer = indexerFor(db, 100, (line) => lines.push(line));
    await indexer.catchUp();
    const fork = await devnet.testClient.snapshot();
    await pool(V, "buy", [4n]);
    armed = async () => {
      await devnet.testClient.revert({ id: fork });
      await pool(V, "buy", [5n]);
    };
    // The batch with the tier 4 purchase commits after its chain is gone.
    await indexer.step();
    assert.equal(armed, undefined, "the chain was reverted during the apply");
    await indexer.catchUp();
    assert.equal(lines.filter((l) => l.startsWith("Reorg:")).length, 1, lines.join("\n"));
    const tiers = await inner.query<{ tier: number }>("SELECT tier FROM nfts WHERE owner = $1 ORDER BY token_id", [
      V.toLowerCase(),
    ]);
    assert.ok(!tiers.some((t) => Number(t.tier) === 4), "the tier 4 purchase is gone");
    await assertSameAsFresh(inner);
  } finally {
    await drop();
  }
});

test("a reorg while a range's logs are read drops the range, which is read again from the chain that stays", async () => {
  const { db, drop } = await openTestDb();
  const lines: string[] = [];
  let armed: (() => Promise<void>) | undefined;
  // The chain through a pass-through that runs `armed` after reading logs, before answering.
  const proxy = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const upstream = await fetch(devnet.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const answer = await upstream.text();
      if (body.includes('"eth_getLogs"') && armed) {
        const during = armed;
        armed = undefined;
        await during();
      }
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(answer);
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const rpcUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  try {
    await indexerFor(db, 10_000).catchUp();
    const indexer = indexerFor(db, 100, (line) => lines.push(line), rpcUrl);
    const fork = await devnet.testClient.snapshot();
    await pool(V, "buy", [4n]);
    armed = async () => {
      await devnet.testClient.revert({ id: fork });
      await pool(V, "buy", [2n]);
    };
    assert.equal(await indexer.step(), true);
    assert.equal(armed, undefined, "the chain was reverted while the logs were read");
    assert.match(lines[0] ?? "", /^Blocks \d+\.\.\d+ changed while they were read \(a reorg\): reading them again\.$/);
    await indexer.catchUp();
    assert.ok(!lines.some((l) => l.startsWith("Reorg:")), "nothing was applied from the chain that went");
    await assertSameAsFresh(db);
  } finally {
    await drop();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  }
});

test("a 2-block reorg rolls back exactly 2 blocks where the kept block numbers straddle a power of ten", async () => {
  for (const [first, last] of [
    [9_998, 10_003],
    [99_998, 100_002],
  ]) {
    const chain = await startStandInChain(first);
    const { db, drop } = await openTestDb();
    const lines: string[] = [];
    const metrics = createMetrics();
    metrics.readReorgsFrom(db);
    try {
      // One block to a batch: every block's hash is kept.
      const indexer = createIndexer({
        db,
        rpcUrl: chain.url,
        chainId: 31337,
        addresses: [V],
        startBlock: first,
        maxBlockRange: 1,
        pollMs: 10,
        retryMs: 10,
        log: (line) => lines.push(line),
      });
      await indexer.catchUp();
      // At each checkpoint from the third kept block on, the top two blocks are replaced.
      for (let head = first + 2; head <= last; head++) {
        chain.head = head;
        await indexer.catchUp();
        assert.equal((await readSyncState(db))?.blockNumber, head);
        chain.fork(head - 1);
        lines.length = 0;
        assert.equal(await indexer.step(), true);
        const reorg = lines.filter((l) => l.startsWith("Reorg:"));
        assert.equal(reorg.length, 1, lines.join("\n"));
        assert.match(reorg[0], new RegExp(`rolled back from block ${head} to block ${head - 2}, depth 2:`));
        assert.equal((await readSyncState(db))?.blockNumber, head - 2, `checkpoint after the reorg at ${head}`);
        assert.equal((await readReorgs(db)).lastDepth, 2);
        // The whole scrape: the depth is read with the count.
        assert.match(await metrics.registry.metrics(), /^dwn_indexer_last_reorg_depth_blocks 2$/m);
        // The replaced blocks are applied again, with their new hashes.
        await indexer.catchUp();
        const [kept] = await db.query<{ hash: string }>("SELECT hash FROM block_hashes WHERE block_number = $1", [
          head,
        ]);
        assert.equal(kept.hash, (await fetchBlockHash(chain.url, head)) ?? "");
      }
    } finally {
      await drop();
      await chain.close();
    }
  }
});

async function fetchBlockHash(url: string, n: number): Promise<string | undefined> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getBlockByNumber",
      params: [`0x${n.toString(16)}`, false],
    }),
  });
  const body = (await response.json()) as { result?: { hash: string } };
  return body.result?.hash;
}

async function readStakeCount() {
  return devnet.publicClient.readContract({
    address: devnet.record.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeCount",
  });
}
