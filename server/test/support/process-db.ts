import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "../../src/store/db";

/**
 * An empty database for a server process, named through that process's environment: a fresh
 * DATA_DIR (so PGlite's data folder `DATA_DIR/pglite`), or with DATABASE_URL set, a fresh
 * PostgreSQL database beside it, since the server uses the default schema of the database
 * it is given. `open` opens it in this process: for PGlite only once no other process has it.
 */
export async function createProcessDb() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "dwn-server-"));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return {
      kind: "pglite" as const,
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: (): Promise<Db> => openDb({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `p_${randomBytes(6).toString("hex")}`;
  const admin = await openDb({ kind: "postgres", url: adminUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: "postgres" as const,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: (): Promise<Db> => openDb({ kind: "postgres", url: url.toString() }),
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
