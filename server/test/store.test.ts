import { test } from "node:test";
import assert from "node:assert/strict";
import { LEGS_FROM } from "../src/apply/team";
import { openDb } from "../src/store/db";
import { openTestDb, testDbTarget } from "./support/db";
import { MIGRATIONS, migrate } from "../src/store/migrations";
import { BLOCK_TABLES, DERIVED_TABLES, DERIVED_VIEWS, EVENT_TABLES } from "../src/store/tables";
import { checkLayout, LayoutError, REINDEX_COMMAND } from "../src/sync/indexer";

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
      `SELECT c.table_name, c.column_name, c.data_type,
         (c.is_nullable = 'NO' AND c.column_default IS NULL) AS required
       FROM information_schema.columns c JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`,
    );
    const views = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.views WHERE table_schema = current_schema() ORDER BY table_name",
    );
    assert.deepEqual(
      views.map((v) => v.table_name),
      DERIVED_VIEWS.map((v) => v.name).sort(),
      "the views reindex swaps in",
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
        // information_schema names every array type ARRAY.
        assert.equal(column.data_type, type.endsWith("[]") ? "ARRAY" : type, `${table.name}.${name}`);
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
    // A rollback deletes from each event table by its block column; the event tables are the
    // append-only ones, and only the referral tree (members), its team figures, the legs of its
    // largest inviters and the checkpoint are neither.
    for (const table of EVENT_TABLES) assert.equal(typeof table.block, "string", table.name);
    assert.deepEqual(
      DERIVED_TABLES.filter((t) => !BLOCK_TABLES.includes(t)).map((t) => t.name),
      ["ranked_legs", "team_figures", "members", "sync_state", "apply_version"],
    );
  } finally {
    await drop();
  }
});

test("a database an older release indexed keeps its redemptions and ended timelock calls through the migration to event rows", async () => {
  const { target, drop } = testDbTarget();
  const db = await openDb(target);
  try {
    // As migration 10 left it: stake 1 redeemed, stake 2 not; of op a's two calls one executed,
    // op b's call cancelled, op c's still queued.
    await migrate(db, 10);
    await db.query(
      `INSERT INTO stakes (id, address, units, principal, a8_amount, start_time, duration, grace_period,
         reward_per_unit_per_second, redeemed_at, redeem_amount, redeem_fee, redeem_block, block_number, tx_hash)
       VALUES (1, '0xu', 1, 5, 1, 0, 86400, 3600, 1, 777, 5, 1, 9, 1, '0x1'),
              (2, '0xu', 1, 5, 1, 0, 86400, 3600, 1, NULL, NULL, NULL, NULL, 1, '0x2')`,
    );
    await db.query(
      `INSERT INTO owner_changes (tx_hash, log_index, block_number, op_id, op_index, target, value, data, predecessor,
         delay, scheduled_at, ready_at, executed_at, executed_block, executed_tx, cancelled_at, cancelled_block, cancelled_tx)
       VALUES ('0xs', 0, 5, 'a', 0, '0xt', 0, '0x', '0x0', 60, 50, 110, 200, 8, '0xe', NULL, NULL, NULL),
              ('0xs', 1, 5, 'a', 1, '0xt', 0, '0x', '0x0', 60, 50, 110, NULL, NULL, NULL, NULL, NULL, NULL),
              ('0xs', 2, 5, 'b', 0, '0xt', 0, '0x', '0x0', 60, 50, 110, NULL, NULL, NULL, 300, 9, '0xc'),
              ('0xs', 3, 5, 'c', 0, '0xt', 0, '0x', '0x0', 60, 50, 110, NULL, NULL, NULL, NULL, NULL, NULL)`,
    );
    await migrate(db);
    assert.deepEqual(
      await db.query(
        "SELECT id::text, redeemed_at::text, redeem_amount::text, redeem_fee::text, redeem_block::text FROM stakes_view ORDER BY id",
      ),
      [
        { id: "1", redeemed_at: "777", redeem_amount: "5", redeem_fee: "1", redeem_block: "9" },
        { id: "2", redeemed_at: null, redeem_amount: null, redeem_fee: null, redeem_block: null },
      ],
    );
    assert.deepEqual(
      await db.query(
        `SELECT op_id, op_index, executed_at::text, executed_block::text, executed_tx, cancelled_at::text,
           cancelled_block::text, cancelled_tx FROM owner_changes_view ORDER BY log_index`,
      ),
      [
        {
          op_id: "a",
          op_index: 0,
          executed_at: "200",
          executed_block: "8",
          executed_tx: "0xe",
          cancelled_at: null,
          cancelled_block: null,
          cancelled_tx: null,
        },
        {
          op_id: "a",
          op_index: 1,
          executed_at: null,
          executed_block: null,
          executed_tx: null,
          cancelled_at: null,
          cancelled_block: null,
          cancelled_tx: null,
        },
        {
          op_id: "b",
          op_index: 0,
          executed_at: null,
          executed_block: null,
          executed_tx: null,
          cancelled_at: "300",
          cancelled_block: "9",
          cancelled_tx: "0xc",
        },
        {
          op_id: "c",
          op_index: 0,
          executed_at: null,
          executed_block: null,
          executed_tx: null,
          cancelled_at: null,
          cancelled_block: null,
          cancelled_tx: null,
        },
      ],
    );
    // The version the older release recorded is no derived version: its indexer is sent to reindex.
    assert.deepEqual(await db.query("SELECT version FROM apply_version"), [{ version: "1" }]);
    await assert.rejects(checkLayout(db, true), (error: Error) => {
      assert.ok(error instanceof LayoutError);
      assert.match(error.message, /^The database's tables were indexed by other apply code \(version 1\)/);
      assert.ok(error.message.includes(REINDEX_COMMAND));
      return true;
    });
  } finally {
    await db.close();
    await drop();
  }
});

test("a database indexed before migration 16 gets every member's jump pointers and branch depth worked out from its tree", async () => {
  const { target, drop } = testDbTarget();
  const db = await openDb(target);
  try {
    // As migration 15 left it: a chain 70 generations deep (jumps up to 64 generations) with a
    // side branch two members long at every fifth member, keys in bind order as the indexer gives them.
    await migrate(db, 15);
    const parents: number[] = [-1];
    for (let m = 1; m <= 70; m++) parents.push(m - 1);
    for (let m = 5; m <= 70; m += 5) parents.push(m, parents.length);
    const depth = (m: number): number => (m === 0 ? 0 : 1 + depth(parents[m]));
    const address = (m: number) => `0x${m.toString(16).padStart(40, "0")}`;
    await db.query(
      `INSERT INTO members (id, address, inviter, depth, bind_time, bind_block)
       SELECT m.id, m.address, m.inviter, m.depth, m.id, m.id
       FROM unnest($1::integer[], $2::text[], $3::text[], $4::integer[]) AS m (id, address, inviter, depth)`,
      [
        parents.map((_, m) => m),
        parents.map((_, m) => address(m)),
        parents.map((p) => (p === -1 ? null : address(p))),
        parents.map((_, m) => depth(m)),
      ],
    );
    await db.query("INSERT INTO team_figures (id) SELECT id FROM members");
    await migrate(db);
    // The oracle: walk up the parents; the deepest below by walking down the children.
    const jumps = (m: number): number[] => {
      const out: number[] = [];
      for (let at = parents[m], up = 1; at !== -1; at = parents[at], up++)
        if (Number.isInteger(Math.log2(up))) out.push(at);
      return out;
    };
    const height = (m: number): number => Math.max(0, ...parents.flatMap((p, c) => (p === m ? [1 + height(c)] : [])));
    const rows = await db.query<{ id: number; jumps: number[]; height: number }>(
      "SELECT m.id, m.jumps, f.height FROM members m JOIN team_figures f ON f.id = m.id ORDER BY m.id",
    );
    assert.deepEqual(
      rows.map((r) => ({ id: Number(r.id), jumps: r.jumps.map(Number), height: Number(r.height) })),
      parents.map((_, m) => ({ id: m, jumps: jumps(m), height: height(m) })),
    );
    assert.deepEqual(rows[70].jumps.map(Number), [69, 68, 66, 62, 54, 38, 6]);
  } finally {
    await db.close();
    await drop();
  }
});

test("a database indexed before migration 18 gets the legs of its inviters with LEGS_FROM invitees or more, largest first", async () => {
  const { target, drop } = testDbTarget();
  const db = await openDb(target);
  try {
    // As migration 17 left it: the root, a hub under it with LEGS_FROM + 8 invitees (some binding
    // in one block, some with equal branches), and a member under the hub with LEGS_FROM - 1.
    await migrate(db, 17);
    const address = (m: number) => `0x${(0xabc000 + m).toString(16).padStart(40, "0")}`;
    const parents = [-1, 0];
    for (let i = 0; i < LEGS_FROM + 8; i++) parents.push(1);
    const small = 2;
    for (let i = 0; i < LEGS_FROM - 1; i++) parents.push(small);
    const bindTime = (m: number) => Math.floor(m / 3);
    const own = (m: number) => BigInt((m * 7) % 5) * 10n ** 18n;
    const team = (m: number): bigint => parents.reduce((sum, p, c) => (p === m ? sum + own(c) + team(c) : sum), 0n);
    await db.query(
      `INSERT INTO members (id, address, inviter, depth, bind_time, bind_block)
       SELECT m.id, m.address, m.inviter, 0, m.time, m.time
       FROM unnest($1::integer[], $2::text[], $3::text[], $4::bigint[]) AS m (id, address, inviter, time)`,
      [
        parents.map((_, m) => m),
        parents.map((_, m) => address(m)),
        parents.map((p) => (p === -1 ? null : address(p))),
        parents.map((_, m) => bindTime(m)),
      ],
    );
    await db.query(
      `INSERT INTO team_figures (id, own_hashrate, team_hashrate, friend_num)
       SELECT * FROM unnest($1::integer[], $2::numeric[], $3::numeric[], $4::integer[])`,
      [
        parents.map((_, m) => m),
        parents.map((_, m) => own(m).toString()),
        parents.map((_, m) => team(m).toString()),
        parents.map((_, m) => parents.filter((p) => p === m).length),
      ],
    );
    await migrate(db);
    const hubLegs = parents
      .flatMap((p, c) => (p === 1 ? [c] : []))
      .sort((a, b) => {
        const d = own(b) + team(b) - (own(a) + team(a));
        return d > 0n ? 1 : d < 0n ? -1 : bindTime(a) - bindTime(b) || (address(a) < address(b) ? -1 : 1);
      });
    const rows = await db.query<{ inviter: string; address: string; bind_time: string; branch: string }>(
      `SELECT l.inviter, l.address, l.bind_time::text, l.branch::text FROM ranked_legs l
       ORDER BY l.inviter, l.branch DESC, l.bind_time, l.address`,
    );
    assert.deepEqual(
      rows.map((r) => [r.inviter, r.address, Number(r.bind_time), BigInt(r.branch)]),
      hubLegs.map((c) => [address(1), address(c), bindTime(c), own(c) + team(c)]),
    );
    // Equal branches among them, ordered by bind time, then address.
    assert.ok(hubLegs.some((c, i) => i > 0 && own(c) + team(c) === own(hubLegs[i - 1]) + team(hubLegs[i - 1])));
  } finally {
    await db.close();
    await drop();
  }
});
