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

/** A migrated, empty database for one test (see {@link testDbTarget}); `drop` closes and removes it. */
export async function openTestDb(): Promise<{ db: Db; drop(): Promise<void> }> {
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
