import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPgliteCluster, templateFile } from "../src/store/pglite-cluster";
import { migrate } from "../src/store/migrations";
import { openDb } from "../src/store/db";

/** What a cluster is made of: its databases, catalogs, settings and server version. */
async function describeCluster(lite: PGlite): Promise<unknown[]> {
  const rows = async (sql: string) => (await lite.query(sql)).rows;
  return [
    await rows("SELECT datname, encoding, datcollate, datctype, datallowconn FROM pg_database ORDER BY datname"),
    await rows("SELECT count(*)::int AS n FROM pg_class"),
    await rows("SELECT count(*)::int AS n FROM pg_proc"),
    await rows("SELECT nspname FROM pg_namespace ORDER BY nspname"),
    await rows(
      "SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'lc_collate', 'TimeZone', 'DateStyle', 'server_encoding', 'standard_conforming_strings') ORDER BY name",
    ),
  ];
}

// One initdb (10–20 s of CPU) serves both halves: where the saved cluster would be, something that
// is not one; the database is made by initdb and a good copy replaces it, and the next new
// databases load that copy.
test("a damaged saved cluster is not used: initdb makes the database and a good copy replaces it, which new databases then load: the same cluster initdb makes, in memory and in a folder", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "dwn-cluster-"));
  const templates = path.join(root, "templates");
  try {
    mkdirSync(templates);
    writeFileSync(templateFile(templates), "not a tarball");

    const first = await openPgliteCluster(path.join(root, "made"), templates);
    assert.equal(first.from, "initdb");
    const made = await describeCluster(first.lite);
    await first.lite.close();
    assert.ok(existsSync(path.join(root, "made", "PG_VERSION")));
    assert.deepEqual(readdirSync(templates).filter((f) => f.endsWith(".tar")).length, 1, "the empty cluster is saved");

    const second = await openPgliteCluster(undefined, templates);
    assert.equal(second.from, "template", "the damaged copy was replaced by a good one");
    assert.deepEqual(await describeCluster(second.lite), made);
    await second.lite.close();

    // In a folder: loaded, written, closed and opened again as the folder's own database.
    const dataDir = path.join(root, "pglite");
    const inFolder = await openPgliteCluster(dataDir, templates);
    assert.equal(inFolder.from, "template");
    assert.deepEqual(await describeCluster(inFolder.lite), made);
    await inFolder.lite.exec("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)");
    await inFolder.lite.close();
    const again = await openPgliteCluster(dataDir, templates);
    assert.equal(again.from, "existing");
    assert.deepEqual((await again.lite.query("SELECT n FROM kept")).rows, [{ n: 7 }]);
    await again.lite.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the server's migrations run on a database loaded from the saved cluster", async () => {
  const db = await openDb({ kind: "pglite" });
  try {
    await migrate(db);
    await migrate(db);
    const tables = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    assert.ok(tables[0]!.n > 5, `the migrations made the tables (${tables[0]!.n})`);
  } finally {
    await db.close();
  }
});
