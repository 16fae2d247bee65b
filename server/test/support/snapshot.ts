import assert from "node:assert/strict";
import type { Db } from "../../src/store/db";
import { EVENT_TABLES, members, rankedLegs, teamFigures } from "../../src/store/tables";
import { createIndexer } from "../../src/sync/indexer";
import { openTestDb } from "./db";
import type { Devnet } from "./devnet";

/**
 * The tables the indexer derives from events (the registry's event tables, the members, their
 * team figures and the ranked legs of the largest inviters), each
 * with the order its rows are compared in, tables referenced before those that reference them.
 */
export const TABLES: Record<string, string> = Object.fromEntries(
  [members, teamFigures, rankedLegs, ...[...EVENT_TABLES].reverse()].map((t) => [t.name, t.key]),
);

/** Each table's rows as text in key order; the sync state without its wall-clock column. */
export async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const rows = async (sql: string) => (await db.query<{ row: string }>(sql)).map((r) => r.row);
  const out: Record<string, string[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    out[table] = await rows(`SELECT t::text AS row FROM ${table} t ORDER BY ${key}`);
  }
  out.sync_state = await rows(
    "SELECT (id, chain_id, block_number, block_time, head_block)::text AS row FROM sync_state ORDER BY id",
  );
  return out;
}

export function assertSameRows(table: string, actual: string[], expected: string[]) {
  const firstDiff = expected.findIndex((row, i) => actual[i] !== row);
  if (firstDiff === -1 && actual.length === expected.length) return;
  const at = firstDiff === -1 ? expected.length : firstDiff;
  assert.fail(
    `${table}: the crash run has ${actual.length} rows, the clean run ${expected.length}; ` +
      `first difference at row ${at}:\n  crash run: ${actual[at]}\n  clean run: ${expected[at]}`,
  );
}

/** Each of `tables`' rows as objects, in the order given for it: two databases compare with deepEqual. */
export async function dumpRows(db: Db, tables: Record<string, string>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(tables)) {
    out[table] = await db.query(`SELECT * FROM ${table} ORDER BY ${order}`);
  }
  return out;
}

/**
 * The reference the crash and topology tests compare with: `devnet`'s chain indexed once, cleanly,
 * in large batches, into a fresh test database (the caller drops it).
 */
export async function indexCleanly(devnet: Devnet): Promise<{ db: Db; drop(): Promise<void> }> {
  const reference = await openTestDb();
  const { record } = devnet;
  await createIndexer({
    db: reference.db,
    rpcUrl: devnet.rpcUrl,
    chainId: record.chainId,
    addresses: [record.contracts.pool, record.contracts.staking],
    startBlock: record.startBlock,
    maxBlockRange: 2000,
    pollMs: 10,
  }).catchUp();
  return reference;
}
