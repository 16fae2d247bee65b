import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { createPublicClient, http } from "viem";
import { loadConfig, type ServerConfig } from "./config";
import { openDb, type Db } from "./store/db";
import { migrate } from "./store/migrations";
import { createIndexer, INDEXER_LOCK } from "./sync/indexer";
import { buildApp } from "./serve/app";
import { loadKeys } from "./serve/keys";
import { createSignIn } from "./serve/signin";
import { createUpcomingChanges } from "./serve/changes";

/** One process runs the indexer, the API, or both (SERVER_ROLE); Ctrl-C stops it cleanly. */
export async function startServer(config: ServerConfig, log: (line: string) => void = console.log) {
  const db = await openDb(config.db);
  await migrate(db);
  const stop = new AbortController();
  const tasks: Promise<void>[] = [];
  const { deployment, chain } = config;

  if (config.runIndexer) {
    const indexer = createIndexer({
      db,
      rpcUrl: chain.rpcUrl,
      chainId: chain.id,
      addresses: [
        deployment.contracts.pool,
        deployment.contracts.staking,
        ...(deployment.contracts.timelock ? [deployment.contracts.timelock] : []),
      ],
      startBlock: deployment.startBlock,
      maxBlockRange: config.indexer.maxBlockRange,
      pollMs: config.indexer.pollMs,
      log,
    });
    tasks.push(runElected(db, stop.signal, log, (signal) => indexer.run(signal)));
  }

  let url: string | undefined;
  let app: ReturnType<typeof buildApp> | undefined;
  if (config.runApi) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const signIn = createSignIn({
      db,
      client,
      pool: deployment.contracts.pool,
      chainId: chain.id,
      origin: config.publicOrigin,
      contractCheckGas: config.signInCheck.gas,
      contractCheckTimeoutMs: config.signInCheck.timeoutMs,
    });
    const keys = loadKeys(config.dataDir, config.apiPrivateKey);
    app = buildApp({
      db,
      keys,
      signIn,
      levelThresholds: config.levelThresholds,
      ...(deployment.contracts.timelock
        ? { upcomingChanges: createUpcomingChanges({ db, client, contracts: deployment.contracts }) }
        : {}),
      webDir: config.webDir,
      limits: config.limits,
      trustProxy: config.trustProxy,
      log,
      runtimeConfig: {
        chain: {
          id: chain.id,
          name: chain.name,
          rpcUrl: chain.publicRpcUrl,
          ...(chain.fallbackRpcUrls.length > 0 ? { rpcUrls: chain.fallbackRpcUrls } : {}),
          currency: chain.currency,
          explorer: chain.explorer || null,
        },
        contracts: deployment.contracts,
        publicKey: keys.publicKey,
        walletConnect: config.walletConnectProjectId ? { projectId: config.walletConnectProjectId } : null,
      },
    });
    url = await app.listen({ host: config.host, port: config.port });
    log(`Server listening on ${url} (API under /api/${existsSync(config.webDir) ? ", web app under /chain/" : ""}).`);
  }

  return {
    url,
    db,
    async close() {
      stop.abort();
      await app?.close();
      await Promise.all(tasks);
      await db.close();
    },
  };
}

/**
 * Runs `work` while this process holds the indexer lock; a standby process retries every
 * 5 s, so exactly one indexer writes however many copies run.
 */
async function runElected(
  db: Db,
  signal: AbortSignal,
  log: (line: string) => void,
  work: (s: AbortSignal) => Promise<void>,
) {
  let waiting = false;
  while (!signal.aborted) {
    const lock = await db.tryLock(INDEXER_LOCK);
    if (lock) {
      if (waiting) log("Indexer lock acquired: this process now indexes.");
      try {
        await work(signal);
      } finally {
        await lock.release();
      }
      return;
    }
    if (!waiting) log("Another process holds the indexer lock: standing by.");
    waiting = true;
    await sleep(5000, undefined, { signal }).catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`The server cannot start:\n${(error as Error).message}`);
    process.exit(2);
  }
  const server = await startServer(config).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    console.error(`Port ${config.port} on ${config.host} is taken: stop what uses it or set PORT to a free port.`);
    process.exit(2);
  });
  // A second signal while closing (Ctrl-C twice) waits for the same close.
  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
