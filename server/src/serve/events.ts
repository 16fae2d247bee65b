import { PassThrough } from "node:stream";
import type { Db } from "../store/db";

/**
 * The event stream (`GET /api/events`, docs/api.md): tells each signed-in page that its
 * account's figures changed, so that it asks for them again, and nothing more. No figure goes
 * out in the stream, and nothing is stored for it: each API process keeps its open streams in
 * memory, and learns of each batch the indexer applies from the database (LISTEN/NOTIFY on
 * PostgreSQL, a cheap poll of the checkpoint on PGlite).
 *
 * What each topic stands for (the rows of server/src/store/tables.ts the indexer wrote in the
 * blocks of the batch, (previous head, new head]):
 * - "nfts": an `nfts` row whose owner is the account (it bought an NFT; the indexer records
 *   purchases only: transfers change nothing it serves).
 * - "income": an `incomes` row credited to the account (static, generation, direct push,
 *   guarantee: a descendant's purchase credits its ancestors) or an `income_collections` row of
 *   its own (a withdrawal).
 * - "stakes": a `stakes` row of the account (a stake), a `stake_claims` row of it (a claim), or a
 *   `stake_redemptions` row of one of its stakes (a redeem). A renewal writes no row: a stake's
 *   cycles follow from its terms and the chain's time.
 * - "team": a `members` or `team_figures` row of the account or of one of its descendants: a
 *   member bound anywhere below it (friend, community and branch-depth figures), a descendant
 *   bought an NFT (team hashrate, largest leg), its own purchase (own hashrate), or its own bind
 *   (its row appears). The accounts concerned are the binders' and buyers' ancestors: the batch's
 *   members are walked up by their parent pointers (members.jumps[1]) only as far as the highest
 *   account a stream watches, one key read per member and generation, whatever the number of
 *   streams; the indexer wrote a team_figures row for each of those ancestors in the same batch.
 *
 * After a reorg's rollback (the head goes down, or the indexer logged a reorg since the last
 * look) every stream gets all four topics, at the new head.
 */

/** The topics of a `changed` event, in the order they are sent. */
export const TOPICS = ["income", "nfts", "stakes", "team"] as const;
export type Topic = (typeof TOPICS)[number];

export interface EventLimits {
  /** Streams open at once per session token. */
  perSession: number;
  /**
   * Streams open at once per address, over all its sessions: one address signing in again and
   * again cannot take the process's streams from everyone else.
   */
  perAddress: number;
  /** Streams open at once in this process. */
  perProcess: number;
  /**
   * The head again this often (ms), as the stream's keep-alive: an event, not a comment line,
   * because EventSource never shows comments to the page, which tells a stream a proxy buffers
   * from a quiet chain by the events it gets.
   */
  keepAliveMs: number;
  /** On PGlite (one process, no NOTIFY to another): how often the checkpoint is read (ms). */
  pollMs: number;
  /** On PostgreSQL: how often the checkpoint is read besides NOTIFY, in case one was missed (ms). */
  fallbackPollMs: number;
}

export const DEFAULT_EVENT_LIMITS: EventLimits = {
  perSession: 5,
  perAddress: 10,
  perProcess: 5_000,
  keepAliveMs: 15_000,
  pollMs: 300,
  fallbackPollMs: 5_000,
};

/** The channel the indexer NOTIFYs (PostgreSQL), in the transaction that moves the checkpoint. */
export const INDEXED_CHANNEL = "dwn_indexed";

/** One `changed` row of the batch's query: an account, a topic and the highest block that touched it. */
interface ChangeRow {
  address: string;
  topic: Topic;
  block: string;
}

/**
 * The accounts among `$1` (lower-case addresses) that the blocks `$2 + 1 .. $3` touched, by topic,
 * with the highest block of each (see the topics above). The batch's event rows are found by
 * block: the logs applied in those blocks (applied_logs' key) lead to the income, collection,
 * claim and redemption rows by theirs; purchases, stakes and binds by their block's index
 * (migration 17).
 */
export const CHANGES_SQL = `WITH RECURSIVE
  w AS (SELECT m.id, m.depth, m.address FROM members m WHERE m.address = ANY($1::text[])),
  logs AS (SELECT tx_hash, log_index FROM applied_logs WHERE block_number > $2 AND block_number <= $3),
  bought AS (SELECT owner, block_number FROM nfts WHERE block_number > $2 AND block_number <= $3),
  direct (address, topic, block) AS (
    SELECT owner, 'nfts', block_number FROM bought
    UNION ALL SELECT i.address, 'income', i.block_number FROM logs l
      JOIN incomes i ON i.tx_hash = l.tx_hash AND i.log_index = l.log_index
    UNION ALL SELECT c.address, 'income', c.block_number FROM logs l
      JOIN income_collections c ON c.tx_hash = l.tx_hash AND c.log_index = l.log_index
    UNION ALL SELECT address, 'stakes', block_number FROM stakes WHERE block_number > $2 AND block_number <= $3
    UNION ALL SELECT c.address, 'stakes', c.block_number FROM logs l
      JOIN stake_claims c ON c.tx_hash = l.tx_hash AND c.log_index = l.log_index
    UNION ALL SELECT s.address, 'stakes', r.block_number FROM logs l
      JOIN stake_redemptions r ON r.tx_hash = l.tx_hash AND r.log_index = l.log_index JOIN stakes s ON s.id = r.stake_id
  ),
  touched AS (
    SELECT m.id, m.depth, max(x.block) AS block FROM (
      SELECT address, bind_block AS block FROM members WHERE bind_block > $2 AND bind_block <= $3
      UNION ALL SELECT owner, block_number FROM bought
    ) x JOIN members m ON m.address = x.address GROUP BY m.id, m.depth
  ),
  up (id, depth, block) AS (
    SELECT id, depth, block FROM touched
    UNION
    SELECT m.jumps[1], up.depth - 1, up.block FROM up JOIN members m ON m.id = up.id
    WHERE up.depth > (SELECT min(w.depth) FROM w)
  )
SELECT address, topic, max(block)::text AS block FROM (
  SELECT address, topic, block FROM direct WHERE address = ANY($1::text[])
  UNION ALL SELECT w.address, 'team', up.block FROM up JOIN w ON w.id = up.id
) x GROUP BY address, topic`;

/** The indexed head and how many reorgs the indexer has handled. */
const HEAD_SQL = `SELECT COALESCE((SELECT block_number FROM sync_state WHERE id = 'main'), 0)::text AS block,
  COALESCE((SELECT max(id) FROM indexer_reorgs), 0)::integer AS reorgs`;

interface Stream {
  address: string;
  session: string;
  out: PassThrough;
}

export interface EventsOptions {
  db: Db;
  limits?: Partial<EventLimits>;
  log?: (line: string) => void;
}

/** Why a stream was not opened. */
export type Refused = "perSession" | "perAddress" | "perProcess";

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The process's open streams and what it knows of the indexed head. Reads the head once per wake
 * (a NOTIFY, or a poll), and for each advance one query for every stream together.
 */
export function createEvents(options: EventsOptions) {
  const limits: EventLimits = { ...DEFAULT_EVENT_LIMITS, ...options.limits };
  const log = options.log ?? (() => undefined);
  const { db } = options;
  const streams = new Set<Stream>();
  const byAccount = new Map<string, Set<Stream>>();
  const bySession = new Map<string, number>();
  let head: { block: bigint; reorgs: number } | undefined;
  /**
   * The head the streams were last told, after the changes up to it: what the keep-alive repeats
   * and a new stream starts from. A check reads the head, then the changes up to it: until it has
   * told them, a keep-alive must not say the new head, or a client would take the changes sent
   * after it for changes after that head.
   */
  let told: bigint | undefined;
  let starting: Promise<void> | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  let listening: { close(): Promise<void>; lost: AbortSignal } | undefined;
  /** The check under way, and whether another was asked for meanwhile. */
  let checking: Promise<void> | undefined;
  let again = false;
  let faultSaid = 0;

  function send(stream: Stream, text: string) {
    if (!stream.out.writableEnded) stream.out.write(text);
  }

  async function readHead() {
    const [row] = await db.query<{ block: string; reorgs: number }>(HEAD_SQL);
    return { block: BigInt(row.block), reorgs: Number(row.reorgs) };
  }

  /** Reads the head; when it moved, tells the streams (changed, then head). */
  async function check(): Promise<void> {
    const now = await readHead();
    const before = head;
    head = now;
    if (!before || streams.size === 0) {
      // No stream to tell: one opened from now on starts here.
      told = now.block;
      return;
    }
    if (now.reorgs !== before.reorgs || now.block < before.block) {
      const changed = frame("changed", { block: now.block.toString(), topics: [...TOPICS] });
      const headFrame = frame("head", { block: now.block.toString() });
      for (const stream of streams) send(stream, changed + headFrame);
      told = now.block;
      return;
    }
    if (now.block === before.block) return;
    const accounts = [...byAccount.keys()];
    let rows: ChangeRow[];
    try {
      rows = await db.query<ChangeRow>(CHANGES_SQL, [accounts, before.block.toString(), now.block.toString()]);
    } catch (error) {
      // Not told yet: the next check asks for the same blocks again.
      if (head === now) head = before;
      throw error;
    }
    const changes = new Map<string, { block: bigint; topics: Set<Topic> }>();
    for (const row of rows) {
      const change = changes.get(row.address) ?? { block: 0n, topics: new Set<Topic>() };
      change.topics.add(row.topic);
      if (BigInt(row.block) > change.block) change.block = BigInt(row.block);
      changes.set(row.address, change);
    }
    const headFrame = frame("head", { block: now.block.toString() });
    for (const stream of streams) {
      const change = changes.get(stream.address);
      const changed = change
        ? frame("changed", { block: change.block.toString(), topics: TOPICS.filter((t) => change.topics.has(t)) })
        : "";
      send(stream, changed + headFrame);
    }
    told = now.block;
  }

  /** Runs a check now, or once more after the one under way. */
  function wake() {
    if (closed) return;
    if (checking) {
      again = true;
      return;
    }
    checking = check()
      .catch((error: unknown) => {
        if (Date.now() - faultSaid > 10_000) {
          faultSaid = Date.now();
          log(`Event stream: the indexed head could not be read: ${(error as Error).message}`);
        }
      })
      .finally(() => {
        checking = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  async function listen() {
    if (!db.listen || closed) return;
    try {
      listening = await db.listen(INDEXED_CHANNEL, wake);
      if (closed) await listening.close();
      // Notifications sent while the connection was away: read the head once it is back.
      else wake();
    } catch (error) {
      listening = undefined;
      if (Date.now() - faultSaid > 10_000) {
        faultSaid = Date.now();
        log(`Event stream: cannot LISTEN for the indexer (${(error as Error).message}); polling meanwhile.`);
      }
    }
  }

  /** Starts following the head, with the first stream; a start that failed is tried again by the next. */
  function start(): Promise<void> {
    starting ??= begin().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  async function begin() {
    head ??= await readHead();
    told ??= head.block;
    const pglite = !db.listen;
    if (!pglite) await listen();
    if (closed) return;
    timer = setInterval(
      () => {
        if (!pglite && (!listening || listening.lost.aborted)) void listen();
        wake();
      },
      pglite ? limits.pollMs : limits.fallbackPollMs,
    );
    timer.unref();
    keepAlive = setInterval(() => {
      if (told !== undefined) {
        const repeated = frame("head", { block: told.toString() });
        for (const stream of streams) send(stream, repeated);
      }
      void endSignedOut();
    }, limits.keepAliveMs);
    keepAlive.unref();
  }

  /**
   * Ends the streams whose session ended (signed out, or expired) since they opened: one query
   * for all of them, with each keep-alive.
   */
  async function endSignedOut() {
    const sessions = [...bySession.keys()];
    if (sessions.length === 0) return;
    try {
      const live = await db.query<{ token_hash: string }>(
        "SELECT token_hash FROM sessions WHERE token_hash = ANY($1::text[]) AND expires_at > $2",
        [sessions, Math.floor(Date.now() / 1000)],
      );
      const kept = new Set(live.map((row) => row.token_hash));
      for (const stream of [...streams]) {
        if (kept.has(stream.session)) continue;
        remove(stream);
        stream.out.end();
      }
    } catch {
      // The database is away: checked again with the next keep-alive.
    }
  }

  function remove(stream: Stream) {
    if (!streams.delete(stream)) return;
    const mine = byAccount.get(stream.address);
    mine?.delete(stream);
    if (mine?.size === 0) byAccount.delete(stream.address);
    const left = (bySession.get(stream.session) ?? 1) - 1;
    if (left > 0) bySession.set(stream.session, left);
    else bySession.delete(stream.session);
  }

  return {
    /** Whether a stream for `address` and `session` (the token's hash) may open now; undefined when it may. */
    refusal(address: string, session: string): Refused | undefined {
      if (streams.size >= limits.perProcess) return "perProcess";
      if ((bySession.get(session) ?? 0) >= limits.perSession) return "perSession";
      if ((byAccount.get(address)?.size ?? 0) >= limits.perAddress) return "perAddress";
      return undefined;
    },
    /**
     * Opens a stream for `address`, counted against `session`: its body, which begins with the
     * head. Destroying it (the client went away) forgets the stream.
     */
    async open(address: string, session: string): Promise<PassThrough> {
      await start();
      const out = new PassThrough();
      // The server is closing: a stream that ends at once (EventSource opens another, elsewhere).
      if (closed) {
        out.end();
        return out;
      }
      const stream: Stream = { address, session, out };
      streams.add(stream);
      let mine = byAccount.get(address);
      if (!mine) byAccount.set(address, (mine = new Set()));
      mine.add(stream);
      bySession.set(session, (bySession.get(session) ?? 0) + 1);
      out.on("close", () => remove(stream));
      send(stream, frame("head", { block: (told ?? 0n).toString() }));
      return out;
    },
    /** Streams open now. */
    get size() {
      return streams.size;
    },
    /** Ends every stream and stops following the head (the server closes). */
    async close() {
      closed = true;
      clearInterval(timer);
      clearInterval(keepAlive);
      for (const stream of [...streams]) {
        remove(stream);
        stream.out.end();
      }
      await checking;
      await listening?.close();
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
