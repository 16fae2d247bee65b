import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Db } from "../src/store/db";
import { reindex } from "../src/admin/reindex";
import { applyVersion } from "../src/apply/version";
import { createIndexer, readSyncState, REINDEX_COMMAND } from "../src/sync/indexer";
import { openTestDb } from "./support/db";
import { startDevnet, type Devnet } from "./support/devnet";
import { DERIVED_TABLES, DERIVED_VIEWS, syncState, treeSnapshots } from "../src/store/tables";
import { dumpRows } from "./support/snapshot";

/**
 * Every table derived from the chain and every view over them, in a stable order; the checkpoint
 * without its wall-clock column. The tree's snapshot is left out: it is a cache of `members`,
 * written at a block that depends on how the blocks were cut into batches.
 */
const TABLES = Object.fromEntries(
  [...DERIVED_TABLES.filter((t) => t !== syncState && t !== treeSnapshots), ...DERIVED_VIEWS].map((t) => [
    t.name,
    t.key,
  ]),
);

async function dump(db: Db) {
  const out = await dumpRows(db, TABLES);
  const state = await readSyncState(db);
  out.sync_state = [state?.chainId, state?.blockNumber, state?.blockTime];
  return out;
}

let devnet: Devnet;
let reference: Awaited<ReturnType<typeof dump>>;

const chain = () => ({
  rpcUrl: devnet.rpcUrl,
  chainId: 31337,
  addresses: [devnet.record.contracts.pool, devnet.record.contracts.staking],
  startBlock: devnet.record.startBlock,
  maxBlockRange: 10_000,
  pollMs: 10,
  retryMs: 10,
});

before(async () => {
  devnet = await startDevnet();
  const { db, drop } = await openTestDb();
  try {
    await createIndexer({ ...chain(), db }).catchUp();
    reference = await dump(db);
  } finally {
    await drop();
  }
  assert.ok(reference.nfts.length >= 4 && reference.stakes.length >= 2, "the seed bought NFTs and staked");
});

after(() => devnet?.stop());

test("reindex rebuilds the derived tables into fresh ones and swaps them in; the old ones serve until then", async () => {
  const { db, drop } = await openTestDb();
  try {
    await createIndexer({ ...chain(), db }).catchUp();
    // Tables as older apply code left them: other figures, a row too many, an older version;
    // beside them what is not derived from the chain, which stays.
    await db.query("UPDATE nfts SET hashrate = 0");
    await db.query("DELETE FROM stake_claims");
    await db.query("UPDATE apply_version SET version = 'older'");
    await db.query(
      "INSERT INTO notices (title_zh, body_zh, title_en, body_en, created_at, updated_at) VALUES ('t', 'b', 't', 'b', 1, 1)",
    );
    await db.query("INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ('h', '0xa', 1, 2)");
    const old = await dump(db);
    assert.notDeepEqual(old, reference);

    const lines: string[] = [];
    let readBeforeSwap: typeof old | undefined;
    const block = await reindex({
      db,
      indexer: chain(),
      log: (line) => lines.push(line),
      // The API's reads meanwhile: the old tables, untouched.
      beforeSwap: async () => {
        readBeforeSwap = await dump(db);
      },
    });
    assert.deepEqual(readBeforeSwap, old);
    assert.deepEqual(await dump(db), reference, "the same tables as a clean index of the chain");
    assert.equal(block, Number(await devnet.publicClient.getBlockNumber()));
    assert.match(lines.at(-1)!, /^Reindexed up to block \d+ in \d+ s; the fresh tables are now served/);
    assert.equal((await db.query("SELECT * FROM notices")).length, 1);
    assert.equal((await db.query("SELECT * FROM sessions")).length, 1);
    const schemas = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM pg_namespace WHERE nspname LIKE '%\\_reindex' OR nspname LIKE '%\\_retired'",
    );
    assert.equal(Number(schemas[0].n), 0, "nothing left beside the served tables");
    // The indexer goes on from the rebuilt tables.
    assert.equal(await createIndexer({ ...chain(), db }).step(), false);
  } finally {
    await drop();
  }
});

test("an indexer refuses tables built by other apply code, naming reindex, and lets go of them", async () => {
  const { db, drop } = await openTestDb();
  try {
    // Nothing indexed yet: the tables are taken over whatever version they say; the version
    // recorded is the one this code derives (the same on both databases).
    await db.query("UPDATE apply_version SET version = 'older'");
    const lines: string[] = [];
    const indexer = createIndexer({ ...chain(), db, log: (line) => lines.push(line) });
    await indexer.catchUp();
    const version = applyVersion();
    assert.deepEqual(await db.query("SELECT version FROM apply_version"), [{ version }]);

    // As a database an older release indexed (migration 12 keeps its version 1, now text).
    await db.query("UPDATE apply_version SET version = '1'");
    const sentence =
      `The database's tables were indexed by other apply code (version 1) than this program's (version ${version}): ` +
      `run \`${REINDEX_COMMAND}\` to rebuild them with this program's (the API keeps serving the old ones meanwhile), ` +
      "unless this program is the older release, which the newer one replaces; until then this process does not index.";
    await assert.rejects(indexer.step(), { message: sentence });
    // run() says so once and returns, so that its caller lets go of the indexer lock.
    assert.equal(await indexer.run(new AbortController().signal), "refused");
    assert.equal(await indexer.run(new AbortController().signal), "refused");
    assert.deepEqual(lines, [sentence]);
  } finally {
    await drop();
  }
});
