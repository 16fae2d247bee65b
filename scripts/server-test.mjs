#!/usr/bin/env node
// Runs the server's test files for one pass: `pglite` (the embedded database, no DATABASE_URL)
// or `postgres` (under scripts/with-postgres.mjs, which sets DATABASE_URL). Usage, from server/:
//   node ../scripts/server-test.mjs pglite|postgres [more node --test options…]
//
// The PGlite pass runs every file except those that need PostgreSQL. The PostgreSQL pass runs
// only the files whose behaviour depends on the database: what they assert goes through SQL the
// two databases could answer differently (DDL, locks, concurrent processes, query plans, sweeps,
// the indexer's tables and the API's queries). The others (configuration, envelope and input
// checks, sign-in's signatures, health and metrics, the deploy files, npm start, the notice
// command on the embedded database) test code that reads and writes through the same Db calls
// on either, and run once, on PGlite.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { serverBundle } from "./bundle.mjs";

/** The files the PostgreSQL pass runs (server/test/…). */
export const POSTGRES_FILES = [
  "store.test.ts", // migrations, schema creation by racing processes, transactions
  "apply.test.ts", // the indexer's apply stage into the tables
  "indexer.test.ts", // the indexer end to end on a devnet
  "reorg.test.ts", // undoing blocks after a reorg
  "crash.test.ts", // the indexer killed mid-sync (PostgreSQL only: see POSTGRES_ONLY)
  "reindex.test.ts", // fresh tables built and swapped in while the old ones serve
  "topology.test.ts", // two API and two indexer processes on one database
  "election.test.ts", // the indexers' advisory-lock election
  "queries.test.ts", // the API's queries and their plans
  "api.test.ts", // team figures, friend list, NFT list, announcements through the API
  "team.test.ts", // the team explorer's branch and search queries (ancestor subscripts, address ranges)
  "api-income.test.ts", // income queries through the API
  "api-stake.test.ts", // stake queries through the API
  "limits.test.ts", // request limits counted in the database, shared by processes
  "sessions.test.ts", // sessions and their sweep
  "signin-nonces.test.ts", // pending sign-in messages: eviction, caps, the batched sweep, index reads
  "db-restart.test.ts", // PostgreSQL restarted under load: every process survives (PostgreSQL only)
  "events.test.ts", // the event stream: a batch's rows by block, the ancestor walk, LISTEN/NOTIFY across processes
];

/**
 * Of those, the files that run on PostgreSQL only. The crash test's kills and recovery are the
 * same code on either database, and on PGlite it took over a third of the pass; topology and
 * election need several processes on one database server; db-restart restarts the server itself.
 */
export const POSTGRES_ONLY = ["crash.test.ts", "topology.test.ts", "election.test.ts", "db-restart.test.ts"];

const TEST_DIR = path.resolve("test");

/** The files of `pass`, checked against the folder so that a renamed file is not silently dropped. */
export function passFiles(pass) {
  const all = readdirSync(TEST_DIR)
    .filter((f) => f.endsWith(".test.ts"))
    .sort();
  const missing = POSTGRES_FILES.filter((f) => !all.includes(f));
  if (missing.length > 0) {
    throw new Error(`scripts/server-test.mjs lists test files that do not exist: ${missing.join(", ")}.`);
  }
  if (pass === "postgres") return POSTGRES_FILES;
  if (pass === "pglite") return all.filter((f) => !POSTGRES_ONLY.includes(f));
  throw new Error(`The pass is "pglite" or "postgres", not "${pass}".`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [pass, ...options] = process.argv.slice(2);
  if (!existsSync(TEST_DIR)) {
    console.error("Run scripts/server-test.mjs from server/.");
    process.exit(2);
  }
  if (pass === "postgres" && !process.env.DATABASE_URL) {
    console.error("The postgres pass needs DATABASE_URL: run it under scripts/with-postgres.mjs.");
    process.exit(2);
  }
  const env = { ...process.env };
  if (pass === "pglite") delete env.DATABASE_URL;
  // npm test's sample of the crash test: 6 kills while syncing (npm run test:deep runs 20).
  env.CRASH_SYNC_KILLS ??= "6";
  let files;
  try {
    files = passFiles(pass);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  // The server's bundle, which the tests' own processes run (test/support/server-process.ts).
  await serverBundle();
  // The PGlite pass's files run one after another in one process (test/support/files.ts), each
  // as a suite of its own, so node's and tsx's start-up, the imports and PGlite's first load are
  // paid once per pass: a process per file cost the PGlite pass 99 s of its 436 s of CPU.
  // The PostgreSQL pass's files run one after another, each in a process of its own (39 s of its
  // 231 s of CPU, beside the longer PGlite pass): in one process, node's runner gave tests and
  // hooks of files whose modules were evaluated late to whichever file's suite was running then
  // (topology.test.ts's test in crash.test.ts's suite, events.test.ts's in api.test.ts's, before
  // their own `before`), and CI's pass failed at random.
  env.SERVER_TEST_FILES = files.join(" ");
  const args =
    pass === "postgres"
      ? ["--test-concurrency=1", ...options, ...files.map((file) => path.join("test", file))]
      : [...options, "test/support/files.ts"];
  const child = spawn(process.execPath, ["--import", "tsx", "--test", ...args], { stdio: "inherit", env });
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
