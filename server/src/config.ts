import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deployments } from "@dwn/contracts";
import { DEVNET_CHAIN_ID, readDevnetRecord } from "@dwn/contracts/devnet";
import type { Address } from "viem";
import { redactUrls } from "./ops/redact";
import type { DbTarget } from "./store/db";
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from "./serve/connections";
import { DEFAULT_EVENT_LIMITS, type EventLimits } from "./serve/events";

export interface ChainConfig {
  id: number;
  name: string;
  /** The RPCs the server reads, in order of preference (RPC_URL, comma-separated); the first of `rpcUrls`. */
  rpcUrl: string;
  rpcUrls: string[];
  /** The RPC a wallet is told to add (the wrong-network popup shows it). */
  publicRpcUrl: string;
  /**
   * Further public RPCs the web app's reads fall back to, in order, when the one before fails:
   * PUBLIC_RPC_URL's after its first, then FALLBACK_RPC_URLS.
   */
  fallbackRpcUrls: string[];
  currency: { name: string; symbol: string; decimals: number };
  explorer: string;
}

export interface DeploymentConfig {
  chainId: number;
  startBlock: number;
  root: Address;
  contracts: {
    usdt: Address;
    dwn9: Address;
    dwn: Address;
    a8: Address;
    udbk: Address;
    pool: Address;
    staking: Address;
    /** The TimelockController that owns the pool and staking, where the deployment has one. */
    timelock?: Address;
  };
}

export interface ServerConfig {
  runApi: boolean;
  runIndexer: boolean;
  host: string;
  port: number;
  /** Where the embedded database, the API key pair and other local state live. */
  dataDir: string;
  db: DbTarget;
  chain: ChainConfig;
  deployment: DeploymentConfig;
  /** The site's origin: the sign-in message's domain and URI. */
  publicOrigin: string;
  /** `small_performance` (18-decimal hashrate) a member needs for levels 1..5, ascending. */
  levelThresholds: readonly bigint[];
  indexer: { pollMs: number; maxBlockRange: number };
  /** The built web app served under /chain/, when it exists. */
  webDir: string;
  /** PEM of the API's RSA key (every API process of a deployment shares it); else kept in dataDir. */
  apiPrivateKey?: string;
  /** Requests allowed per minute: per client address, per token, sign-in calls per client address. */
  limits: { perIp: number; perToken: number; signInPerIp: number };
  /** The proxies whose X-Forwarded-For names the client: addresses or CIDR ranges; empty: none. */
  trustProxy: string[];
  /** The ERC-1271 check of a contract account's signature: its gas cap and its timeout. */
  signInCheck: { gas: bigint; timeoutMs: number };
  /** WalletConnect's project id (cloud.reown.com); undefined: the web app does not offer it. */
  walletConnectProjectId?: string;
  /**
   * The health port (/health, /ready, /metrics), never the public one. Ready means: migrations
   * done and the database answers; for the indexer, its lag behind the chain's finalized head is
   * at most `maxLagBlocks` and its last successful poll at most `maxPollAgeMs` old.
   */
  health: { host: string; port: number; maxLagBlocks: number; maxPollAgeMs: number };
  /** pino's level for the JSON log lines on standard output. */
  logLevel: LogLevel;
  /** The API's connection timeouts and caps (HTTP_*). */
  connections: ConnectionLimits;
  /** The event stream's caps and keep-alive (EVENTS_*); its polling keeps its defaults. */
  events: Pick<EventLimits, "perSession" | "perAddress" | "perProcess" | "keepAliveMs">;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** proxy-addr's names of address ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** An IPv4 or IPv6 address, optionally with a /prefix of its family's width. */
function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** An IPv4 or IPv6 address as a number in IPv6's space (IPv4 as its IPv4-mapped form, ::ffff:a.b.c.d). */
function addressNumber(address: string): bigint {
  const v4 = (text: string): bigint => text.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  if (isIP(address) === 4) return (0xffffn << 32n) | v4(address);
  let text = address.split("%")[0];
  let low: bigint | undefined;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    low = v4(dotted[1]);
    text = text.slice(0, -dotted[1].length) + "0:0";
  }
  const [head, tail] = text.split("::");
  const groups = (part: string | undefined): string[] => (part ? part.split(":").filter((g) => g !== "") : []);
  const before = groups(head);
  const after = groups(tail);
  const all = [...before, ...Array<string>(8 - before.length - after.length).fill("0"), ...after];
  const n = all.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
  return low === undefined ? n : n | low;
}

/** The first and last addresses of an address or CIDR range, in IPv6's space. */
function rangeBounds(entry: string): [bigint, bigint] {
  const [address, prefix] = entry.split("/");
  const width = isIP(address) === 4 ? 32 : 128;
  const bits = BigInt(128 - (width - Number(prefix ?? width)));
  const size = 1n << (128n - bits);
  const start = (addressNumber(address) / size) * size;
  return [start, start + size - 1n];
}

/**
 * The address spaces a list of TRUST_PROXY entries covers in full, among every IPv4 address and
 * every global IPv6 address (2000::/3, all of IPv6's internet); undefined when it covers neither.
 */
export function trustsEveryone(entries: readonly string[]): string | undefined {
  const ranges = entries
    .filter((entry) => !RANGE_NAMES.includes(entry))
    .map(rangeBounds)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const covers = ([low, high]: [bigint, bigint]): boolean => {
    let next = low;
    for (const [start, end] of ranges) {
      if (start > next) break;
      if (end + 1n > next) next = end + 1n;
      if (next > high) return true;
    }
    return false;
  };
  const spaces = [
    ...(covers(rangeBounds("0.0.0.0/0")) ? ["every IPv4 address"] : []),
    ...(covers(rangeBounds("2000::/3")) ? ["every IPv6 address on the internet"] : []),
  ];
  return spaces.length > 0 ? spaces.join(" and ") : undefined;
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const KNOWN_CHAINS: Record<
  number,
  Omit<ChainConfig, "rpcUrl" | "rpcUrls" | "publicRpcUrl" | "fallbackRpcUrls"> & { publicRpc?: string }
> = {
  // No public RPC built in: on BNB Smart Chain the operator names the ones browsers use.
  56: {
    id: 56,
    name: "BNB Smart Chain",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
    explorer: "https://bscscan.com",
  },
  31337: {
    id: 31337,
    name: "DWN Devnet",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
    explorer: "",
  },
};

/** The RPC browsers get without PUBLIC_RPC_URL: the chain's public one, or a local devnet's. */
export function publicRpcFallback(chainId: number, rpcUrl: string): string | undefined {
  return KNOWN_CHAINS[chainId]?.publicRpc ?? (isLoopbackUrl(rpcUrl) ? rpcUrl : undefined);
}

/**
 * Whether an RPC URL carries credentials a browser must never see: a user name or password, a
 * query string, or a path segment that looks like a provider's key (16 or more letters, digits,
 * `-` or `_`, a digit among them), as in `https://…/v3/<key>`.
 */
export function carriesCredentials(raw: string): boolean {
  try {
    const url = new URL(raw);
    if (url.username || url.password || url.search) return true;
    return url.pathname.split("/").some((segment) => /^[\w-]{16,}$/.test(segment) && /\d/.test(segment));
  } catch {
    return false;
  }
}

/** Whether a URL names this machine (a local devnet), where no key can be exposed. */
function isLoopbackUrl(raw: string): boolean {
  try {
    const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || (isIP(host) === 4 && host.startsWith("127."));
  } catch {
    return false;
  }
}

/** Reads and validates the configuration; every problem is one sentence naming its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}; it is "${raw}".`);
      return fallback;
    }
    return value;
  };
  const checked = (label: string, raw: string): string => {
    try {
      new URL(raw);
    } catch {
      problems.push(`${label} must be a URL; it is "${raw}".`);
    }
    return raw;
  };
  const url = (name: string, fallback: string): string => checked(name, env[name] || fallback);
  /** A comma-separated list of URLs; a single one is checked as `url` checks it. */
  const urls = (name: string, fallback: string): string[] => {
    const list = (env[name] || fallback)
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    if (list.length <= 1) return [checked(name, list[0] ?? "")];
    return list.map((entry, i) => checked(`${name}[${i}]`, entry));
  };

  const roles = (env.SERVER_ROLE ?? "all").split(",").map((r) => r.trim());
  if (roles.some((r) => !["all", "api", "indexer"].includes(r))) {
    problems.push(`SERVER_ROLE must be "all", "api" or "indexer"; it is "${env.SERVER_ROLE}".`);
  }
  const port = int("PORT", 8080, 0, 65535);
  const devnetPort = int("DEVNET_PORT", 8545, 1, 65535);
  const chainId = int("CHAIN_ID", 31337, 1, 2 ** 31 - 1);
  const known = KNOWN_CHAINS[chainId];
  if (!known && !env.CHAIN_NAME) problems.push(`CHAIN_NAME is not set: chain ${chainId} has no built-in name.`);
  const rpcUrls = urls("RPC_URL", `http://127.0.0.1:${devnetPort}`);
  // The server's RPC may carry a provider's key: it reaches browsers (/api/config, the preconnect
  // header) only when it is a local devnet's. Elsewhere browsers get PUBLIC_RPC_URL, else the
  // chain's public endpoint where one is built in.
  const publicFallback = publicRpcFallback(chainId, rpcUrls[0]);
  if (!env.PUBLIC_RPC_URL && (chainId === 56 || publicFallback === undefined)) {
    problems.push(
      chainId === 56
        ? "PUBLIC_RPC_URL is not set: on BNB Smart Chain (56) it is required, the public RPC URLs browsers use (comma-separated, such as https://bsc-dataseed.bnbchain.org), since RPC_URL may carry a provider's key and is never sent to browsers."
        : `PUBLIC_RPC_URL is not set: chain ${chainId} has no built-in public RPC, and RPC_URL (which may carry a provider's key) is never sent to browsers; set PUBLIC_RPC_URL to a public endpoint of the chain.`,
    );
  }
  const publicRpcUrls = urls("PUBLIC_RPC_URL", publicFallback ?? rpcUrls[0]);
  for (const leak of publicRpcUrls.filter((u) => rpcUrls.includes(u) && carriesCredentials(u))) {
    problems.push(
      `PUBLIC_RPC_URL must differ from RPC_URL: "${redactUrls(leak)}…" carries credentials (a user name or password, a query string or a key in its path), and PUBLIC_RPC_URL is sent to every browser; name a public endpoint instead.`,
    );
  }
  const fallbackRpcUrls = (env.FALLBACK_RPC_URLS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry, i) => checked(`FALLBACK_RPC_URLS[${i}]`, entry));
  const chain: ChainConfig = {
    id: chainId,
    name: env.CHAIN_NAME || known?.name || "",
    rpcUrl: rpcUrls[0],
    rpcUrls,
    publicRpcUrl: publicRpcUrls[0],
    fallbackRpcUrls: [...new Set([...publicRpcUrls.slice(1), ...fallbackRpcUrls])],
    currency: known?.currency ?? { name: "BNB", symbol: "BNB", decimals: 18 },
    explorer: env.EXPLORER_URL ?? known?.explorer ?? "",
  };

  // The devnet's record is the one its last start wrote in the data folder (a fresh devnet's
  // before any ran there); a real chain's is committed in @dwn/contracts.
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO, ".data"));
  const record =
    chainId === DEVNET_CHAIN_ID
      ? readDevnetRecord(dataDir)
      : (deployments as Record<number, DeploymentConfig | undefined>)[chainId];
  if (!record) problems.push(`CHAIN_ID ${chainId} has no deployment in @dwn/contracts: deploy the contracts first.`);

  const thresholds = (env.LEVEL_THRESHOLDS ?? "0,1000,5000,20000,100000").split(",").map((t) => t.trim());
  let levelThresholds: bigint[] = [];
  if (thresholds.length !== 5 || thresholds.some((t) => !/^\d+$/.test(t))) {
    problems.push(
      `LEVEL_THRESHOLDS must be five whole numbers of hashrate (in whole tokens), ascending; it is "${env.LEVEL_THRESHOLDS}".`,
    );
  } else {
    levelThresholds = thresholds.map((t) => BigInt(t) * 10n ** 18n);
    if (levelThresholds.some((t, i) => i > 0 && t < levelThresholds[i - 1])) {
      problems.push(`LEVEL_THRESHOLDS must be ascending; it is "${env.LEVEL_THRESHOLDS}".`);
    }
  }

  const limits = {
    perIp: int("API_PER_MINUTE_PER_IP", 1200, 1, 10_000_000),
    perToken: int("API_PER_MINUTE_PER_TOKEN", 600, 1, 10_000_000),
    signInPerIp: int("SIGN_IN_PER_MINUTE", 30, 1, 100_000),
  };
  const signInCheck = {
    gas: BigInt(int("SIGN_IN_CHECK_GAS", 1_000_000, 21_000, 30_000_000)),
    timeoutMs: int("SIGN_IN_CHECK_TIMEOUT_MS", 5000, 100, 60_000),
  };
  const trustProxy = (env.TRUST_PROXY ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (trustProxy.some((entry) => !isAddressOrRange(entry))) {
    problems.push(
      `TRUST_PROXY must list the addresses or CIDR ranges of your proxies (or loopback, linklocal, uniquelocal), comma-separated; it is "${env.TRUST_PROXY}". Anything broader would let a client choose the address its limits count.`,
    );
  }
  const everyone = trustProxy.every(isAddressOrRange) ? trustsEveryone(trustProxy) : undefined;
  if (everyone !== undefined) {
    problems.push(
      `TRUST_PROXY must list only your proxies; "${env.TRUST_PROXY}" trusts ${everyone}, which would let any client choose the address its limits count.`,
    );
  }
  const walletConnectProjectId = env.WALLETCONNECT_PROJECT_ID?.trim() || undefined;
  if (walletConnectProjectId !== undefined && !/^[0-9a-f]{32}$/i.test(walletConnectProjectId)) {
    problems.push(
      `WALLETCONNECT_PROJECT_ID must be the 32 hexadecimal characters of a project id from cloud.reown.com; it is "${env.WALLETCONNECT_PROJECT_ID}".`,
    );
  }
  const indexer = {
    pollMs: int("INDEXER_POLL_MS", 1000, 10, 600_000),
    maxBlockRange: int("INDEXER_MAX_BLOCK_RANGE", 2000, 1, 1_000_000),
  };
  const health = {
    host: env.HEALTH_HOST || "127.0.0.1",
    port: int("HEALTH_PORT", 9464, 0, 65535),
    maxLagBlocks: int("READY_MAX_LAG_BLOCKS", 50, 0, 1_000_000),
    // A poll every INDEXER_POLL_MS: three missed in a row, and never less than a minute.
    maxPollAgeMs: int("READY_MAX_POLL_AGE_MS", Math.max(60_000, 3 * indexer.pollMs), 100, 86_400_000),
  };
  if (health.port !== 0 && health.port === port) {
    problems.push(`HEALTH_PORT must differ from PORT (${port}): the health port is never the public one.`);
  }
  if (!isIP(health.host) && health.host !== "localhost") {
    problems.push(`HEALTH_HOST must be an IP address to listen on (or localhost); it is "${env.HEALTH_HOST}".`);
  }
  const connections: ConnectionLimits = {
    headersTimeoutMs: int("HTTP_HEADERS_TIMEOUT_MS", DEFAULT_CONNECTION_LIMITS.headersTimeoutMs, 100, 600_000),
    requestTimeoutMs: int("HTTP_REQUEST_TIMEOUT_MS", DEFAULT_CONNECTION_LIMITS.requestTimeoutMs, 100, 600_000),
    idleTimeoutMs: int("HTTP_IDLE_TIMEOUT_MS", DEFAULT_CONNECTION_LIMITS.idleTimeoutMs, 100, 600_000),
    keepAliveTimeoutMs: int("HTTP_KEEP_ALIVE_TIMEOUT_MS", DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs, 100, 600_000),
    maxPerClient: int("HTTP_MAX_CONNECTIONS_PER_CLIENT", DEFAULT_CONNECTION_LIMITS.maxPerClient, 1, 1_000_000),
    maxConnections: int("HTTP_MAX_CONNECTIONS", DEFAULT_CONNECTION_LIMITS.maxConnections, 1, 1_000_000),
  };
  if (connections.headersTimeoutMs > connections.requestTimeoutMs) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_MS (${connections.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${connections.requestTimeoutMs}): the headers are part of the request.`,
    );
  }
  const events = {
    perSession: int("EVENTS_PER_SESSION", DEFAULT_EVENT_LIMITS.perSession, 1, 1000),
    perAddress: int("EVENTS_PER_ADDRESS", DEFAULT_EVENT_LIMITS.perAddress, 1, 10_000),
    perProcess: int("EVENTS_MAX_STREAMS", DEFAULT_EVENT_LIMITS.perProcess, 1, 1_000_000),
    keepAliveMs: int("EVENTS_KEEP_ALIVE_MS", DEFAULT_EVENT_LIMITS.keepAliveMs, 10, 600_000),
  };
  const logLevel = (env.LOG_LEVEL || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; it is "${env.LOG_LEVEL}".`);
  }
  const db: DbTarget = env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: path.join(dataDir, "pglite") };
  if (env.DATABASE_URL) url("DATABASE_URL", env.DATABASE_URL);

  if (problems.length > 0 || !record) throw new Error(problems.join("\n"));
  return {
    runApi: roles.includes("all") || roles.includes("api"),
    runIndexer: roles.includes("all") || roles.includes("indexer"),
    host: env.HOST ?? "127.0.0.1",
    port,
    dataDir,
    db,
    chain,
    deployment: record,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://127.0.0.1:${port}`,
    levelThresholds,
    indexer,
    webDir: path.resolve(env.WEB_DIR ?? path.join(REPO, "web", "dist")),
    apiPrivateKey: env.API_PRIVATE_KEY || undefined,
    trustProxy,
    limits,
    signInCheck,
    walletConnectProjectId,
    health,
    logLevel,
    connections,
    events,
  };
}

/**
 * What the indexer reads, and how, for the server and the reindex command alike: the chain's
 * RPCs, and the logs of the pool, the staking and, where there is one, their timelock from the
 * deployment block on.
 */
export function indexerSource({ chain, deployment, indexer }: ServerConfig) {
  const { pool, staking, timelock } = deployment.contracts;
  return {
    rpcUrl: chain.rpcUrls,
    chainId: chain.id,
    addresses: [pool, staking, ...(timelock ? [timelock] : [])],
    startBlock: deployment.startBlock,
    maxBlockRange: indexer.maxBlockRange,
    pollMs: indexer.pollMs,
  };
}
