import type { Db } from "../store/db";

export interface ReadinessOptions {
  /** Whether this process runs the indexer (SERVER_ROLE all or indexer). */
  indexer: boolean;
  /** The most blocks the indexer may be behind the chain's finalized head (READY_MAX_LAG_BLOCKS). */
  maxLagBlocks: number;
  /** The oldest the indexer's last successful poll may be, in ms (READY_MAX_POLL_AGE_MS). */
  maxPollAgeMs: number;
  /** How long the database may take to answer `SELECT 1`. */
  dbTimeoutMs?: number;
  now?: () => number;
}

export interface Verdict {
  ready: boolean;
  /** What keeps the process from being ready, one sentence each; empty when ready. */
  problems: string[];
}

/**
 * Whether this process is ready for work: its database migrated and answering; for the
 * indexer, its last successful poll recent and its lag behind the chain's finalized head (as
 * that poll read it from the RPC) small. An indexer standing by (another process holds the
 * lock) is ready: it is doing what it should.
 */
export function createReadiness(options: ReadinessOptions) {
  const now = options.now ?? Date.now;
  let db: Pick<Db, "query"> | undefined;
  let standingBy = false;
  let lastPoll: { head: number; indexed: number; at: number } | undefined;

  async function dbAnswers(target: Pick<Db, "query">): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), options.dbTimeoutMs ?? 2000);
    });
    try {
      return await Promise.race([target.query("SELECT 1").then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** The database is open and migrated. */
    migrated(opened: Pick<Db, "query">) {
      db = opened;
    },
    /** The indexer waits on the election's lock (true), or holds it (false). */
    standBy(waiting: boolean) {
      standingBy = waiting;
      if (!waiting) lastPoll = undefined;
    },
    /** The indexer's last successful poll (see IndexerObserver.polled). */
    polled(poll: { head: number; indexed: number; at: number }) {
      lastPoll = poll;
    },
    async check(): Promise<Verdict> {
      if (!db) return { ready: false, problems: ["The database is not migrated yet."] };
      const problems: string[] = [];
      if (!(await dbAnswers(db))) problems.push("The database does not answer.");
      if (options.indexer && !standingBy) {
        if (!lastPoll) problems.push("The indexer has not polled the chain successfully yet.");
        else {
          const age = now() - lastPoll.at;
          if (age > options.maxPollAgeMs) {
            problems.push(
              `The indexer's last successful poll was ${Math.round(age / 1000)} s ago (at most ${options.maxPollAgeMs / 1000} s).`,
            );
          }
          const lag = lastPoll.head - lastPoll.indexed;
          if (lag > options.maxLagBlocks) {
            problems.push(
              `The indexer is ${lag} blocks behind the chain's finalized head ${lastPoll.head} (at most ${options.maxLagBlocks}).`,
            );
          }
        }
      }
      return { ready: problems.length === 0, problems };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
