import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { AddressIndex } from "../src/apply/addresses";
import { createApplier, decodeLogs, type ChainLog, type TimedLog } from "../src/apply/apply";
import { LEGS_FROM } from "../src/apply/team";
import { openDb, type Db } from "../src/store/db";
import { migrate } from "../src/store/migrations";
import { openTestDb, testDbTarget } from "./support/db";
import { createLogFactory, memberAddress } from "./support/synthetic";
import { dumpRows, TABLES } from "./support/snapshot";
import { DERIVED_VIEWS } from "../src/store/tables";
import { keccak256, toHex, type Address } from "viem";

const timed = (logs: ChainLog[]): TimedLog[] => decodeLogs(logs).map((log) => ({ log, time: log.blockNumber * 3n }));

interface Expected {
  inviter: string | null;
  depth: number;
  own: bigint;
  team: bigint;
  maxLeg: bigint;
  friends: number;
  community: number;
  /** Its ancestors 1, 2, 4, 8, … generations up, as far as the root: its jump pointers' addresses. */
  jumps: string[];
  /** How far below it its deepest descendant is (0 without invitees). */
  height: number;
  /**
   * With LEGS_FROM invitees or more, its legs as `legs` holds them, largest first (then as they
   * joined): each invitee's address and branch total; null with fewer (no rows).
   */
  legs: string[] | null;
}

/** The team figures of DESIGN.md §4 computed the slow, obvious way from the whole tree. */
function reference(parents: number[], bought: Map<number, bigint>): Map<string, Expected> {
  const n = parents.length + 1;
  const children = Array.from({ length: n }, () => [] as number[]);
  parents.forEach((p, i) => children[p].push(i + 1));
  const branch = (m: number): bigint => (bought.get(m) ?? 0n) + children[m].reduce((sum, c) => sum + branch(c), 0n);
  const size = (m: number): number => children[m].reduce((sum, c) => sum + 1 + size(c), 0);
  const depth = (m: number): number => (m === 0 ? 0 : 1 + depth(parents[m - 1]));
  const ancestors = (m: number): number[] => (m === 0 ? [] : [...ancestors(parents[m - 1]), parents[m - 1]]);
  const jumps = (m: number): number[] => {
    const up = ancestors(m).reverse();
    return up.filter((_, i) => Number.isInteger(Math.log2(i + 1)));
  };
  const height = (m: number): number => Math.max(0, ...children[m].map((c) => 1 + height(c)));
  const out = new Map<string, Expected>();
  for (let m = 0; m < n; m++) {
    const legs = children[m].map(branch);
    // Members join one a block, in key order: a later key joined later.
    const bySize = [...children[m]].sort((a, b) => (branch(a) === branch(b) ? a - b : branch(a) > branch(b) ? -1 : 1));
    out.set(memberAddress(m), {
      inviter: m === 0 ? null : memberAddress(parents[m - 1]),
      depth: depth(m),
      own: bought.get(m) ?? 0n,
      team: legs.reduce((a, b) => a + b, 0n),
      maxLeg: legs.reduce((a, b) => (b > a ? b : a), 0n),
      friends: children[m].length,
      community: size(m),
      jumps: jumps(m).map(memberAddress),
      height: height(m),
      legs: children[m].length >= LEGS_FROM ? bySize.map((c) => `${memberAddress(c)} ${branch(c)}`) : null,
    });
  }
  return out;
}

/**
 * Each of `n` members' inviter, a member that joined before it: each as likely as the others in a
 * tree of up to 25, or mostly member 1 in a larger one, which then comes to LEGS_FROM invitees (or
 * stays just under) and has its legs kept in order in ranked_legs.
 */
const sizes = fc.oneof(fc.integer({ min: 1, max: 25 }), fc.integer({ min: LEGS_FROM, max: LEGS_FROM + 12 }));
const parentsOf = (n: number) =>
  fc.tuple(
    ...Array.from({ length: n }, (_, i) =>
      n < LEGS_FROM
        ? fc.nat({ max: i })
        : fc.oneof({ arbitrary: fc.constant(Math.min(i, 1)), weight: 9 }, { arbitrary: fc.nat({ max: i }), weight: 1 }),
    ),
  );

async function stored(db: Db): Promise<Map<string, Expected>> {
  const rows = await db.query<{
    address: string;
    inviter: string | null;
    depth: number;
    own: string;
    team: string;
    max_leg: string;
    friend_num: number;
    community_num: number;
    jumps: number[];
    height: number;
  }>(
    `SELECT m.address, m.inviter, m.depth, f.own_hashrate::text AS own, f.team_hashrate::text AS team,
       f.max_leg::text, f.friend_num, f.community_num, m.jumps, f.height
     FROM members m JOIN team_figures f ON f.id = m.id`,
  );
  const legs = new Map<string, string[]>();
  for (const r of await db.query<{ inviter: string; leg: string }>(
    "SELECT inviter, address || ' ' || branch::text AS leg FROM ranked_legs ORDER BY inviter, branch DESC, bind_time, address",
  )) {
    legs.set(r.inviter, [...(legs.get(r.inviter) ?? []), r.leg]);
  }
  const byKey = new Map(
    (await db.query<{ id: number; address: string }>("SELECT id, address FROM members")).map((r) => [
      Number(r.id),
      r.address,
    ]),
  );
  return new Map(
    rows.map((r) => [
      r.address,
      {
        inviter: r.inviter,
        depth: Number(r.depth),
        own: BigInt(r.own),
        team: BigInt(r.team),
        maxLeg: BigInt(r.max_leg),
        friends: Number(r.friend_num),
        community: Number(r.community_num),
        jumps: r.jumps.map((id) => byKey.get(Number(id)) ?? `no member ${id}`),
        height: Number(r.height),
        legs: legs.get(r.address) ?? null,
      },
    ]),
  );
}

test("team figures equal a from-scratch computation however the logs are cut into batches, repeated, rolled back and restarted", async () => {
  const { db, drop } = await openTestDb();
  try {
    await fc.assert(
      fc.asyncProperty(
        sizes.chain((n) =>
          fc.record({
            // Member i + 1 binds under a member that joined before it (member 0 is the root).
            parents: parentsOf(n),
            // Who buys, how much, and in the block of which member's bind (its own, or a later one).
            buys: fc.array(fc.tuple(fc.nat({ max: n }), fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.nat({ max: n })), {
              maxLength: 40,
            }),
            cuts: fc.array(fc.nat(), { maxLength: 8 }),
            repeat: fc.boolean(),
            // Per batch: applied as it comes, after a failed attempt that was rolled back, or by
            // an applier that starts afresh (a restarted indexer) and reads the tree back.
            faults: fc.array(fc.constantFrom("none", "rollback", "restart"), { maxLength: 9 }),
            // Logs applied between two snapshots of the tree, which a restarted applier reads
            // back and brings up to date from the rows written after it.
            every: fc.integer({ min: 1, max: 12 }),
          }),
        ),
        async ({ parents, buys, cuts, repeat, faults, every }) => {
          await db.query(
            "TRUNCATE members, team_figures, ranked_legs, nfts, applied_logs, block_hashes, tree_snapshots CASCADE",
          );
          const make = createLogFactory();
          // Purchases by members come after they bind; interleave binds and buys in that order.
          const logs: ChainLog[] = [];
          const bought = new Map<number, bigint>();
          for (let m = 0; m <= parents.length; m++) {
            if (m > 0) logs.push(make.bind(memberAddress(m), memberAddress(parents[m - 1])));
            for (const [who, amount] of buys.filter(([w, , at]) => Math.max(w, at) === m)) {
              logs.push(make.purchase(memberAddress(who), 1n, amount));
              bought.set(who, (bought.get(who) ?? 0n) + amount);
            }
            make.nextBlock();
          }
          const all = timed(logs);
          const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
          const batches = [0, ...points, all.length]
            .slice(1)
            .map((end, i, ends) => all.slice(i ? ends[i - 1] : 0, end));
          const start = () => createApplier(db, { snapshotEvery: () => every });
          let applier = start();
          let applied = 0;
          for (const [i, batch] of batches.entries()) {
            const fault = faults[i] ?? "none";
            if (fault === "restart") applier = start();
            if (fault === "rollback") {
              const crash = async () => {
                throw new Error("crash before the commit");
              };
              await assert.rejects(applier.apply(batch, crash), /crash before the commit/);
            }
            applied += await applier.apply(batch);
            if (repeat) assert.equal(await applier.apply(batch), 0);
          }
          assert.equal(applied, all.length);
          const expected = reference(parents, bought);
          // Members with no bind and no purchase (the root of an empty tree) have no row.
          if (parents.length === 0 && !bought.has(0)) expected.clear();
          assert.deepEqual(await stored(db), expected);
        },
      ),
      { numRuns: 60, seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
  } finally {
    await drop();
  }
});

test("a reorg's rollback leaves the figures of the surviving blocks alone, and applying the rest again gives the whole", async () => {
  const { db, drop } = await openTestDb();
  try {
    await fc.assert(
      fc.asyncProperty(
        sizes.chain((n) =>
          fc.record({
            parents: parentsOf(n),
            // Who buys, how much, and in the block of which member's bind (its own, or a later one).
            buys: fc.array(fc.tuple(fc.nat({ max: n }), fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.nat({ max: n })), {
              maxLength: 40,
            }),
            cuts: fc.array(fc.nat(), { maxLength: 5 }),
            // The last block kept; 0 keeps nothing. Often one of the last few, so that a large
            // inviter keeps LEGS_FROM invitees or more through the rollback.
            keep: fc.oneof(fc.nat({ max: n + 1 }), fc.integer({ min: Math.max(0, n - 6), max: n + 1 })),
            restart: fc.boolean(),
            every: fc.integer({ min: 1, max: 12 }),
          }),
        ),
        async ({ parents, buys, cuts, keep, restart, every }) => {
          await db.query(
            "TRUNCATE members, team_figures, ranked_legs, nfts, applied_logs, block_hashes, tree_snapshots CASCADE",
          );
          const make = createLogFactory();
          // Member m binds in block m + 1; a purchase goes in its buyer's block or a later one.
          const logs: ChainLog[] = [];
          for (let m = 0; m <= parents.length; m++) {
            if (m > 0) logs.push(make.bind(memberAddress(m), memberAddress(parents[m - 1])));
            for (const [who, amount] of buys.filter(([w, , at]) => Math.max(w, at) === m))
              logs.push(make.purchase(memberAddress(who), 1n, amount));
            make.nextBlock();
          }
          const all = timed(logs);
          const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
          const start = () => createApplier(db, { snapshotEvery: () => every });
          let applier = start();
          for (const [i, end] of [...points, all.length].entries()) {
            await applier.apply(all.slice(i ? points[i - 1] : 0, end));
          }

          const undone = await applier.rollBack(keep);
          const kept = parents.slice(0, Math.max(0, keep - 1));
          const keptBuys = buys.filter(([who, , at]) => Math.max(who, at) + 1 <= keep);
          assert.equal(undone.purchases, buys.length - keptBuys.length);
          const bought = (list: typeof buys) => {
            const out = new Map<number, bigint>();
            for (const [who, amount] of list) out.set(who, (out.get(who) ?? 0n) + amount);
            return out;
          };
          const expected = reference(kept, bought(keptBuys));
          if (kept.length === 0 && keptBuys.every(([who]) => who !== 0)) expected.clear();
          assert.deepEqual(await stored(db), expected);
          const [left] = await db.query<{ logs: number; nfts: number; above: number }>(
            `SELECT (SELECT count(*)::integer FROM applied_logs) AS logs, (SELECT count(*)::integer FROM nfts) AS nfts,
               (SELECT count(*)::integer FROM block_hashes WHERE block_number > $1) AS above`,
            [keep],
          );
          const survivors = all.filter(({ log }) => log.blockNumber <= BigInt(keep));
          assert.deepEqual(
            { logs: Number(left.logs), nfts: Number(left.nfts), above: Number(left.above) },
            { logs: survivors.length, nfts: keptBuys.length, above: 0 },
          );

          // The same blocks again (by the same applier, or a restarted one reading the tree back).
          if (restart) applier = start();
          assert.equal(await applier.apply(all.slice(survivors.length)), all.length - survivors.length);
          const whole = reference(parents, bought(buys));
          if (parents.length === 0 && buys.every(([who]) => who !== 0)) whole.clear();
          assert.deepEqual(await stored(db), whole);
        },
      ),
      { numRuns: 25, seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
  } finally {
    await drop();
  }
});

/** The rows derived from events and what the views show, in a stable order. */
async function derived(db: Db) {
  return dumpRows(db, { ...TABLES, ...Object.fromEntries(DERIVED_VIEWS.map((v) => [v.name, v.key])) });
}

test("a reorg that takes back a redemption and an executed and a cancelled timelock call leaves every table as a clean index of the chain that stays", async () => {
  const [a, clean] = [await openTestDb(), await openTestDb()];
  try {
    const [m0, m1, m2] = [0, 1, 2].map(memberAddress);
    const opA = keccak256(toHex("op A"));
    const opB = keccak256(toHex("op B"));
    const target: Address = "0x0000000000000000000000000000000000000042";
    /** The history both branches share: blocks 1 and 2. */
    const common = () => {
      const make = createLogFactory();
      const logs = [make.bind(m1, m0), make.staked(1n, m1, 2n), make.staked(2n, m1, 3n)];
      logs.push(make.scheduled(opA, 0n, target, "0x01", 60n), make.scheduled(opA, 1n, target, "0x02", 60n));
      logs.push(make.scheduled(opB, 0n, target, "0x03", 60n));
      make.nextBlock();
      logs.push(make.purchase(m1, 1n, 10n ** 18n));
      make.nextBlock();
      return { make, logs };
    };
    // The branch that goes: stake 1 redeemed, op A executed and op B cancelled in block 3, a
    // purchase and a bind in block 4.
    const gone = common();
    const goneLogs = [
      gone.make.redeemed(1n, m1, 2n * 10n ** 18n, 10n ** 16n),
      gone.make.executed(opA, 0n, target, "0x01"),
      gone.make.executed(opA, 1n, target, "0x02"),
      gone.make.cancelled(opB),
    ];
    gone.make.nextBlock();
    goneLogs.push(gone.make.purchase(m1, 2n, 3n * 10n ** 18n), gone.make.bind(m2, m1));
    // The branch that stays: stake 2 redeemed and op B executed in block 3; op A still queued.
    const stays = common();
    const staysLogs = [
      stays.make.redeemed(2n, m1, 3n * 10n ** 18n, 10n ** 16n),
      stays.make.executed(opB, 0n, target, "0x03"),
    ];

    const applier = createApplier(a.db);
    await applier.apply(timed(gone.logs));
    await applier.apply(timed(goneLogs));
    const redeemed = async (db: Db) =>
      (await db.query<{ id: string }>("SELECT id::text FROM stakes_view WHERE redeemed_at IS NOT NULL")).map(
        (r) => r.id,
      );
    const ended = async (db: Db) =>
      (
        await db.query<{ op_index: number; executed: boolean; cancelled: boolean }>(
          `SELECT op_index, executed_block IS NOT NULL AS executed, cancelled_block IS NOT NULL AS cancelled
           FROM owner_changes_view ORDER BY log_index`,
        )
      ).map((r) => [Number(r.op_index), r.executed, r.cancelled]);
    assert.deepEqual(await redeemed(a.db), ["1"]);
    assert.deepEqual(await ended(a.db), [
      [0, true, false],
      [1, true, false],
      [0, false, true],
    ]);

    // The reorg takes blocks 3 and 4 back: the tables are what the common history alone gives.
    await applier.rollBack(2);
    await createApplier(clean.db).apply(timed(common().logs));
    assert.deepEqual(await derived(a.db), await derived(clean.db));
    assert.deepEqual(await redeemed(a.db), []);
    assert.deepEqual(await ended(a.db), [
      [0, false, false],
      [1, false, false],
      [0, false, false],
    ]);

    // The branch that stays goes on from there, as a clean index of it.
    await applier.apply(timed(staysLogs));
    await createApplier(clean.db).apply(timed(staysLogs));
    assert.deepEqual(await derived(a.db), await derived(clean.db));
    assert.deepEqual(await redeemed(a.db), ["2"]);
    assert.deepEqual(await ended(a.db), [
      [0, false, false],
      [1, false, false],
      [0, true, false],
    ]);
  } finally {
    await a.drop();
    await clean.drop();
  }
});

test("a purchase deep in a chain reaches every ancestor", async () => {
  const { db, drop } = await openTestDb();
  try {
    const make = createLogFactory();
    const depth = 300;
    const logs = Array.from({ length: depth }, (_, i) => make.bind(memberAddress(i + 1), memberAddress(i)));
    logs.push(make.purchase(memberAddress(depth), 5n, 7n * 10n ** 18n, 10n ** 18n));
    await createApplier(db).apply(timed(logs));
    const rows = await stored(db);
    assert.equal(rows.size, depth + 1);
    for (let i = 0; i < depth; i++) {
      const m = rows.get(memberAddress(i))!;
      assert.equal(m.team, 8n * 10n ** 18n, `member ${i}`);
      assert.equal(m.maxLeg, 8n * 10n ** 18n);
      assert.equal(m.community, depth - i);
      assert.equal(m.depth, i);
    }
    assert.equal(rows.get(memberAddress(depth))!.own, 8n * 10n ** 18n);
    const [nft] = await db.query<{ hashrate: string; makeup_hashrate: string; tier: number }>(
      "SELECT hashrate::text, makeup_hashrate::text, tier FROM nfts",
    );
    assert.deepEqual(nft, {
      hashrate: (7n * 10n ** 18n).toString(),
      makeup_hashrate: (10n ** 18n).toString(),
      tier: 5,
    });
  } finally {
    await drop();
  }
});

test("a database an older release indexed keeps its figures through the migrations and goes on from them", async () => {
  const { target, drop } = testDbTarget();
  const db = await openDb(target);
  try {
    // As migrations 1-3 left it: root ← a ← b, b holding 5 and a 2, with a leg per binding.
    await migrate(db, 3);
    const [root, a, b, c] = [0, 1, 2, 3].map((n) => memberAddress(n).toLowerCase());
    await db.query(
      `INSERT INTO members (address, inviter, depth, bind_time, own_hashrate, team_hashrate, max_leg, friend_num,
         community_num)
       VALUES ($1, NULL, 0, 0, 0, 7, 7, 1, 2), ($2, $1, 1, 3, 2, 5, 5, 1, 1), ($3, $2, 2, 6, 5, 0, 0, 0, 0)`,
      [root, a, b],
    );
    await db.query("INSERT INTO legs (member, child, total) VALUES ($1, $2, 7), ($2, $3, 5)", [root, a, b]);
    await migrate(db);
    const ids = await db.query<{ address: string; id: number }>("SELECT address, id FROM members ORDER BY id");
    assert.deepEqual(
      ids.map((r) => [r.address, Number(r.id)]),
      [
        [root, 0],
        [a, 1],
        [b, 2],
      ],
    );
    const [{ legs }] = await db.query<{ legs: string | null }>("SELECT to_regclass('legs')::text AS legs");
    assert.equal(legs, null);

    // The next batch: c binds under a and buys 10, b buys 1 more.
    const make = createLogFactory();
    make.nextBlock();
    const logs = [make.bind(memberAddress(3), memberAddress(1)), make.purchase(memberAddress(3), 1n, 10n)];
    logs.push(make.purchase(memberAddress(2), 1n, 1n));
    await createApplier(db).apply(timed(logs));
    const rows = await stored(db);
    assert.deepEqual(rows.get(root), {
      inviter: null,
      depth: 0,
      own: 0n,
      team: 18n,
      maxLeg: 18n,
      friends: 1,
      community: 3,
      jumps: [],
      height: 2,
      legs: null,
    });
    assert.deepEqual(rows.get(a), {
      inviter: root,
      depth: 1,
      own: 2n,
      team: 16n,
      maxLeg: 10n,
      friends: 2,
      community: 2,
      jumps: [root],
      height: 1,
      legs: null,
    });
    const leaf = { team: 0n, maxLeg: 0n, friends: 0, community: 0, jumps: [a, root], height: 0, legs: null };
    assert.deepEqual(rows.get(b), { inviter: a, depth: 2, own: 6n, ...leaf });
    assert.deepEqual(rows.get(c), { inviter: a, depth: 2, own: 10n, ...leaf });
    const [{ id }] = await db.query<{ id: number }>("SELECT id FROM members WHERE address = $1", [c]);
    assert.equal(Number(id), 3);
  } finally {
    await db.close();
    await drop();
  }
});

test("the address index finds every member's key by address, in either case, and forgets the keys it drops", () => {
  const index = new AddressIndex();
  // Counter addresses (as tests and benchmarks make them) and chain-like ones.
  const addresses = [
    ...Array.from({ length: 3000 }, (_, i) => memberAddress(i)),
    ...Array.from({ length: 3000 }, (_, i) => keccak256(toHex(i)).slice(0, 42)),
  ];
  addresses.forEach((a, i) => assert.equal(index.add(a), i));
  assert.equal(index.size, addresses.length);
  assert.throws(() => index.add(addresses[7]), /held already/);
  assert.equal(index.get(addresses[4321].toUpperCase().replace("0X", "0x")), 4321);
  assert.equal(index.get(memberAddress(3000)), undefined);
  assert.equal(index.get("0x12"), undefined);
  assert.equal(index.address(4321), addresses[4321]);

  const copy = AddressIndex.from(index.raw());
  assert.ok(addresses.every((a, i) => copy.get(a) === i));
  copy.truncate(2500);
  assert.equal(copy.size, 2500);
  assert.ok(addresses.every((a, i) => copy.get(a) === (i < 2500 ? i : undefined)));
  assert.equal(copy.add(addresses[4000]), 2500);
  assert.equal(copy.get(addresses[4000]), 2500);
});
