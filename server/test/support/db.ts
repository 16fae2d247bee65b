import { randomBytes } from "node:crypto";
import { openDb, type Db } from "../../src/store/db";
import { migrate } from "../../src/store/migrations";

/**
 * A migrated, empty database for one test: in-memory PGlite by default, or a fresh schema of
 * the PostgreSQL at DATABASE_URL (dropped again by `drop`).
 */
export async function openTestDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb({ kind: "pglite" });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const db = await openDb({ kind: "postgres", url, schema });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}
