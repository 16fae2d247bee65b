import { BlockNotFoundError, createPublicClient, type Address } from "viem";
import { isDatabaseUnavailable, type Db, type Sql } from "../store/db";
import { INDEXED_CHANNEL } from "../serve/events";
import { createApplier, decodeLogs, recordHashes, type ChainLog, type TimedLog } from "../apply/apply";
import { applyVersion } from "../apply/version";
import { isRangeError, isRateLimit, rpcSaid, rpcTransport } from "./rpc";

export { isRangeError, isRateLimit };

export interface IndexerOptions {
  db: Db;
  /** The RPC, or several in order of preference (RPC_URL's list). */
  rpcUrl: string | readonly string[];
  chainId: number;
  addresses: Address[];
  /** The deployment block: nothing before it concerns the contracts. */
  startBlock: number;
  maxBlockRange: number;
  pollMs: number;
  /** The first wait after a fault or a rate limit, doubling up to 30 times it; 1 s by default. */
  retryMs?: number;
  log?: (line: string) => void;
  /** Told what the indexer does, for the health port's readiness and metrics. */
  observer?: IndexerObserver;
}

export interface IndexerObserver {
  /**
   * A step finished in step with the chain: it read the finalized head (`head`) and either
   * applied a range up to `indexed` or found nothing new past it. `at` is Date.now().
   */
  polled?(poll: { head: number; indexed: number; at: number }): void;
  /** A block range and its checkpoint were committed, with this many events. */
  applied?(events: number): void;
  /** A JSON-RPC request failed (after viem's retries). */
  rpcFailed?(method: string): void;
}

/** The PostgreSQL advisory lock that elects the one writing indexer. */
export const INDEXER_LOCK = 0x64776e; // "dwn"

const STATE_ID = "main";
const MAX_BACKOFF_FACTOR = 30;
/** How far below the checkpoint block hashes are kept: the deepest reorg undone block by block. */
export const KEPT_BLOCKS = 50_000;

export interface SyncState {
  chainId: number;
  blockNumber: number;
  blockTime: number;
  headBlock: number;
  /** When the indexer last wrote the checkpoint or found nothing new (unix seconds): its last successful poll. */
  updatedAt: number;
}

export async function readSyncState(db: Pick<Db, "query">): Promise<SyncState | undefined> {
  const [row] = await db.query<Record<string, string | number>>(
    "SELECT chain_id, block_number, block_time, head_block, updated_at FROM sync_state WHERE id = $1",
    [STATE_ID],
  );
  return row
    ? {
        chainId: Number(row.chain_id),
        blockNumber: Number(row.block_number),
        blockTime: Number(row.block_time),
        headBlock: Number(row.head_block),
        updatedAt: Number(row.updated_at),
      }
    : undefined;
}

/** The command that rebuilds the derived tables (server/src/admin/reindex.ts). */
export const REINDEX_COMMAND = "npm run --workspace server reindex";

/** The store's tables were built by apply code of another version than this process's. */
export class LayoutError extends Error {}

/**
 * Checks that the derived tables were built by this apply code (its derived version,
 * apply/version.ts); tables with nothing indexed yet are taken over. Throws a LayoutError with
 * the sentence to act on.
 */
export async function checkLayout(db: Pick<Db, "query">, indexed: boolean): Promise<void> {
  const version = applyVersion();
  const [row] = await db.query<{ version: string }>("SELECT version FROM apply_version");
  const stored = row?.version ?? "none";
  if (stored === version) return;
  if (!indexed) {
    await db.query("DELETE FROM apply_version");
    await db.query("INSERT INTO apply_version (version) VALUES ($1)", [version]);
    return;
  }
  // A version is a hash: which of two codes is the newer one is for the operator to say.
  throw new LayoutError(
    `The database's tables were indexed by other apply code (version ${stored}) than this program's (version ${version}): ` +
      `run \`${REINDEX_COMMAND}\` to rebuild them with this program's (the API keeps serving the old ones meanwhile), ` +
      "unless this program is the older release, which the newer one replaces; until then this process does not index.",
  );
}

/** The reorgs the indexer has handled: how many, and the last one's depth in blocks (null: none yet). */
export async function readReorgs(db: Pick<Db, "query">): Promise<{ count: number; lastDepth: number | null }> {
  const [row] = await db.query<{ count: number; depth: string | null }>(
    "SELECT count(*)::integer AS count, (SELECT depth FROM indexer_reorgs ORDER BY id DESC LIMIT 1) AS depth FROM indexer_reorgs",
  );
  return { count: Number(row.count), lastDepth: row.depth === null ? null : Number(row.depth) };
}

/**
 * Follows the chain's finalized blocks and applies the pool's and staking's events to the
 * store, each block range with its checkpoint in one transaction. Before each step it checks
 * that the chain still has the checkpoint's block as indexed, and undoes a reorg when not.
 */
export function createIndexer(options: IndexerOptions) {
  const urls = typeof options.rpcUrl === "string" ? [options.rpcUrl] : [...options.rpcUrl];
  const http = { retryCount: 0, batch: { batchSize: 100 } };
  const failed = (method: string) => options.observer?.rpcFailed?.(method);
  /** The finalized head, from the first RPC that answers (viem's fallback over the list). */
  const client = createPublicClient({ transport: rpcTransport(urls, http, failed) });
  /** Each RPC on its own, so that the node that answered a range's logs is known. */
  const nodes =
    urls.length === 1
      ? [client]
      : urls.map((url) => createPublicClient({ transport: rpcTransport([url], http, failed) }));
  /** How the log names an RPC: never by its URL, which may carry a key. */
  const nameOf = (i: number) => (urls.length === 1 ? "The RPC" : `RPC_URL[${i}]`);
  /** The nodes last found short of a range's end block, told once until they catch up. */
  const behind = new Set<number>();
  const log = options.log ?? (() => undefined);
  const applier = createApplier(options.db);
  /** The checkpoint this indexer last wrote: the state its applier's memory reflects. */
  let written: number | undefined;
  let range = options.maxBlockRange;

  /** Set while the chain's head is below the checkpoint on a chain that still has it (a lagging node). */
  let lagging = false;

  async function finalizedBlock() {
    return client.getBlock({ blockTag: "finalized" });
  }

  /** The block at `number` as `node` has it, or undefined when it has none. */
  async function blockOn(node: typeof client, number: number) {
    try {
      return await node.getBlock({ blockNumber: BigInt(number) });
    } catch (error) {
      if (error instanceof BlockNotFoundError) return undefined;
      throw error;
    }
  }

  /**
   * The chain's block at `number` from the first RPC that has it, or undefined when none has it
   * (a reorg or a reset took it): a node that has not reached it yet is no evidence of a reorg.
   */
  async function blockAt(number: number) {
    let fault: unknown;
    for (const node of nodes) {
      try {
        const block = await blockOn(node, number);
        if (block) return block;
      } catch (error) {
        fault ??= error;
      }
    }
    if (fault !== undefined) throw fault;
    return undefined;
  }

  /**
   * The logs of blocks `from`..`to`, from the first RPC (in order) that has reached block `to`:
   * a node short of it would answer for part of the range as if it were all of it. Its block
   * `to`, read before the logs, comes back with them, and the step reads its other blocks from
   * the same node. A refused range is thrown at once (the step halves it); any other fault moves
   * on to the next RPC, and is thrown when none is left.
   */
  async function readRange(from: number, to: number) {
    let fault: unknown;
    for (const [i, node] of nodes.entries()) {
      try {
        const last = await blockOn(node, to);
        if (!last) {
          if (!behind.has(i)) {
            log(
              `${nameOf(i)} has not reached block ${to}: its logs for blocks ${from}..${to} are not used` +
                (i + 1 < nodes.length ? `; asking ${nameOf(i + 1)}.` : "."),
            );
          }
          behind.add(i);
          continue;
        }
        const logs = (await node.getLogs({
          address: options.addresses,
          fromBlock: BigInt(from),
          toBlock: BigInt(to),
        })) as ChainLog[];
        behind.delete(i);
        return { node, last, logs };
      } catch (error) {
        if (isRangeError(error)) throw error;
        fault ??= error;
      }
    }
    throw fault ?? new Error(`No RPC has reached block ${to} yet: trying again.`);
  }

  /**
   * Tells the API processes that the checkpoint moved (their event streams, serve/events.ts): a
   * NOTIFY in the transaction that writes it, delivered when it commits. PGlite's readers poll.
   */
  async function notifyIndexed(tx: Sql, block: number) {
    if (options.db.kind === "postgres") await tx.query("SELECT pg_notify($1, $2)", [INDEXED_CHANNEL, String(block)]);
  }

  async function keptHash(number: number): Promise<string | undefined> {
    const [row] = await options.db.query<{ hash: string }>("SELECT hash FROM block_hashes WHERE block_number = $1", [
      number,
    ]);
    return row?.hash;
  }

  /** Applies at most one block range; returns whether more finalized blocks are waiting. */
  async function step(): Promise<boolean> {
    const state = await readSyncState(options.db);
    if (state && state.chainId !== options.chainId) {
      throw new Error(`The database indexes chain ${state.chainId}, not CHAIN_ID ${options.chainId}.`);
    }
    await checkLayout(options.db, state !== undefined);
    // Another writer went on since (an election changed hands, or reindex swapped the tables
    // in): read its work back.
    if (state && state.blockNumber !== written) applier.forget();
    const [head, checkpoint, kept] = await Promise.all([
      finalizedBlock(),
      state ? blockAt(state.blockNumber) : undefined,
      state ? keptHash(state.blockNumber) : undefined,
    ]);
    const headNumber = Number(head.number);
    if (state) {
      if (kept === undefined && checkpoint) {
        // A checkpoint written before block hashes were kept: its block as the chain has it now.
        await recordHashes(options.db, new Map([[checkpoint.number, checkpoint.hash]]));
      } else if (!checkpoint || checkpoint.hash !== kept) {
        await undoReorg(state, headNumber);
        return true;
      }
      if (headNumber < state.blockNumber) {
        // The node's finalized head is behind a block it still has: wait for it, and say so once.
        if (!lagging) {
          log(
            `The chain's finalized head ${headNumber} is below the indexed block ${state.blockNumber}, ` +
              "which the chain still has: waiting for the node to catch up.",
          );
        }
        lagging = true;
      } else lagging = false;
    }
    const from = state ? state.blockNumber + 1 : options.startBlock;
    if (from > headNumber) {
      await options.db.query("UPDATE sync_state SET head_block = $2, updated_at = $3 WHERE id = $1", [
        STATE_ID,
        headNumber,
        Math.floor(Date.now() / 1000),
      ]);
      options.observer?.polled?.({ head: headNumber, indexed: from - 1, at: Date.now() });
      return false;
    }
    const to = Math.min(headNumber, from + range - 1);
    let read: Awaited<ReturnType<typeof readRange>>;
    try {
      read = await readRange(from, to);
    } catch (error) {
      if (range > 1 && isRangeError(error)) {
        range = Math.max(1, Math.floor(range / 2));
        log(`Block range ${from}..${to} refused; trying ${range} blocks.`);
        return true;
      }
      throw error;
    }
    const { node, last, logs } = read;
    // The blocks with logs (for their timestamps), the range's last block and the checkpoint's,
    // read together from the node that answered the logs (one JSON-RPC batch per 100): it must
    // still have all of them as they were read, and the checkpoint as the store has it;
    // otherwise a reorg came in while the range was read, and the next step sees it.
    const numbers = [...new Set(logs.map((l) => l.blockNumber))];
    const [endBlock, base, ...blocks] = await Promise.all([
      blockOn(node, to),
      state ? blockOn(node, state.blockNumber) : undefined,
      ...numbers.map((n) => blockOn(node, Number(n))),
    ]);
    const hashes = new Map(numbers.map((n, i) => [n, blocks[i]?.hash]));
    if (
      !endBlock ||
      endBlock.hash !== last.hash ||
      (state && base?.hash !== checkpoint?.hash) ||
      logs.some((l) => hashes.get(l.blockNumber) !== l.blockHash)
    ) {
      log(`Blocks ${from}..${to} changed while they were read (a reorg): reading them again.`);
      return true;
    }
    const times = new Map([endBlock, ...blocks].map((b) => [b!.number, b!.timestamp]));
    const timed: TimedLog[] = decodeLogs(logs).map((l) => ({ log: l, time: times.get(l.blockNumber)! }));
    await applier.apply(timed, async (tx) => {
      // Only from the checkpoint this step started at: a writer that finds it moved (another
      // indexer took over meanwhile) rolls back, and its applier reads the tree back.
      const moved = await tx.query(
        `INSERT INTO sync_state (id, chain_id, block_number, block_time, head_block, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET block_number = $3, block_time = $4, head_block = $5, updated_at = $6
         WHERE sync_state.block_number = $7 RETURNING 1`,
        [STATE_ID, options.chainId, to, endBlock.timestamp, headNumber, Math.floor(Date.now() / 1000), from - 1],
      );
      if (moved.length === 0) throw new Error(`Another writer moved the checkpoint from block ${from - 1}.`);
      await recordHashes(tx, new Map([[endBlock.number, endBlock.hash]]));
      await tx.query("DELETE FROM block_hashes WHERE block_number < $1", [to - KEPT_BLOCKS]);
      await notifyIndexed(tx, to);
    });
    written = to;
    options.observer?.applied?.(timed.length);
    options.observer?.polled?.({ head: headNumber, indexed: to, at: Date.now() });
    range = Math.min(options.maxBlockRange, range * 2);
    return to < headNumber;
  }

  /**
   * The chain no longer has the checkpoint's block as indexed: finds the highest kept block it
   * still has (the common ancestor, as far as the store can tell), takes back everything after
   * it, and moves the checkpoint there, in one transaction that also logs the reorg. With no
   * kept block left on the chain (a reset, or a reorg deeper than the hashes kept), everything
   * goes and indexing starts again from the deployment block.
   */
  async function undoReorg(state: SyncState, headNumber: number): Promise<void> {
    const kept = await options.db.query<{ block_number: string; hash: string }>(
      // Ordered by the column, not by the text it is read as (a bare name in ORDER BY is the
      // output column: "10000" < "9999").
      `SELECT block_number::text AS block_number, hash FROM block_hashes
       WHERE block_number < $1 AND block_number <= $2 ORDER BY block_hashes.block_number`,
      [state.blockNumber, headNumber],
    );
    // The kept blocks the chain still has are a prefix of them (a block's hash seals its
    // ancestors): the last of that prefix is found by halving.
    let low = 0;
    let high = kept.length;
    let ancestor: { number: number; time: bigint } | undefined;
    while (low < high) {
      const mid = (low + high) >> 1;
      const block = await blockAt(Number(kept[mid].block_number));
      if (block?.hash === kept[mid].hash) {
        ancestor = { number: Number(block.number), time: block.timestamp };
        low = mid + 1;
      } else high = mid;
    }
    const to = ancestor?.number ?? options.startBlock - 1;
    const depth = state.blockNumber - to;
    const started = performance.now();
    const undone = await applier.rollBack(ancestor ? ancestor.number : null, async (tx) => {
      const moved = ancestor
        ? await tx.query(
            `UPDATE sync_state SET block_number = $2, block_time = $3, head_block = $4, updated_at = $5
             WHERE id = $1 AND block_number = $6 RETURNING 1`,
            [STATE_ID, ancestor.number, ancestor.time, headNumber, Math.floor(Date.now() / 1000), state.blockNumber],
          )
        : await tx.query("DELETE FROM sync_state WHERE id = $1 AND block_number = $2 RETURNING 1", [
            STATE_ID,
            state.blockNumber,
          ]);
      if (moved.length === 0) throw new Error(`Another writer moved the checkpoint from block ${state.blockNumber}.`);
      await tx.query(
        `INSERT INTO indexer_reorgs (from_block, to_block, depth, full_rebuild, handled_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [state.blockNumber, to, depth, !ancestor, Math.floor(Date.now() / 1000)],
      );
      await notifyIndexed(tx, to);
    });
    written = ancestor?.number;
    log(
      `Reorg: the chain no longer has indexed block ${state.blockNumber} (head ${headNumber}); rolled back from ` +
        `block ${state.blockNumber} to block ${to}, depth ${depth}` +
        (ancestor ? "" : " (no kept block is on the chain: indexing again from the deployment block)") +
        `: ${undone.members} members, ${undone.purchases} purchases, ${undone.rows} event rows taken back in ` +
        `${Math.round(performance.now() - started)} ms; applying the chain's blocks from ${to + 1}.`,
    );
  }

  const firstWait = options.retryMs ?? 1000;
  /** The wait after the next rate limit: doubling while the RPC keeps limiting, back to the first after a step. */
  let rateWait = firstWait;

  /**
   * One step, which waits and returns true (more to do) when the RPC limits its requests: rate
   * limits are neither faults nor refused ranges, so they neither shrink the range nor end catchUp.
   */
  async function paced(signal?: AbortSignal): Promise<boolean> {
    try {
      const more = await step();
      rateWait = firstWait;
      return more;
    } catch (error) {
      if (!isRateLimit(error) || signal?.aborted) throw error;
      log(
        `The RPC is limiting requests (${rpcSaid(error)}): ` + `backing off ${rateWait / 1000} s before asking again.`,
      );
      await sleep(rateWait, signal);
      rateWait = Math.min(firstWait * MAX_BACKOFF_FACTOR, rateWait * 2);
      return true;
    }
  }

  /** Steps until nothing finalized is left to apply. */
  async function catchUp(): Promise<void> {
    while (await paced());
  }

  /** The layout refusal last logged: said once, not on every try. */
  let refused: string | undefined;

  /**
   * Runs until `signal` aborts: steps, sleeps `pollMs` when caught up, and backs off
   * (1 s doubling to 30 s) after a fault, which it logs and survives, or a rate limit; while
   * the database does not answer it asks again every second.
   * Returns early, with "refused", when the tables are of another apply code version (a
   * LayoutError, logged once), so that the caller lets go of the indexer lock for reindex.
   */
  async function run(signal: AbortSignal): Promise<"refused" | void> {
    let backoff = firstWait;
    let databaseAway = false;
    while (!signal.aborted) {
      try {
        const more = await paced(signal);
        if (databaseAway) log("The database answers again: indexing resumes.");
        databaseAway = false;
        refused = undefined;
        backoff = firstWait;
        if (!more) await sleep(options.pollMs, signal);
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof LayoutError) {
          if (refused !== error.message) log(error.message);
          refused = error.message;
          written = undefined;
          applier.forget();
          return "refused";
        }
        if (isDatabaseUnavailable(error)) {
          // The database restarting is no fault of the chain's: asked again every second (said
          // once), so that indexing resumes as soon as it answers.
          if (!databaseAway) log(`${(error as Error).message} The indexer waits for it and resumes when it answers.`);
          databaseAway = true;
          await sleep(firstWait, signal);
          continue;
        }
        log(`Indexer fault, retrying in ${backoff / 1000} s: ${error instanceof Error ? error.message : error}`);
        await sleep(backoff, signal);
        backoff = Math.min(firstWait * MAX_BACKOFF_FACTOR, backoff * 2);
      }
    }
  }

  return {
    step,
    catchUp,
    run,
    get range() {
      return range;
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
