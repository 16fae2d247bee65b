import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { BlockList, isIP } from "node:net";
import { clientKey } from "./limits";

/** How long a connection may take and how many a client may hold (HTTP_* in the configuration). */
export interface ConnectionLimits {
  /** The request's headers must have arrived this long after it began (HTTP_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must have arrived this long after it began (HTTP_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** A connection silent this long, a body that stopped on its way included, is closed (HTTP_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** A kept-alive connection waits this long for its next request (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Connections open at once from one client address, an IPv6 /64 counting as one (HTTP_MAX_CONNECTIONS_PER_CLIENT). */
  maxPerClient: number;
  /** Connections open at once in all (HTTP_MAX_CONNECTIONS): the rest of the process's files stay free. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxPerClient: 256,
  maxConnections: 10_000,
};

/** proxy-addr's named ranges, as TRUST_PROXY accepts them. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** The addresses of TRUST_PROXY's entries (addresses, CIDR ranges, named ranges). */
function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * The API's HTTP server (Fastify's `serverFactory`): Node's header, request, idle and keep-alive
 * timeouts, checked every second (or sooner for short ones), a cap on the connections open at
 * once, and one on those of each client address, whose extra connections are closed as they
 * come. The proxies of `trustedProxies` (TRUST_PROXY) carry every client's connections and
 * are not capped per address.
 */
export function createHttpServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  limits: ConnectionLimits,
  trustedProxies: readonly string[] = [],
): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    handler,
  );
  server.setTimeout(limits.idleTimeoutMs);
  server.maxConnections = limits.maxConnections;
  const proxies = proxyList(trustedProxies);
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (proxies.check(mapped ?? address, isIP(mapped ?? address) === 6 ? "ipv6" : "ipv4")) return;
    const key = clientKey(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.maxPerClient) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
  return server;
}
