import { ReferralTree } from "../src/apply/tree";
import { openDb } from "../src/store/db";

/**
 * One cold start of the indexer's memory, in a process of its own as at an indexer's start: reads
 * the referral tree back from the database at DATABASE_URL (schema BENCH_SCHEMA) and prints the
 * seconds it took, the members read and how many logs the snapshot was behind, as one JSON line.
 */
const db = await openDb({ kind: "postgres", url: process.env.DATABASE_URL!, schema: process.env.BENCH_SCHEMA });
try {
  await db.query("SELECT 1");
  const started = performance.now();
  const { tree, behind } = await ReferralTree.load(db);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ seconds, members: tree.size, behind }));
} finally {
  await db.close();
}
