import { createHash, randomBytes } from "node:crypto";
import { openDb } from "../src/store/db";
import { migrate } from "../src/store/migrations";
import { branch } from "../src/store/queries";
import { buildTree } from "./tree";

const db = await openDb({ kind: "postgres", url: process.env.DATABASE_URL!, schema: `ex_${randomBytes(3).toString("hex")}` });
await migrate(db);
const size = Number(process.env.SIZE ?? 200_000);
const tree = await buildTree(db, size);
console.log("tree", size, "leader", tree.leader);
const token = randomBytes(32).toString("base64url");
const now = Math.floor(Date.now() / 1000);
const hash = createHash("sha256").update(token).digest("hex");
await db.query("INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ($1, $2, $3, $4)", [hash, tree.leader.address, now, now + 3600]);
const session = [hash, now] as const;
for (const order of ["joined", "legs"] as const) {
  for (let i = 0; i < 5; i++) await branch(db, session, null, order, 0, 20);
  const t = performance.now();
  for (let i = 0; i < 50; i++) await branch(db, session, null, order, 0, 20);
  console.log(order, ((performance.now() - t) / 50).toFixed(2), "ms per call");
}
const fr = await branch(db, session, null, "joined", 0, 1);
const friend = fr?.friends?.[0]?.address as string;
{
  for (let i = 0; i < 5; i++) await branch(db, session, friend, "joined", 0, 20);
  const t = performance.now();
  for (let i = 0; i < 50; i++) await branch(db, session, friend, "joined", 0, 20);
  console.log("friend", ((performance.now() - t) / 50).toFixed(2), "ms per call");
}
const q = db.query.bind(db);
(db as { query: typeof db.query }).query = (async (text: string, params?: readonly unknown[]) => {
  const rows = await q<{ "QUERY PLAN": string }>("EXPLAIN (ANALYZE, BUFFERS) " + text, params);
  console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"));
  return [];
}) as typeof db.query;
await branch(db, session, null, "legs", 0, 20);
await db.close?.();
process.exit(0);
