import { test } from "node:test";
import assert from "node:assert/strict";
import { openDb } from "../src/store/db";
import { openTestDb, testDbTarget } from "./support/db";
import { MIGRATIONS, migrate } from "../src/store/migrations";

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
