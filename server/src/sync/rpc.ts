import { fallback, http, type HttpTransport, type HttpTransportConfig, type PublicClient, type Transport } from "viem";

/**
 * viem's HTTP transport that also tells `onError` the JSON-RPC method of each request that
 * failed (after viem's own retries): no answer, an HTTP error, or an error reply.
 */
export function observedHttp(
  url: string,
  config: HttpTransportConfig,
  onError?: (method: string) => void,
): HttpTransport {
  const transport = http(url, config);
  if (!onError) return transport;
  return ((params) => {
    const inner = transport(params);
    const request: typeof inner.request = async (args, options) => {
      try {
        return await inner.request(args, options);
      } catch (error) {
        onError(args.method);
        throw error;
      }
    };
    return { ...inner, request };
  }) as HttpTransport;
}

/**
 * The chain's finalized head as the RPC answers, asked at most once per `maxAgeMs` however
 * many callers want it (callers meanwhile share the last answer or the request on the way);
 * undefined when the RPC did not answer.
 */
export function finalizedHeadReader(client: Pick<PublicClient, "getBlock">, maxAgeMs: number) {
  let last: { at: number; head: Promise<number | undefined> } | undefined;
  return (): Promise<number | undefined> => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) {
      last = {
        at: now,
        head: client.getBlock({ blockTag: "finalized" }).then(
          (block) => Number(block.number),
          () => undefined,
        ),
      };
    }
    return last.head;
  };
}

/**
 * The transport over the server's RPCs (RPC_URL, in order of preference): one URL as
 * `observedHttp` alone, several behind viem's `fallback`, which asks the next when one fails.
 */
export function rpcTransport(
  urls: readonly string[],
  config: HttpTransportConfig,
  onError?: (method: string) => void,
): Transport {
  const transports = urls.map((url) => observedHttp(url, config, onError));
  return transports.length === 1 ? transports[0] : fallback(transports, { retryCount: 0 });
}

/** The error's own words and its causes': the RPC's message (viem's `details`) before viem's. */
function errorChain(error: unknown): { texts: string[]; statuses: number[] } {
  const texts: string[] = [];
  const statuses: number[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 8; depth += 1) {
    if (typeof e !== "object") {
      texts.push(String(e));
      break;
    }
    const { details, message, status, cause } = e as {
      details?: unknown;
      message?: unknown;
      status?: unknown;
      cause?: unknown;
    };
    if (typeof details === "string") texts.push(details);
    else if (typeof message === "string") texts.push(message);
    if (typeof status === "number") statuses.push(status);
    e = cause;
  }
  return { texts, statuses };
}

/** A refused block range: too many blocks, results or bytes for one eth_getLogs. */
const RANGE_WORDS =
  /block range|blocks range|range (is )?too (large|wide|big)|limited to .*range|range limit|\d+ results|more than \d+|response size|too many (results|logs|blocks)|too large/i;
/** A provider limiting how often it is asked. */
const RATE_WORDS =
  /limit exceeded|too many requests|rate[ -]?limit|request rate|exceeded .*(capacity|quota|credits)|quota|\b429\b/i;

/**
 * A provider limiting how often it is asked, in the words the common ones use: HTTP 429,
 * "limit exceeded" (BNB Chain's public nodes, JSON-RPC -32005), "too many requests", "rate
 * limit", a spent quota or capacity. A message about a block range is a refused range instead
 * (`isRangeError`), whatever else it says ("block range limit exceeded").
 */
export function isRateLimit(error: unknown): boolean {
  const { texts, statuses } = errorChain(error);
  if (statuses.includes(429)) return true;
  return !texts.some((text) => RANGE_WORDS.test(text)) && texts.some((text) => RATE_WORDS.test(text));
}

/** What the RPC said, in a few words for a log line: "HTTP 429", or its own message. */
export function rpcSaid(error: unknown): string {
  const { texts, statuses } = errorChain(error);
  const status = statuses.find((code) => code >= 400);
  return status !== undefined ? `HTTP ${status}` : (texts[0] ?? "no answer").split("\n")[0];
}

/** "Too many results" or "range too large" in the words the common RPC providers use; never a 429. */
export function isRangeError(error: unknown): boolean {
  const { texts, statuses } = errorChain(error);
  return !statuses.includes(429) && texts.some((text) => RANGE_WORDS.test(text));
}
