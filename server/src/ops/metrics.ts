import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../store/db";
import { readReorgs } from "../sync/indexer";

/**
 * The process's Prometheus metrics, in a registry of its own (never prom-client's global one,
 * so that several servers in one process, as in the tests, keep apart). Served only on the
 * health port (ops/health.ts).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "dwn_" });
  const registers = [registry];

  const indexer = {
    finalizedBlock: new Gauge({
      name: "dwn_indexer_finalized_block",
      help: "The chain's finalized head as the RPC answered the indexer's last successful poll.",
      registers,
    }),
    indexedBlock: new Gauge({
      name: "dwn_indexer_indexed_block",
      help: "The last block the indexer applied (its checkpoint).",
      registers,
    }),
    lag: new Gauge({
      name: "dwn_indexer_lag_blocks",
      help: "Finalized head minus indexed block at the indexer's last successful poll.",
      registers,
    }),
    lastPoll: new Gauge({
      name: "dwn_indexer_last_poll_timestamp_seconds",
      help: "When the indexer last polled the chain successfully (unix seconds).",
      registers,
    }),
    batches: new Counter({
      name: "dwn_indexer_batches_applied_total",
      help: "Block ranges the indexer applied, each with its checkpoint in one transaction.",
      registers,
    }),
    events: new Counter({
      name: "dwn_indexer_events_applied_total",
      help: "Contract events the indexer applied.",
      registers,
    }),
  };
  const rpcErrors = new Counter({
    name: "dwn_rpc_errors_total",
    help: "JSON-RPC requests that failed (no answer, an HTTP error or an error reply), by method.",
    labelNames: ["method"],
    registers,
  });
  const requests = new Counter({
    name: "dwn_http_requests_total",
    help: "HTTP requests answered on the public port, by method, route and status.",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const duration = new Histogram({
    name: "dwn_http_request_duration_seconds",
    help: "Time to answer an HTTP request on the public port, by method and route.",
    labelNames: ["method", "route"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const signInAttempts = new Counter({
    name: "dwn_sign_in_attempts_total",
    help: "Logins tried (user/login with a well-formed address and signature).",
    registers,
  });
  const signInRefusals = new Counter({
    name: "dwn_sign_in_refusals_total",
    help: "Logins refused, by reason (noChallenge, badSignature, notBound).",
    labelNames: ["reason"],
    registers,
  });

  return {
    registry,
    /** The reorgs recorded in the database, read at each scrape once it is open and migrated. */
    readReorgsFrom(db: Db) {
      // One read per scrape, shared by both gauges: a scrape collects them at once, and each must
      // see this scrape's figures (not the ones the other gauge's collect sets afterwards).
      let reading: Promise<Awaited<ReturnType<typeof readReorgs>> | undefined> | undefined;
      const read = () =>
        (reading ??= readReorgs(db)
          // A database that does not answer leaves the last values: /ready says what is wrong.
          .catch(() => undefined)
          .finally(() => (reading = undefined)));
      new Gauge({
        name: "dwn_indexer_reorgs",
        help: "Reorgs the indexer has handled (rows of indexer_reorgs).",
        registers,
        async collect() {
          const reorgs = await read();
          if (reorgs) this.set(reorgs.count);
        },
      });
      new Gauge({
        name: "dwn_indexer_last_reorg_depth_blocks",
        help: "The depth of the last reorg handled, in blocks (0 before the first).",
        registers,
        async collect() {
          const reorgs = await read();
          if (reorgs) this.set(reorgs.lastDepth ?? 0);
        },
      });
    },
    indexer: {
      polled({ head, indexed, at }: { head: number; indexed: number; at: number }) {
        indexer.finalizedBlock.set(head);
        indexer.indexedBlock.set(indexed);
        indexer.lag.set(Math.max(0, head - indexed));
        indexer.lastPoll.set(at / 1000);
      },
      applied(events: number) {
        indexer.batches.inc();
        indexer.events.inc(events);
      },
    },
    rpcFailed(method: string) {
      rpcErrors.inc({ method });
    },
    request({ method, route, status, seconds }: RequestSample) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    signIn(outcome: { ok: true } | { ok: false; reason: string }) {
      signInAttempts.inc();
      if (!outcome.ok) signInRefusals.inc({ reason: outcome.reason });
    },
  };
}

export interface RequestSample {
  method: string;
  /** The route's pattern (`/api/user/login`, `/chain/*`), never the raw URL: bounded labels. */
  route: string;
  status: number;
  seconds: number;
}

export type Metrics = ReturnType<typeof createMetrics>;
