import autocannon from "autocannon";

/**
 * The load generator, run as a child process of the API benchmark so that it does not share
 * the server's event loop: it takes one job per IPC message and answers with its figures.
 */

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  seconds: number;
}

export interface LoadFigures {
  requests: number;
  /** Mean requests per second over the run. */
  perSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx replies. */
  failures: number;
  /** How many replies had each body length: a sealed reply of another status has another length. */
  lengths: Record<number, number>;
}

export async function load(job: LoadJob): Promise<LoadFigures> {
  const lengths: Record<number, number> = {};
  const result = await autocannon({
    url: job.url,
    method: "POST",
    headers: job.headers,
    body: job.body,
    connections: job.connections,
    duration: job.seconds,
    requests: [
      {
        onResponse: (_status, body) => {
          lengths[body.length] = (lengths[body.length] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    lengths,
  };
}

if (process.send) {
  process.on("message", (job: LoadJob) => {
    load(job).then(
      (figures) => process.send!(figures),
      (error: Error) => {
        console.error(`Load generator failed: ${error.message}`);
        process.exit(1);
      },
    );
  });
  process.on("disconnect", () => process.exit(0));
}
