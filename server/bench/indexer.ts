import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createApplier, decodeLogs, type ChainLog, type TimedLog } from "../src/apply/apply";
import { ReferralTree } from "../src/apply/tree";
import { openDb, type Db } from "../src/store/db";
import { migrate } from "../src/store/migrations";
import { createLogFactory, memberAddress } from "../test/support/synthetic";
import { median, ms, seeded, seconds, setting, verdict, whole } from "./report";
import { buildTree } from "./tree";

/**
 * Indexer apply-stage benchmark (DESIGN.md §5): real encoded pool logs, decoded as the indexer
 * decodes them, applied by the indexer's applier in one transaction per batch as the indexer applies a
 * block range. Targets (issue 26): ≥ 20,000 purchases/s in batches of 1,000 on a 100,000-member
 * tree; one purchase by a member at depth 10,000 applied in ≤ 50 ms; a cold start (the referral
 * tree read back by a new applier, as at an indexer's start) on a 1,000,000-member tree in ≤ 2 s.
 * The purchases are also applied on a tree whose first members have many invitees, whose legs
 * are kept ranked (`ranked_legs`), beside the same target.
 *
 * On a throwaway PostgreSQL by default (or the one at DATABASE_URL); on in-memory PGlite with
 * `--pglite`. BENCH_MEMBERS, BENCH_PURCHASES, BENCH_DEPTH and BENCH_COLD_MEMBERS shrink the run
 * for a quick look. Also times the undoing of a reorg: the last 1,000 purchases' blocks taken back.
 */

const MEMBERS = setting("BENCH_MEMBERS", 100_000, 1);
const PURCHASES = setting("BENCH_PURCHASES", 50_000, 1);
const DEPTH = setting("BENCH_DEPTH", 10_000, 2);
const BIND_BATCH = 5_000;
const PURCHASE_BATCHES = [1_000, 5_000];
const DEEP_RUNS = 7;
const ROLLBACK_PURCHASES = 1_000;
const ROLLBACK_RUNS = 3;
const LOGS_PER_BLOCK = 50;
const COLD_MEMBERS = setting("BENCH_COLD_MEMBERS", 1_000_000, 1000);
/** The tree whose first members have many invitees, as bench:api's: the ranked legs' cost. */
const LEADERS_MEMBERS = setting("BENCH_LEADERS_MEMBERS", 100_000, 1000);
const COLD_RUNS = 3;
const TARGET_PER_SECOND = 20_000;
/** The batch size the purchase rate's target is for. */
const TARGET_BATCH = 1_000;
const TARGET_DEEP_MS = 50;
const TARGET_COLD_SECONDS = 2;

const run = promisify(execFile);
const pglite = process.argv.includes("--pglite");
if (!pglite && !process.env.DATABASE_URL) {
  // Again, under a PostgreSQL cluster of its own that is deleted afterwards.
  const withPostgres = fileURLToPath(new URL("../../scripts/with-postgres.mjs", import.meta.url));
  const self = [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const child = spawn(process.execPath, [withPostgres, process.execPath, ...self], { stdio: "inherit" });
  child.on("exit", (code) => process.exit(code ?? 1));
} else {
  await bench(pglite);
}

async function bench(onPglite: boolean) {
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const db = onPglite
    ? await openDb({ kind: "pglite" })
    : await openDb({ kind: "postgres", url: process.env.DATABASE_URL!, schema });
  try {
    await migrate(db);
    console.log(
      `Indexer apply stage on ${onPglite ? "PGlite (in memory)" : `PostgreSQL (schema ${schema})`}; ` +
        "each batch applied in its own transaction, as the indexer applies a block range.",
    );
    const random = seeded(20261122);
    const make = createLogFactory();
    const decoding = { logs: 0, seconds: 0 };
    /** `count` logs in blocks of LOGS_PER_BLOCK, decoded as the indexer decodes them. */
    const logs = (count: number, log: (i: number) => ChainLog): TimedLog[] => {
      const raw = Array.from({ length: count }, (_, i) => {
        if (i % LOGS_PER_BLOCK === 0) make.nextBlock();
        return log(i);
      });
      const start = performance.now();
      const decoded = decodeLogs(raw).map((l) => ({ log: l, time: l.blockNumber * 3n }));
      decoding.logs += count;
      decoding.seconds += (performance.now() - start) / 1000;
      return decoded;
    };
    /** Applies `all` in batches of `size`, each in its own transaction; returns the seconds taken. */
    const applier = createApplier(db);
    const apply = async (all: readonly TimedLog[], size: number): Promise<number> => {
      const start = performance.now();
      for (let i = 0; i < all.length; i += size) {
        const batch = all.slice(i, i + size);
        const applied = await applier.apply(batch);
        if (applied !== batch.length) throw new Error(`Only ${applied} of ${batch.length} logs were new.`);
      }
      return (performance.now() - start) / 1000;
    };
    const hashrate = () => BigInt(1 + Math.floor(random() * 50)) * 100n * 10n ** 18n;
    let bought = 0n;
    const purchase = (member: number) => {
      const amount = hashrate();
      bought += amount;
      return make.purchase(memberAddress(member), 1n, amount);
    };

    // The tree: member i (1 ≤ i ≤ MEMBERS) binds under a uniformly random earlier member.
    let started = performance.now();
    const parent = Array.from({ length: MEMBERS + 1 }, (_, i) => Math.floor(random() * i));
    const binds = logs(MEMBERS, (i) => make.bind(memberAddress(i + 1), memberAddress(parent[i + 1])));
    console.log(
      `${whole(binds.length)} binds made in ${seconds(started)} (making and decoding logs is not timed below).`,
    );
    const bindSeconds = await apply(binds, BIND_BATCH);
    const [{ deepest }] = await db.query<{ deepest: number }>("SELECT max(depth) AS deepest FROM members");
    console.log(
      `Tree: ${whole(MEMBERS + 1)} members (depth up to ${deepest}) bound in batches of ${whole(BIND_BATCH)}: ` +
        `${bindSeconds.toFixed(1)} s, ${whole(MEMBERS / bindSeconds)} binds/s.`,
    );

    // Purchases by uniformly random members, in batches the size of a busy block range.
    for (const size of PURCHASE_BATCHES) {
      const buys = logs(PURCHASES, () => purchase(Math.floor(random() * (MEMBERS + 1))));
      const taken = await apply(buys, size);
      const perSecond = PURCHASES / taken;
      console.log(
        `${whole(PURCHASES)} purchases in batches of ${whole(size)}: ${taken.toFixed(1)} s, ` +
          `${whole(perSecond)} purchases/s (${whole(buys.length / taken)} logs/s)` +
          (size === TARGET_BATCH
            ? `   ${verdict(`≥ ${whole(TARGET_PER_SECOND)}/s`, perSecond >= TARGET_PER_SECOND)}`
            : ""),
      );
    }

    // A reorg: the last ROLLBACK_PURCHASES purchases' blocks taken back (as the indexer does
    // once it has found the common ancestor), then applied again.
    const rootBranch = async () =>
      (
        await db.query<{ total: string }>(
          "SELECT (own_hashrate + team_hashrate)::text AS total FROM team_figures WHERE id = 0",
        )
      )[0].total;
    const before = await rootBranch();
    const undone = logs(ROLLBACK_PURCHASES, () => purchase(Math.floor(random() * (MEMBERS + 1))));
    await apply(undone, ROLLBACK_PURCHASES);
    const ancestor = Number(undone[0].log.blockNumber) - 1;
    const rollbacks: number[] = [];
    for (let run = 0; run < ROLLBACK_RUNS; run++) {
      started = performance.now();
      const taken = await applier.rollBack(ancestor);
      rollbacks.push(performance.now() - started);
      if (taken.purchases !== ROLLBACK_PURCHASES || (await rootBranch()) !== before) {
        throw new Error(
          `The rollback took back ${taken.purchases} purchases, leaving the root at ${await rootBranch()}.`,
        );
      }
      await apply(undone, ROLLBACK_PURCHASES);
    }
    const [{ nfts }] = await db.query<{ nfts: number }>("SELECT count(*)::integer AS nfts FROM nfts");
    console.log(
      `Rollback of the last ${whole(ROLLBACK_PURCHASES / LOGS_PER_BLOCK)} blocks (${whole(ROLLBACK_PURCHASES)} purchases ` +
        `among ${whole(Number(nfts))} NFTs and ${whole(MEMBERS + 1)} members): median ${ms(median(rollbacks))} of ` +
        `${ROLLBACK_RUNS} (${ms(Math.min(...rollbacks))}..${ms(Math.max(...rollbacks))}), each re-applied after.`,
    );

    // A chain hanging under the tree's deepest member, down to depth DEPTH.
    const [hook] = await db.query<{ address: string; depth: number }>(
      "SELECT address, depth FROM members ORDER BY depth DESC, address LIMIT 1",
    );
    const first = MEMBERS + 1;
    const length = DEPTH - Number(hook.depth);
    started = performance.now();
    const chain = logs(length, (i) =>
      make.bind(memberAddress(first + i), i === 0 ? (hook.address as `0x${string}`) : memberAddress(first + i - 1)),
    );
    await apply(chain, 1_000);
    const deepMember = first + length - 1;
    console.log(`A chain of ${whole(length)} members bound under depth ${hook.depth} in ${seconds(started)}.`);
    const runs: number[] = [];
    for (let run = 0; run < DEEP_RUNS; run++) {
      make.nextBlock();
      const one = logs(1, () => purchase(deepMember));
      runs.push((await apply(one, 1)) * 1000);
    }
    const typical = median(runs);
    console.log(
      `One purchase at depth ${whole(DEPTH)}: median ${ms(typical)} of ${DEEP_RUNS} (${ms(Math.min(...runs))}..` +
        `${ms(Math.max(...runs))})   ${verdict(`≤ ${TARGET_DEEP_MS} ms`, typical <= TARGET_DEEP_MS)}`,
    );

    console.log(
      `Decoding (viem parseEventLogs, before the apply stage): ${whole(decoding.logs / decoding.seconds)} logs/s.`,
    );

    // The figures are of work done right: every purchase reached the root.
    const [root] = await db.query<{ total: string }>(
      "SELECT (own_hashrate + team_hashrate)::text AS total FROM team_figures WHERE id = 0",
    );
    if (BigInt(root.total) !== bought) throw new Error(`The root's branch holds ${root.total}, not ${bought}.`);
  } finally {
    if (db.kind === "postgres") await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
  }
  await withLeaders(onPglite, `${schema}_leaders`);
  await coldStart(onPglite, `${schema}_cold`);
}

/**
 * Purchases in batches of TARGET_BATCH on a tree of LEADERS_MEMBERS built as `bench:api` builds
 * its own (member j has about √(size/j) direct invitees): its first members have LEGS_FROM
 * invitees or more, so most purchases also write the new branch total of a leg in `ranked_legs`,
 * which the uniformly random tree above has none of.
 */
async function withLeaders(onPglite: boolean, schema: string) {
  await onFreshDb(onPglite, schema, async (db) => {
    await buildTree(db, LEADERS_MEMBERS);
    const [legs] = await db.query<{ inviters: number; rows: number }>(
      "SELECT count(DISTINCT inviter)::integer AS inviters, count(*)::integer AS rows FROM ranked_legs",
    );
    const batch = purchaseBatches(
      LEADERS_MEMBERS,
      20261129,
      (random) => BigInt(1 + Math.floor(random() * 50)) * 100n * 10n ** 18n,
    );
    const applier = createApplier(db);
    // The first batch reads every member's row and writes the tree's snapshot: not timed.
    await applier.apply(batch());
    const batches = Array.from({ length: PURCHASES / TARGET_BATCH }, batch);
    const started = performance.now();
    for (const b of batches) await applier.apply(b);
    const perSecond = PURCHASES / ((performance.now() - started) / 1000);
    console.log(
      `${whole(PURCHASES)} purchases in batches of ${whole(TARGET_BATCH)} on a ${whole(LEADERS_MEMBERS)}-member tree ` +
        `whose ${whole(legs.inviters)} largest inviters' legs are ranked (${whole(legs.rows)} rows): ` +
        `${whole(perSecond)} purchases/s   ${verdict(`≥ ${whole(TARGET_PER_SECOND)}/s`, perSecond >= TARGET_PER_SECOND)}`,
    );
  });
}

/**
 * Makes batches of TARGET_BATCH purchases (in blocks of LOGS_PER_BLOCK) by members drawn at random
 * from the first `members`, each of `amount`, decoded as the indexer decodes them.
 */
function purchaseBatches(members: number, seed: number, amount: (random: () => number) => bigint) {
  const random = seeded(seed);
  const make = createLogFactory();
  return (): TimedLog[] =>
    decodeLogs(
      Array.from({ length: TARGET_BATCH }, (_, i) => {
        if (i % LOGS_PER_BLOCK === 0) make.nextBlock();
        return make.purchase(memberAddress(Math.floor(random() * members)), 1n, amount(random));
      }),
    ).map((log) => ({ log, time: log.blockNumber * 3n }));
}

/** Runs `work` on a fresh, migrated database: in-memory PGlite, or `schema` on PostgreSQL (dropped after). */
async function onFreshDb(onPglite: boolean, schema: string, work: (db: Db) => Promise<void>) {
  const db = onPglite
    ? await openDb({ kind: "pglite" })
    : await openDb({ kind: "postgres", url: process.env.DATABASE_URL!, schema });
  try {
    await migrate(db);
    await work(db);
  } finally {
    if (db.kind === "postgres") await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
  }
}

/**
 * A cold start on a tree of COLD_MEMBERS written straight into `members`: the first batch of a
 * new applier reads every member's row and writes the tree's snapshot; after one more batch,
 * a new applier's start reads the snapshot and replays that batch's purchases from the rows.
 */
async function coldStart(onPglite: boolean, schema: string) {
  await onFreshDb(onPglite, schema, async (db) => {
    let started = performance.now();
    const tree = await buildTree(db, COLD_MEMBERS);
    console.log(
      `Cold start: a tree of ${whole(tree.members)} members (depth ${tree.depth}) written in ${seconds(started)}.`,
    );
    const batch = purchaseBatches(COLD_MEMBERS, 20261127, () => 100n * 10n ** 18n);
    started = performance.now();
    await createApplier(db).apply(batch());
    console.log(
      `  first batch of ${whole(TARGET_BATCH)} purchases without a snapshot (every row read, the snapshot written): ` +
        `${seconds(started)}.`,
    );
    await createApplier(db).apply(batch());
    // As at a restart: what the batches wrote is on disk, and the reading process is a new one
    // (on PGlite in memory, this one).
    await db.query("CHECKPOINT");
    const loadOnce = async (): Promise<{ seconds: number; members: number; behind: number }> => {
      if (onPglite) {
        const started = performance.now();
        const { tree, behind } = await ReferralTree.load(db);
        return { seconds: (performance.now() - started) / 1000, members: tree.size, behind };
      }
      const script = fileURLToPath(new URL("./cold-load.ts", import.meta.url));
      const { stdout } = await run(process.execPath, [...process.execArgv, script], {
        env: { ...process.env, BENCH_SCHEMA: schema },
      });
      return JSON.parse(stdout) as { seconds: number; members: number; behind: number };
    };
    const runs: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const { seconds: taken, members, behind } = await loadOnce();
      runs.push(taken);
      if (members !== COLD_MEMBERS || behind !== TARGET_BATCH) {
        throw new Error(`The tree read back holds ${members} members, ${behind} purchases behind its snapshot.`);
      }
    }
    const typical = median(runs);
    console.log(
      `  read back from the snapshot and the ${whole(TARGET_BATCH)} purchases after it, by a new process: median ${typical.toFixed(2)} s ` +
        `of ${COLD_RUNS} (${Math.min(...runs).toFixed(2)}..${Math.max(...runs).toFixed(2)} s)   ` +
        verdict(`≤ ${TARGET_COLD_SECONDS} s`, typical <= TARGET_COLD_SECONDS),
    );
  });
}
