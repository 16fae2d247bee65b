import { parseChanged, parseHead, type LiveChange } from "./events";

/** What the connection uses of an EventSource: the browser's, or a test's stand-in. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

/** The backoff's first ceiling: a reconnect after the first failure waits up to 1 s. */
export const BACKOFF_BASE_MS = 1_000;
/** The backoff's highest ceiling: a stream that keeps failing is tried again at most a minute apart. */
export const BACKOFF_CAP_MS = 60_000;
/**
 * A stream with no event for this long is taken for one a proxy buffers (or a connection that
 * died quietly): the server sends the head on opening and on every block it indexes.
 */
export const SILENCE_MS = 45_000;

export interface LiveConnectionOptions {
  url: string;
  /** Opens the stream; the browser's EventSource unless a test gives its own. */
  open?: OpenEventSource;
  /** A number in [0, 1): the backoff's jitter. */
  random?: () => number;
  onHead(block: bigint): void;
  onChanged(change: LiveChange): void;
  /** True once the stream delivers; false when it fails, falls silent or is closed. */
  onHealthy(healthy: boolean): void;
  /** The stream delivers again after it had failed: what changed meanwhile was not told. */
  onResumed(): void;
}

/**
 * How long a reconnect waits after `failures` failures in a row (0 for the first): full jitter,
 * a uniform draw in [0, min(cap, base · 2^failures)], so that clients a restart of the API
 * dropped at once come back spread out instead of all together.
 */
export function backoffDelay(failures: number, random: () => number): number {
  return random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** failures);
}

/**
 * Keeps one stream of live events open at `url` until the returned function closes it. A stream
 * that errs (before or after opening: the API away, a 401 or 429, the network) or falls silent for
 * {@link SILENCE_MS} is closed and opened again after {@link backoffDelay}; the browser's own
 * reconnect, at a fixed delay, is not left to run. The stream is healthy from its first event to
 * its failure, and that first event resets the backoff: an open that delivers nothing (a
 * buffering proxy) is no success.
 */
export function connectLive(options: LiveConnectionOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const random = options.random ?? Math.random;
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let healthy = false;
  let everHealthy = false;
  let closed = false;

  const wait = (ms: number, then: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(then, ms);
  };

  const setHealthy = (value: boolean) => {
    if (healthy === value) return;
    healthy = value;
    options.onHealthy(value);
  };

  const fail = () => {
    source?.close();
    source = undefined;
    setHealthy(false);
    wait(backoffDelay(failures, random), connect);
    failures += 1;
  };

  /** Every event shows the stream flows: the silence is counted again from it. */
  const delivered = (from: EventSourceLike) => {
    if (from !== source) return false;
    wait(SILENCE_MS, fail);
    if (!healthy) {
      failures = 0;
      setHealthy(true);
      if (everHealthy) options.onResumed();
      everHealthy = true;
    }
    return true;
  };

  function connect() {
    if (closed) return;
    const current = open(options.url);
    source = current;
    wait(SILENCE_MS, fail);
    current.addEventListener("head", (event) => {
      if (!delivered(current)) return;
      const block = parseHead(event.data);
      if (block !== undefined) options.onHead(block);
    });
    current.addEventListener("changed", (event) => {
      if (!delivered(current)) return;
      const change = parseChanged(event.data);
      if (change) options.onChanged(change);
    });
    current.addEventListener("error", () => {
      if (current === source) fail();
    });
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = undefined;
    setHealthy(false);
  };
}
