import { setTimeout as sleep } from "node:timers/promises";
import { createPublicClient } from "viem";
import type { Logger } from "pino";
import { indexerSource, loadConfig, type ServerConfig } from "./config";
import { isDatabaseUnavailable, openDb, type Db, type DbLock } from "./store/db";
import { migrate } from "./store/migrations";
import { createIndexer, INDEXER_LOCK } from "./sync/indexer";
import { buildApp, hasWebApp } from "./serve/app";
import { createServedFigures, readServedFigures, readServedNotices } from "./serve/figures";
import { loadKeys } from "./serve/keys";
import { createSignIn } from "./serve/signin";
import { createUpcomingChanges } from "./serve/changes";
import { createLogger } from "./ops/logger";
import { redactUrls } from "./ops/redact";
import { startOps } from "./ops/start";
import { finalizedHeadReader, rpcTransport } from "./sync/rpc";

/**
 * One process runs the indexer, the API, or both (SERVER_ROLE), and the health port; Ctrl-C
 * stops it cleanly. Its lines go to `log`, else to `logger` (JSON on standard output by
 * default), which also gets a line per HTTP request.
 */
export async function startServer(config: ServerConfig, log?: (line: string) => void, logger?: Logger) {
  logger ??= log ? undefined : createLogger({ level: config.logLevel });
  // No line shows an RPC's URL beyond its origin (the path or query may hold a provider's key).
  const say = (line: string) => (log ? log(redactUrls(line)) : logger?.info(redactUrls(line)));
  const ops = await startOps(config);
  say(`Health port on ${ops.url} (/health, /ready, /metrics).`);
  const db = await openDb(config.db).catch(async (error: unknown) => {
    await ops.close();
    throw error;
  });
  await migrate(db).catch(async (error: unknown) => {
    await db.close();
    await ops.close();
    throw error;
  });
  ops.migrated(db);
  const stop = new AbortController();
  const tasks: Promise<void>[] = [];
  const { deployment, chain } = config;

  if (config.runIndexer) {
    const indexer = createIndexer({
      db,
      ...indexerSource(config),
      log: say,
      observer: ops.indexerObserver,
    });
    tasks.push(
      runElected(
        db,
        stop.signal,
        say,
        (signal) => indexer.run(signal),
        (waiting) => ops.readiness.standBy(waiting),
      ),
    );
  }

  let url: string | undefined;
  let app: ReturnType<typeof buildApp> | undefined;
  if (config.runApi) {
    const client = createPublicClient({
      transport: rpcTransport(chain.rpcUrls, {}, (method) => ops.metrics.rpcFailed(method)),
    });
    const signIn = ops.countSignIns(
      createSignIn({
        db,
        client,
        pool: deployment.contracts.pool,
        chainId: chain.id,
        origin: config.publicOrigin,
        contractCheckGas: config.signInCheck.gas,
        contractCheckTimeoutMs: config.signInCheck.timeoutMs,
      }),
    );
    // Reads a page or a status waits for: one attempt each, never long.
    const quickClient = createPublicClient({
      transport: rpcTransport(chain.rpcUrls, { retryCount: 0, timeout: 5000 }, (method) =>
        ops.metrics.rpcFailed(method),
      ),
    });
    // The page's chain figures, and the newest announcements, read once now so the first page
    // need not wait for them. The page goes without the announcements when the database does not
    // answer, and without both when the RPC does not.
    const servedFigures = createServedFigures({
      read: async () => {
        const [figures, notices] = await Promise.all([
          readServedFigures(quickClient, deployment.contracts),
          readServedNotices(db).catch(() => undefined),
        ]);
        return notices ? { ...figures, notices } : figures;
      },
    });
    void servedFigures();
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
      connections: config.connections,
      events: config.events,
      log: say,
      logger,
      observeRequest: (sample) => ops.metrics.request(sample),
      // The status's lag: the head asked of the RPC at most once a second, however many ask.
      chainHead: finalizedHeadReader(quickClient, 1000),
      servedFigures,
      https: new URL(config.publicOrigin).protocol === "https:",
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
    const listening = (address: string) =>
      `Server listening on ${address} (API under /api/${hasWebApp(config.webDir) ? ", web app under /chain/" : ""}).`;
    // With a logger, Fastify writes that line itself (once per address it listens on).
    url = await app.listen({ host: config.host, port: config.port, listenTextResolver: listening });
    if (!logger) say(listening(url));
  }

  return {
    url,
    /** Where /health, /ready and /metrics are served. */
    healthUrl: ops.url,
    db,
    async close() {
      stop.abort();
      await app?.close();
      await Promise.all(tasks);
      await ops.close();
      await db.close();
    },
  };
}

/**
 * Runs `work` while this process holds the indexer lock; a standby process retries every
 * 5 s, so exactly one indexer writes however many copies run. Work that returns "refused"
 * (tables of another apply code version) lets go of the lock, so that reindex can take it,
 * and is tried again 5 s later. When the lock's connection is lost (the database restarted),
 * so is the lock: the work stops, and the lock is asked for again every second until the
 * database answers.
 */
async function runElected(
  db: Db,
  signal: AbortSignal,
  log: (line: string) => void,
  work: (s: AbortSignal) => Promise<"refused" | void>,
  standBy: (waiting: boolean) => void,
) {
  let waiting = false;
  let away: string | undefined;
  while (!signal.aborted) {
    let lock: DbLock | undefined;
    try {
      lock = await db.tryLock(INDEXER_LOCK);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = (error as Error).message;
      if (away === undefined) log(`${reason} The indexer waits for it and resumes when it answers.`);
      away = reason;
      await sleep(1000, undefined, { signal }).catch(() => undefined);
      continue;
    }
    if (away !== undefined) log("The database answers again.");
    away = undefined;
    if (lock) {
      standBy(false);
      if (waiting) log("Indexer lock acquired: this process now indexes.");
      let outcome: "refused" | void;
      try {
        outcome = await work(AbortSignal.any([signal, lock.lost]));
      } finally {
        await lock.release();
      }
      if (lock.lost.aborted && !signal.aborted) {
        log(
          "The database connection that held the indexer lock was lost: indexing stops until the lock is held again.",
        );
        waiting = true;
        continue;
      }
      if (outcome !== "refused") return;
      waiting = false;
      await sleep(5000, undefined, { signal }).catch(() => undefined);
      continue;
    }
    if (!waiting) log("Another process holds the indexer lock: standing by.");
    waiting = true;
    standBy(true);
    await sleep(5000, undefined, { signal }).catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`The server cannot start:\n${redactUrls((error as Error).message)}`);
    process.exit(2);
  }
  const server = await startServer(config).catch((error: NodeJS.ErrnoException & { port?: number }) => {
    if (error.code !== "EADDRINUSE") {
      console.error(`The server cannot start: ${redactUrls(error.message)}`);
      process.exit(1);
    }
    const [name, host, port] =
      error.port === config.health.port
        ? ["HEALTH_PORT", config.health.host, config.health.port]
        : ["PORT", config.host, config.port];
    console.error(`Port ${port} on ${host} is taken: stop what uses it or set ${name} to a free port.`);
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
