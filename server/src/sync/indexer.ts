import { createPublicClient, http, type Address, type PublicClient } from "viem";
import type { Db } from "../store/db";
import { createApplier, decodeLogs, type ChainLog, type TimedLog } from "../apply/apply";

export interface IndexerOptions {
  db: Db;
  rpcUrl: string;
  chainId: number;
  addresses: Address[];
  /** The deployment block: nothing before it concerns the contracts. */
  startBlock: number;
  maxBlockRange: number;
  pollMs: number;
  /** The first wait after a fault, doubling up to 30 times it; 1 s by default. */
  retryMs?: number;
  log?: (line: string) => void;
}

/** The PostgreSQL advisory lock that elects the one writing indexer. */
export const INDEXER_LOCK = 0x64776e; // "dwn"

const STATE_ID = "main";
const MAX_BACKOFF_FACTOR = 30;

export interface SyncState {
  chainId: number;
  blockNumber: number;
  blockTime: number;
  headBlock: number;
}

export async function readSyncState(db: Pick<Db, "query">): Promise<SyncState | undefined> {
  const [row] = await db.query<Record<string, string | number>>(
    "SELECT chain_id, block_number, block_time, head_block FROM sync_state WHERE id = $1",
    [STATE_ID],
  );
  return row
    ? {
        chainId: Number(row.chain_id),
        blockNumber: Number(row.block_number),
        blockTime: Number(row.block_time),
        headBlock: Number(row.head_block),
      }
    : undefined;
}

/** "Too many results" or "range too large" in the words the common RPC providers use. */
export function isRangeError(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /range|too many|too large|limit exceeded|exceed|10000 results|response size|more than/i.test(text);
}

/**
 * Follows the chain's finalized blocks and applies the pool's and staking's events to the
 * store, each block range with its checkpoint in one transaction.
 */
export function createIndexer(options: IndexerOptions) {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { retryCount: 0, batch: { batchSize: 100 } }),
  });
  const log = options.log ?? (() => undefined);
  const applier = createApplier(options.db);
  /** The checkpoint this indexer last wrote: the state its applier's memory reflects. */
  let written: number | undefined;
  let range = options.maxBlockRange;

  async function finalizedBlock() {
    return client.getBlock({ blockTag: "finalized" });
  }

  /** Applies at most one block range; returns whether more finalized blocks are waiting. */
  async function step(): Promise<boolean> {
    const head = await finalizedBlock();
    const state = await readSyncState(options.db);
    if (state && state.chainId !== options.chainId) {
      throw new Error(`The database indexes chain ${state.chainId}, not CHAIN_ID ${options.chainId}.`);
    }
    const from = state ? state.blockNumber + 1 : options.startBlock;
    // Another writer went on since (an election changed hands): read its work back.
    if (state && state.blockNumber !== written) applier.forget();
    const headNumber = Number(head.number);
    if (from > headNumber) {
      await options.db.query("UPDATE sync_state SET head_block = $2 WHERE id = $1", [STATE_ID, headNumber]);
      return false;
    }
    const to = Math.min(headNumber, from + range - 1);
    let logs: ChainLog[];
    try {
      logs = (await client.getLogs({
        address: options.addresses,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      })) as ChainLog[];
    } catch (error) {
      if (range > 1 && isRangeError(error)) {
        range = Math.max(1, Math.floor(range / 2));
        log(`Block range ${from}..${to} refused; trying ${range} blocks.`);
        return true;
      }
      throw error;
    }
    const endBlock = to === headNumber ? head : await client.getBlock({ blockNumber: BigInt(to) });
    // The timestamps of the blocks with logs, fetched together (one JSON-RPC batch per 100).
    const numbers = [...new Set(logs.map((l) => l.blockNumber))].filter((n) => n !== endBlock.number);
    const blocks = await Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber })));
    const times = new Map([endBlock, ...blocks].map((b) => [b.number, b.timestamp]));
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
    });
    written = to;
    range = Math.min(options.maxBlockRange, range * 2);
    return to < headNumber;
  }

  /** Steps until nothing finalized is left to apply. */
  async function catchUp(): Promise<void> {
    while (await step());
  }

  /**
   * Runs until `signal` aborts: steps, sleeps `pollMs` when caught up, and backs off
   * (1 s doubling to 30 s) after a fault, which it logs and survives.
   */
  async function run(signal: AbortSignal): Promise<void> {
    const first = options.retryMs ?? 1000;
    let backoff = first;
    while (!signal.aborted) {
      try {
        const more = await step();
        backoff = first;
        if (!more) await sleep(options.pollMs, signal);
      } catch (error) {
        if (signal.aborted) break;
        log(`Indexer fault, retrying in ${backoff / 1000} s: ${error instanceof Error ? error.message : error}`);
        await sleep(backoff, signal);
        backoff = Math.min(first * MAX_BACKOFF_FACTOR, backoff * 2);
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

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
