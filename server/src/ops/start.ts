import type { ServerConfig } from "../config";
import type { Db } from "../store/db";
import type { IndexerObserver } from "../sync/indexer";
import type { createSignIn } from "../serve/signin";
import { startHealthServer } from "./health";
import { createMetrics } from "./metrics";
import { createReadiness } from "./readiness";

type SignIn = ReturnType<typeof createSignIn>;

/**
 * The operations side of one process: its metrics, its readiness and the health port that
 * serves both. Opened before the database, so /health answers (and /ready says why not) while
 * migrations run.
 */
export async function startOps(config: ServerConfig) {
  const metrics = createMetrics();
  const readiness = createReadiness({
    indexer: config.runIndexer,
    maxLagBlocks: config.health.maxLagBlocks,
    maxPollAgeMs: config.health.maxPollAgeMs,
  });
  const server = await startHealthServer({
    host: config.health.host,
    port: config.health.port,
    registry: metrics.registry,
    ready: () => readiness.check(),
  });

  const indexerObserver: IndexerObserver = {
    polled(poll) {
      metrics.indexer.polled(poll);
      readiness.polled(poll);
    },
    applied: (events) => metrics.indexer.applied(events),
    rpcFailed: (method) => metrics.rpcFailed(method),
  };

  return {
    metrics,
    readiness,
    indexerObserver,
    /** Where /health, /ready and /metrics are served. */
    url: server.url,
    /** The database is open and migrated: readiness and the reorg metrics may read it. */
    migrated(db: Db) {
      readiness.migrated(db);
      metrics.readReorgsFrom(db);
    },
    /** Sign-in that counts each login and each refusal by reason. */
    countSignIns(signIn: SignIn): SignIn {
      return {
        ...signIn,
        async login(address, signature, requester) {
          const outcome = await signIn.login(address, signature, requester);
          metrics.signIn(outcome);
          return outcome;
        },
      };
    },
    close: () => server.close(),
  };
}

export type Ops = Awaited<ReturnType<typeof startOps>>;
