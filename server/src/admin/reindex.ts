// The operator's rebuild command:
//   npm run --workspace server reindex
// Rebuilds every table derived from the chain (RPC_URL, CHAIN_ID) into fresh tables beside the
// server's database (DATABASE_URL, else the embedded one in DATA_DIR) and swaps them in, while
// the API keeps serving the old ones. It holds the indexer lock throughout, so no indexer writes
// meanwhile; an indexer refusing tables of other apply code has let go of it.
import { indexerSource, loadConfig } from "../config";
import { openDb, type Db } from "../store/db";
import { migrate } from "../store/migrations";
import { dropShadow, openShadow, swapIn } from "../store/rebuild";
import { createIndexer, INDEXER_LOCK, readSyncState, type IndexerOptions } from "../sync/indexer";
import { applyVersion } from "../apply/version";
import { redactUrls } from "../ops/redact";

/** Something in the way of a rebuild, said in one sentence. */
export class ReindexRefused extends Error {}

export interface ReindexOptions {
  db: Db;
  /** How to read the chain: the indexer's options but its database and log. */
  indexer: Omit<IndexerOptions, "db" | "log" | "observer">;
  log: (line: string) => void;
  /** Called once the fresh tables are complete, before they are swapped in (for tests). */
  beforeSwap?: () => Promise<void>;
}

/** Rebuilds the derived tables of `db` from the chain and swaps them in; returns the indexed block. */
export async function reindex(options: ReindexOptions): Promise<number> {
  const { db, log } = options;
  const lock = await db.tryLock(INDEXER_LOCK);
  if (!lock) {
    throw new ReindexRefused(
      "An indexer is running on this database (it holds the indexer lock): stop the processes with SERVER_ROLE all or indexer (API processes may keep serving), then run reindex again.",
    );
  }
  let schema: string | undefined;
  try {
    const opened = await openShadow(db);
    schema = opened.schema;
    const started = performance.now();
    log(
      `Rebuilding the tables derived from the chain with apply code version ${applyVersion()}, beside the served ones.`,
    );
    let block: number;
    try {
      await createIndexer({ ...options.indexer, db: opened.shadow, log }).catchUp();
      block = (await readSyncState(opened.shadow))?.blockNumber ?? options.indexer.startBlock - 1;
    } finally {
      await opened.shadow.close();
    }
    await options.beforeSwap?.();
    await swapIn(db, schema);
    schema = undefined;
    log(
      `Reindexed up to block ${block} in ${Math.round((performance.now() - started) / 1000)} s; ` +
        "the fresh tables are now served, and the indexer goes on from there.",
    );
    return block;
  } finally {
    if (schema !== undefined) await dropShadow(db, schema).catch(() => undefined);
    await lock.release();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const say = (line: string) => console.log(redactUrls(line));
  let code = 0;
  try {
    const config = loadConfig();
    const db = await openDb(config.db).catch((error: Error) => {
      throw config.db.kind === "pglite"
        ? new ReindexRefused(
            `${error.message}\nThe embedded database serves one process: stop the server, run reindex, then start the server again (with PostgreSQL the API keeps serving during reindex).`,
          )
        : error;
    });
    try {
      await migrate(db);
      await reindex({
        db,
        log: say,
        indexer: indexerSource(config),
      });
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(`Reindex stopped: ${redactUrls((error as Error).message)}`);
    code = 2;
  }
  process.exit(code);
}
