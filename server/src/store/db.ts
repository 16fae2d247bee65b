import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openPgliteCluster } from "./pglite-cluster";

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
  tryLock(key: number): Promise<DbLock | undefined>;
  /**
   * The same database with `schema` (which must exist) first on the search path, so that the
   * same SQL reads and writes that schema's tables: how reindex builds fresh tables beside the
   * ones the API serves. Closing it leaves this one open.
   */
  inSchema(schema: string): Promise<Db>;
  /**
   * PostgreSQL only: calls `onNotify` for each NOTIFY on `channel`, on a connection of its own
   * (outside the pool) until `close`; `lost` aborts when that connection is lost. PGlite has none
   * (one process: its readers poll).
   */
  listen?(channel: string, onNotify: () => void): Promise<DbListener>;
  close(): Promise<void>;
}

/** A LISTEN on a connection of its own. */
export interface DbListener {
  readonly lost: AbortSignal;
  close(): Promise<void>;
}

/** A session-level advisory lock held on a connection of its own. */
export interface DbLock {
  /**
   * Aborts when the lock's connection is lost (the database restarted or went away): the lock
   * is gone with it, and whoever held it must stop and ask for it again.
   */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

/**
 * The database does not answer: the connection was refused, dropped or ended by the server (a
 * restart, a failover). Nothing was done; the same work may be tried again once it answers.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database does not answer (${cause instanceof Error ? cause.message : String(cause)}).`, { cause });
  }
}

/** Network errors of the socket to PostgreSQL. */
const SOCKET_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * Whether `error` says the database is away rather than that a statement failed: a socket error,
 * SQLSTATE class 08 (connection exception) or 57P01–57P03 (the server shutting down, crashed, not
 * accepting connections yet), or node-postgres's own words for a dropped connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (SOCKET_ERRORS.has(code) || /^(08|57P0[123])/.test(code))) return true;
  return /Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(error.message);
}

/** `error` as a DatabaseUnavailableError when it says the database is away, else itself. */
const classify = (error: unknown) =>
  isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;

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
  const { lite } = await openPgliteCluster(dataDir).catch((error: unknown) => {
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
      tryLock: async () => heldForever(),
      inSchema: async (other) => scoped(other),
      close: async () => undefined,
    };
  };
  return {
    kind: "pglite",
    ...wrap(lite),
    transaction: (work) => lite.transaction((tx) => work(wrap(tx))),
    tryLock: async () => heldForever(),
    inSchema: async (schema) => scoped(schema),
    async close() {
      await lite.close();
      unlock();
    },
  };
}

/** PGlite's lock: its one session lives as long as the process. */
const heldForever = (): DbLock => ({ lost: new AbortController().signal, release: async () => undefined });

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
    // A database that does not accept the connection is an answer within 5 s, not a wait.
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server ends (a restart, a failover) is an 'error' event on the pool;
  // the pool has already dropped that connection, and the next query opens a new one. Without a
  // listener the event would end the process.
  pool.on("error", () => undefined);
  // Each statement is prepared once per connection, under a name of its own, and then only
  // bound and run: PostgreSQL parses it once instead of on every call. The texts are the
  // code's own (values travel as parameters), so there are a few dozen.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = `q${names.size}`));
    return name;
  };
  const run = async <T extends object>(c: pg.Pool | pg.PoolClient, text: string, values?: readonly unknown[]) => {
    try {
      return (await c.query<T>({ name: nameOf(text), text, values: params(values) })).rows;
    } catch (error) {
      throw classify(error);
    }
  };
  /**
   * A connection of the pool's, checked out: the server may end it while it is, between two
   * statements (an 'error' event that would otherwise end the process). `broken` tells, and
   * `release` then drops it instead of returning it to the pool.
   */
  const checkOut = async () => {
    const client = await pool.connect().catch((error: unknown) => {
      throw classify(error);
    });
    const lost = new AbortController();
    const onError = (error: Error) => lost.abort(error);
    client.on("error", onError);
    return {
      client,
      lost: lost.signal,
      release(error?: unknown) {
        client.off("error", onError);
        client.release(lost.signal.aborted || isDatabaseUnavailable(error) ? true : undefined);
      },
    };
  };
  const db: Db = {
    kind: "postgres",
    query: (text, values) => run(pool, text, values),
    async transaction(work) {
      const { client, release } = await checkOut();
      let failure: unknown;
      try {
        await run(client, "BEGIN");
        const result = await work({ query: (text, values) => run(client, text, values) });
        await run(client, "COMMIT");
        return result;
      } catch (error) {
        failure = error;
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        release(failure);
      }
    },
    async tryLock(key) {
      const held = await checkOut();
      let rows: { locked: boolean }[];
      try {
        rows = await run<{ locked: boolean }>(held.client, "SELECT pg_try_advisory_lock($1) AS locked", [key]);
      } catch (error) {
        held.release(error);
        throw error;
      }
      if (!rows[0]?.locked) {
        held.release();
        return undefined;
      }
      return {
        lost: held.lost,
        async release() {
          if (!held.lost.aborted)
            await held.client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => undefined);
          held.release();
        },
      };
    },
    inSchema: (other) => openPostgres(url, other),
    async listen(channel, onNotify) {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 5000,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
      });
      const lost = new AbortController();
      client.on("error", (error) => lost.abort(error));
      client.on("end", () => lost.abort());
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${ident(channel)}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw classify(error);
      }
      return { lost: lost.signal, close: () => client.end().catch(() => undefined) };
    },
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
