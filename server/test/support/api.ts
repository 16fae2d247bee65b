import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { RuntimeConfig } from "@dwn/api";
import type { Address } from "viem";
import type { Db } from "../../src/store/db";
import { buildApp, type AppOptions } from "../../src/serve/app";
import type { ApiKeys } from "../../src/serve/keys";
import type { createSignIn } from "../../src/serve/signin";

/** How many distinct key pairs the test servers of one process take turns with. */
const KEY_POOL = 4;
const keyPool: ApiKeys[] = [];
let nextKey = 0;

/**
 * An RSA-2048 key pair for one test server (nothing written to disk): the next of a small pool,
 * made as it is first needed, so that servers started one after another have keys of their own
 * while a process makes at most {@link KEY_POOL} (each took about 0.2 s of CPU).
 */
export function testKeys(): ApiKeys {
  const slot = nextKey++ % KEY_POOL;
  if (!keyPool[slot]) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const publicKey = createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
    keyPool[slot] = { privateKey, publicKey };
  }
  return keyPool[slot];
}

export interface ApiServerOptions {
  db: Db;
  signIn: ReturnType<typeof createSignIn>;
  contracts: RuntimeConfig["contracts"];
  chainId?: number;
  /** Sign-in calls per client address per minute (default: more than any test sends). */
  signInPerMinute?: number;
  /** The other limits (default: more than any test sends), the proxies trusted and the limits' clock. */
  limits?: AppOptions["limits"];
  trustProxy?: AppOptions["trustProxy"];
  clock?: AppOptions["clock"];
  sweepEveryMs?: AppOptions["sweepEveryMs"];
  levelThresholds?: readonly bigint[];
  log?: AppOptions["log"];
}

const UNLIMITED = 1_000_000;

/** The API (no indexer) on 127.0.0.1, on a port the system picks. `close` stops it. */
export async function startApi(options: ApiServerOptions) {
  const keys = testKeys();
  const faults: string[] = [];
  const app = buildApp({
    db: options.db,
    keys,
    signIn: options.signIn,
    levelThresholds: options.levelThresholds ?? [0n, 1000n, 5000n, 20000n, 100000n].map((t) => t * 10n ** 18n),
    limits: {
      perIp: UNLIMITED,
      perToken: UNLIMITED,
      signInPerIp: options.signInPerMinute ?? UNLIMITED,
      ...options.limits,
    },
    trustProxy: options.trustProxy,
    clock: options.clock,
    sweepEveryMs: options.sweepEveryMs,
    log: options.log ?? ((line) => faults.push(line)),
    runtimeConfig: {
      chain: {
        id: options.chainId ?? 31337,
        name: "DWN Devnet",
        rpcUrl: "http://127.0.0.1:8545",
        currency: { name: "BNB", symbol: "BNB", decimals: 18 },
        explorer: null,
      },
      contracts: options.contracts,
      publicKey: keys.publicKey,
    },
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    origin,
    keys,
    /** Server faults the app logged (a 500 writes one). */
    faults,
    close: () => app.close(),
  };
}

export type ApiServer = Awaited<ReturnType<typeof startApi>>;

/** The published config, read the way the web app reads it. */
export async function fetchConfig(origin: string): Promise<RuntimeConfig> {
  const response = await fetch(`${origin}/api/config`);
  return (await response.json()) as RuntimeConfig;
}

/** Placeholder contract addresses for a server that never reaches a chain. */
export function placeholderContracts(pool: Address): RuntimeConfig["contracts"] {
  const at = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
  return { usdt: at(1), dwn9: at(2), dwn: at(3), a8: at(4), udbk: at(5), pool, staking: at(6) };
}

/** A live session for `address`, stored as sign-in stores one (the token's hash): its bearer token. */
export async function sessionToken(db: Db, address: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  await db.query("INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
    createHash("sha256").update(token).digest("hex"),
    address,
    now,
    now + 3600,
  ]);
  return token;
}
