import { test } from "node:test";
import assert from "node:assert/strict";
import { openDb } from "../src/store/db";
import { openTestDb, testDbTarget } from "./support/db";
import { MIGRATIONS, migrate } from "../src/store/migrations";
import { DERIVED_TABLES, EVENT_TABLES } from "../src/store/tables";

/** The tables that are not derived from the chain: reindex leaves them, and tests do not compare them. */
const NOT_DERIVED = ["indexer_reorgs", "notices", "rate_limits", "schema_migrations", "sessions", "sign_in_nonces"];

test("migrations create the schema once and are safe to run again", async () => {
  const { db, drop } = await openTestDb();
  try {
    await migrate(db);
    const rows = await db.query<{ id: number }>("SELECT id FROM schema_migrations ORDER BY id");
    assert.deepEqual(
      rows.map((r) => Number(r.id)),
      MIGRATIONS.map((m) => m.id),
    );
  } finally {
    await drop();
  }
});

test("processes that start together on an empty database migrate it once, none failing", async () => {
  const { target, drop } = testDbTarget();
  // PGlite is one process's database; PostgreSQL (DATABASE_URL) is where processes race.
  const processes = await Promise.all(Array.from({ length: target.kind === "postgres" ? 4 : 1 }, () => openDb(target)));
  try {
    const results = await Promise.allSettled(processes.map((db) => migrate(db)));
    assert.deepEqual(
      results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok")),
      processes.map(() => "ok"),
    );
    const rows = await processes[0].query<{ id: number }>("SELECT id FROM schema_migrations ORDER BY id");
    assert.deepEqual(
      rows.map((r) => Number(r.id)),
      MIGRATIONS.map((m) => m.id),
    );
    // The schema is whole: a table of the last migration answers.
    await processes[processes.length - 1].query("SELECT count(*) FROM sync_state");
  } finally {
    await Promise.all(processes.map((db) => db.close()));
    await drop();
  }
});

test("NUMERIC columns hold 256-bit amounts exactly", async () => {
  const { db, drop } = await openTestDb();
  try {
    const max = (2n ** 256n - 1n).toString();
    await db.query(
      "INSERT INTO incomes (tx_hash, log_index, address, from_address, kind, amount, timestamp, block_number) VALUES ('0x1', 0, '0xa', '0xb', 1, $1, 1, 1)",
      [max],
    );
    const [row] = await db.query<{ amount: string }>("SELECT amount::text AS amount FROM incomes");
    assert.equal(row.amount, max);
  } finally {
    await drop();
  }
});

test("a failed transaction leaves nothing behind", async () => {
  const { db, drop } = await openTestDb();
  try {
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO sync_state (id, chain_id, block_number, block_time, head_block, updated_at) VALUES ('x', 1, 1, 1, 1, 1)",
        );
        throw new Error("boom");
      }),
      /boom/,
    );
    assert.deepEqual(await db.query("SELECT * FROM sync_state"), []);
  } finally {
    await drop();
  }
});

test("migrations have unique, ascending ids and names", () => {
  const ids = MIGRATIONS.map((m) => m.id);
  assert.deepEqual(
    ids,
    ids.map((_, i) => i + 1),
  );
  assert.equal(new Set(MIGRATIONS.map((m) => m.name)).size, MIGRATIONS.length);
});

test("the table registry is the schema the migrations build: every table, its inserted columns, types and key", async () => {
  const { db, drop } = await openTestDb();
  try {
    const columns = await db.query<{ table_name: string; column_name: string; data_type: string; required: boolean }>(
      `SELECT table_name, column_name, data_type,
         (is_nullable = 'NO' AND column_default IS NULL) AS required
       FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    );
    const keys = await db.query<{ table_name: string; column_name: string }>(
      `SELECT k.table_name, k.column_name FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k
         ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema AND k.table_name = c.table_name
       WHERE c.table_schema = current_schema() AND c.constraint_type = 'PRIMARY KEY'
       ORDER BY k.table_name, k.ordinal_position`,
    );
    const tables = [...new Set(columns.map((c) => c.table_name))].sort();
    // Every table is either derived (in the registry) or named here as not derived.
    assert.deepEqual(tables, [...DERIVED_TABLES.map((t) => t.name), ...NOT_DERIVED].sort());

    for (const table of DERIVED_TABLES) {
      const schema = columns.filter((c) => c.table_name === table.name);
      for (const [name, type] of Object.entries(table.columns)) {
        const column = schema.find((c) => c.column_name === name);
        assert.ok(column, `${table.name}.${name} is in the registry but not in the schema`);
        assert.equal(column.data_type, type, `${table.name}.${name}`);
      }
      // What an insert must give is in the registry's columns (the rest have defaults or are set later).
      for (const column of schema.filter((c) => c.required)) {
        assert.ok(
          column.column_name in table.columns,
          `${table.name}.${column.column_name} is required but not inserted`,
        );
      }
      const key = keys.filter((k) => k.table_name === table.name).map((k) => k.column_name);
      if (key.length > 0) assert.equal(table.key, key.join(", "), `${table.name}'s key`);
      if (table.block) assert.ok(table.block in table.columns, `${table.name}'s block column`);
    }
    // A rollback deletes from each event table by its block column.
    for (const table of EVENT_TABLES) assert.equal(typeof table.block, "string", table.name);
  } finally {
    await drop();
  }
});
