import { isIPv4, isIPv6 } from "node:net";
import type { Sql } from "../store/db";

/** Limits count requests in fixed windows of one minute, aligned on the clock (all processes agree). */
export const WINDOW_SECONDS = 60;

export interface Limits {
  /** Requests under /api/ per client address per minute. */
  perIp: number;
  /** Calls of the signed-in endpoints per token per minute. */
  perToken: number;
  /** Sign-in calls (get_address_random, login) per client address per minute. */
  signInPerIp: number;
}

/**
 * Far above what a person does (a screen makes a handful of calls, a sign-in two), so that
 * only a script meets them; an address shared by many people (a carrier's NAT) still has room.
 */
export const DEFAULT_LIMITS: Limits = { perIp: 1200, perToken: 600, signInPerIp: 30 };

/**
 * The permits one lease asks for: a thirty-second of the limit (at most 1,000). A process
 * holds at most this many unused, so across N processes a client may be refused up to
 * N × this many requests before the limit; never after it.
 */
export const leaseSize = (limit: number) => Math.min(1000, Math.max(1, Math.ceil(limit / 32)));

/** One statement for a whole batch of leases: the count after each, to derive what was granted. */
export const LEASE_SQL = `INSERT INTO rate_limits (key, window_start, leased)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
  ON CONFLICT (key, window_start) DO UPDATE SET leased = rate_limits.leased + EXCLUDED.leased
  RETURNING key, window_start::text AS window_start, leased::text AS leased`;

interface Bucket {
  key: string;
  /** Unix seconds at which the bucket's window starts. */
  window: number;
  limit: number;
  /** Permits leased from the database and not yet used. */
  permits: number;
  /** The database granted less than asked: the window's limit is spent, across all processes. */
  spent: boolean;
  /** Requests waiting for the next lease. */
  waiters: ((admitted: boolean) => void)[];
  queued: boolean;
}

export interface LimiterOptions {
  db: Sql;
  /** Milliseconds since the epoch (a test's clock). */
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * Rate limits shared by every API process on one database, by leasing: a process takes
 * permits for a key and window from the database in blocks ({@link leaseSize}) and spends them
 * in memory, so most requests cost a map lookup and no query. The database adds each lease to
 * the window's count atomically and a lease is granted only up to the limit, so all processes
 * together never admit more than the limit in a window (the slack is on the other side: permits
 * one process leased and did not use are not available to another, see {@link leaseSize}).
 * Leases asked for in the same turn of the event loop go in one statement.
 *
 * Fixed windows: a client may spend one window's allowance at its end and the next one's at
 * the start. When the database cannot be reached the requests are let through (and logged):
 * the limits protect the service, they are not what keeps it correct.
 */
export function createLimiter(options: LimiterOptions) {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? (() => undefined);
  const buckets = new Map<string, Bucket>();
  let bucketsWindow = -1;
  let queue: Bucket[] = [];
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();
  let lastFailureWindow = -1;

  const windowAt = (ms: number) => Math.floor(ms / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;

  /**
   * Takes one permit for `key` (at most `limit` per window): true or false at once when this
   * process can tell, else a promise of the database's answer.
   */
  function take(key: string, limit: number): boolean | Promise<boolean> {
    const window = windowAt(now());
    if (window !== bucketsWindow) {
      // Buckets of the past window still waiting on a lease are held by the queue.
      buckets.clear();
      bucketsWindow = window;
    }
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { key, window, limit, permits: 0, spent: false, waiters: [], queued: false };
      buckets.set(key, bucket);
    }
    if (bucket.permits > 0) {
      bucket.permits--;
      return true;
    }
    if (bucket.spent) return false;
    const waiting = bucket;
    return new Promise<boolean>((resolve) => {
      waiting.waiters.push(resolve);
      enqueue(waiting);
    });
  }

  function enqueue(bucket: Bucket) {
    if (bucket.queued) return;
    bucket.queued = true;
    queue.push(bucket);
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => {
        const leasing = lease();
        inFlight.add(leasing);
        void leasing.finally(() => inFlight.delete(leasing));
      });
    }
  }

  async function lease() {
    scheduled = false;
    const batch = queue;
    queue = [];
    const asks = batch.map((b) => Math.min(b.limit, Math.max(leaseSize(b.limit), b.waiters.length)));
    let rows: { key: string; window_start: string; leased: string }[];
    try {
      rows = await options.db.query(LEASE_SQL, [batch.map((b) => b.key), batch.map((b) => b.window), asks]);
    } catch (error) {
      if (lastFailureWindow !== bucketsWindow) {
        lastFailureWindow = bucketsWindow;
        log(`Rate limits cannot be counted (requests are let through): ${(error as Error).message}`);
      }
      for (const bucket of batch) {
        bucket.queued = false;
        for (const waiter of bucket.waiters.splice(0)) waiter(true);
      }
      return;
    }
    const counts = new Map(rows.map((r) => [`${r.window_start} ${r.key}`, Number(r.leased)]));
    batch.forEach((bucket, i) => {
      bucket.queued = false;
      const ask = asks[i];
      const before = (counts.get(`${bucket.window} ${bucket.key}`) ?? ask) - ask;
      const granted = Math.max(0, Math.min(ask, bucket.limit - before));
      if (granted < ask) bucket.spent = true;
      bucket.permits += granted;
      // Requests that came while the lease was on its way are served from it too, or wait
      // for the next one.
      while (bucket.waiters.length > 0 && (bucket.permits > 0 || bucket.spent)) {
        const admitted = bucket.permits > 0;
        if (admitted) bucket.permits--;
        bucket.waiters.shift()!(admitted);
      }
      if (bucket.waiters.length > 0) enqueue(bucket);
    });
  }

  return {
    take,
    /** Whole seconds until the current window ends: the `Retry-After` of a refusal. */
    retryAfter(): number {
      const ms = now();
      return Math.max(1, Math.ceil(((windowAt(ms) + WINDOW_SECONDS) * 1000 - ms) / 1000));
    },
    /** Resolves once no lease is on its way (before the database is closed). */
    async settled(): Promise<void> {
      while (scheduled || inFlight.size > 0) {
        if (scheduled) await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(inFlight);
      }
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/**
 * A request target in origin form (`/path?query`), as the router reads it: an absolute-form
 * target (`http://host/path`, which HTTP/1.1 servers must accept) loses its scheme and
 * authority. Undefined when the router could not read it: its path does not decode (`/api/%zz`),
 * or an absolute form with no authority or with a fragment. Any other form (`*`) is kept as it is.
 */
export function originForm(target: string): string | undefined {
  let path = target;
  if (target.charCodeAt(0) !== 47 /* "/" */) {
    const absolute = /^https?:\/\/([^/?#]*)/i.exec(target);
    if (!absolute) return target;
    if (absolute[1] === "" || target.includes("#")) return undefined;
    path = target.slice(absolute[0].length);
    if (path.charCodeAt(0) !== 47) path = `/${path}`;
  }
  const end = path.search(/[?#]/);
  const bare = end === -1 ? path : path.slice(0, end);
  if (bare.includes("%")) {
    try {
      decodeURI(bare);
    } catch {
      return undefined;
    }
  }
  return path;
}

/**
 * The part of a client address a limit counts by: an IPv4 address, or the /64 network of an
 * IPv6 one (a single subscriber gets a whole /64 and could otherwise change address at will).
 */
export function clientKey(ip: string | undefined): string {
  // A connection already closed has no address left.
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip)) return ip;
  const bare = ip.split("%")[0];
  if (!isIPv6(bare)) return ip.slice(0, 64);
  const [head, tail = ""] = bare.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = bare.includes("::") && tail !== "" ? tail.split(":") : [];
  // An embedded IPv4 address at the end stands for two groups.
  const width = (parts: string[]) => parts.length + (parts.at(-1)?.includes(".") ? 1 : 0);
  const groups = bare.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
