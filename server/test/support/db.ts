import { randomBytes } from "node:crypto";
import { openDb, type Db, type DbTarget } from "../../src/store/db";
import { migrate } from "../../src/store/migrations";

/**
 * Where a test's database lives: in-memory PGlite by default, or a fresh schema of the
 * PostgreSQL at DATABASE_URL, which `drop` removes once whoever opened it has closed it.
 */
export function testDbTarget(): { target: DbTarget; drop(): Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (!url) return { target: { kind: "pglite" }, drop: async () => undefined };
  const schema = `t_${randomBytes(6).toString("hex")}`;
  return {
    target: { kind: "postgres", url, schema },
    async drop() {
      const admin = await openDb({ kind: "postgres", url });
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.close();
      }
    },
  };
}

/**
 * On PGlite, the embedded database the process's tests share: each test migrates a schema of its
 * own in it, as on PostgreSQL. A fresh embedded database costs about 1.3 s of CPU to open (its
 * cluster loaded and started in WebAssembly), a schema in an open one a tenth of that; the pass
 * opened about sixty when each test had its own. It closes once no test has used it for
 * IDLE_CLOSE_MS (an open one keeps the process from ending), and the next test opens another.
 */
let shared: { db: Promise<Db>; users: number; closing?: NodeJS.Timeout } | undefined;
const IDLE_CLOSE_MS = 3000;

async function inSharedPglite(): Promise<{ db: Db; drop(): Promise<void> }> {
  shared ??= { db: openDb({ kind: "pglite" }), users: 0 };
  const current = shared;
  clearTimeout(current.closing);
  current.users += 1;
  const release = () => {
    current.users -= 1;
    if (current.users > 0) return;
    current.closing = setTimeout(() => {
      if (shared === current) shared = undefined;
      void current.db.then((db) => db.close());
    }, IDLE_CLOSE_MS);
  };
  const schema = `t_${randomBytes(6).toString("hex")}`;
  try {
    const base = await current.db;
    await base.query(`CREATE SCHEMA ${schema}`);
    const db = await base.inSchema(schema);
    await migrate(db);
    return {
      db,
      async drop() {
        await base.query(`DROP SCHEMA ${schema} CASCADE`);
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A migrated, empty database for one test (see {@link testDbTarget}); `drop` closes and removes it. */
export async function openTestDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) return inSharedPglite();
  const { target, drop } = testDbTarget();
  const db = await openDb(target);
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await drop();
    },
  };
}
