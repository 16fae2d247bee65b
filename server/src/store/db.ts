import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A place to run SQL: the database itself or an open transaction. */
export interface Sql {
  query<T extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/** The database: embedded PGlite or PostgreSQL, behind one interface and one SQL dialect. */
export interface Db extends Sql {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Holds a session-level advisory lock on a dedicated connection until `release` is called.
   * Returns undefined when another session holds it. PGlite has one session: always granted.
   */
  tryLock(key: number): Promise<{ release(): Promise<void> } | undefined>;
  /**
   * The same database with `schema` (which must exist) first on the search path, so that the
   * same SQL reads and writes that schema's tables: how reindex builds fresh tables beside the
   * ones the API serves. Closing it leaves this one open.
   */
  inSchema(schema: string): Promise<Db>;
  close(): Promise<void>;
}

/** A schema or table name as SQL text. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type DbTarget = { kind: "postgres"; url: string; schema?: string } | { kind: "pglite"; dataDir?: string };

/** Parameters as both drivers take them: bigints as decimal strings. */
const params = (values?: readonly unknown[]) => values?.map((v) => (typeof v === "bigint" ? v.toString() : v));

export async function openDb(target: DbTarget): Promise<Db> {
  return target.kind === "postgres" ? openPostgres(target.url, target.schema) : openPglite(target.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  const unlock = dataDir ? claimDataDir(dataDir) : () => undefined;
  const lite = new PGlite(dataDir);
  await lite.waitReady.catch((error: unknown) => {
    unlock();
    throw error;
  });
  const wrap = (q: Pick<PGlite, "query">): Sql => ({
    async query<T extends object>(text: string, values?: readonly unknown[]) {
      return (await q.query<T>(text, params(values))).rows;
    },
  });
  // PGlite has one session, shared by everything in the process: a schema is set for one
  // transaction at a time (SET LOCAL), which PGlite runs alone.
  const scoped = (schema: string): Db => {
    const within = <T>(work: (tx: Sql) => Promise<T>) =>
      lite.transaction(async (tx) => {
        await tx.query(`SET LOCAL search_path TO ${ident(schema)}`);
        return work(wrap(tx));
      });
    return {
      kind: "pglite",
      query: (text, values) => within((tx) => tx.query(text, values)),
      transaction: within,
      tryLock: async () => ({ release: async () => undefined }),
      inSchema: async (other) => scoped(other),
      close: async () => undefined,
    };
  };
  return {
    kind: "pglite",
    ...wrap(lite),
    transaction: (work) => lite.transaction((tx) => work(wrap(tx))),
    tryLock: async () => ({ release: async () => undefined }),
    inSchema: async (schema) => scoped(schema),
    async close() {
      await lite.close();
      unlock();
    },
  };
}

/**
 * PGlite serves one process: a second one opening the same folder would corrupt it. A pid file
 * beside the folder refuses a second opener while the first lives; a dead owner's file is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const file = `${dataDir}.pid`;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(readFileSync(file, "utf8"));
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is open in process ${owner}: stop it first, or use PostgreSQL (DATABASE_URL) to share a database between processes.`,
      );
    }
    rmSync(file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPostgres(url: string, schema?: string): Promise<Db> {
  // NUMERIC and BIGINT arrive as strings; callers convert with BigInt() where they need numbers.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Each statement is prepared once per connection, under a name of its own, and then only
  // bound and run: PostgreSQL parses it once instead of on every call. The texts are the
  // code's own (values travel as parameters), so there are a few dozen.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = `q${names.size}`));
    return name;
  };
  const run = async <T extends object>(c: pg.Pool | pg.PoolClient, text: string, values?: readonly unknown[]) =>
    (await c.query<T>({ name: nameOf(text), text, values: params(values) })).rows;
  const db: Db = {
    kind: "postgres",
    query: (text, values) => run(pool, text, values),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({ query: (text, values) => run(client, text, values) });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async tryLock(key) {
      const client = await pool.connect();
      const [row] = await run<{ locked: boolean }>(client, "SELECT pg_try_advisory_lock($1) AS locked", [key]);
      if (!row?.locked) {
        client.release();
        return undefined;
      }
      return {
        async release() {
          await client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => undefined);
          client.release();
        },
      };
    },
    inSchema: (other) => openPostgres(url, other),
    close: () => pool.end(),
  };
  if (schema) {
    // CREATE SCHEMA IF NOT EXISTS is not safe against itself: of two processes creating the
    // same schema at once, one fails on the catalogue's unique index. A lock held for the
    // transaction makes them take turns.
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('dwn schema'), hashtext($1))", [schema]);
      await tx.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
    });
  }
  return db;
}
