import { test } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import type { Reply, SystemStatus } from "@dwn/api";
import { postgresBin, startCluster } from "./support/pg-cluster";
import { spawnServer, type ServerProcess } from "./support/server-process";
import { startStandInChain } from "./support/stand-in-chain";

/** Asks `check` every 100 ms until it holds, for at most `ms`; a failure adds what `describe` says. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  ms: number,
  describe: () => Promise<string> = async () => "",
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) assert.fail(`Still not ${what} after ${ms} ms.\n${await describe()}`);
    await sleep(100);
  }
}

const bin = postgresBin();
const skip = !process.env.DATABASE_URL
  ? "a PostgreSQL restart has no counterpart on the embedded PGlite, which lives inside the server process (the PostgreSQL pass runs this test)"
  : !bin
    ? "PostgreSQL's binaries are not installed (apt-get install postgresql)"
    : false;
if (skip) console.log(`# db-restart.test.ts skipped: ${skip}`);

// Its own cluster, since the test stops and starts it: an API process and two indexer processes
// (one indexes, one stands by) on it, on a stand-in chain whose head the test moves.
test(
  "PostgreSQL restarted (fast, then immediate) under load: every process survives, the API answers 503 with a sentence meanwhile, /ready says why, and all serve again within 10 s",
  { skip, timeout: 240_000 },
  async (t) => {
    const cluster = await startCluster(bin!);
    const chain = await startStandInChain(10);
    const processes: ServerProcess[] = [];
    let loading = true;
    let load: Promise<void>[] = [];
    try {
      const common = {
        DATABASE_URL: cluster.url,
        RPC_URL: chain.url,
        INDEXER_POLL_MS: "100",
        READY_MAX_POLL_AGE_MS: "2000",
        API_PER_MINUTE_PER_IP: "10000000",
        LOG_LEVEL: "info",
      };
      // All three start together, their migrations queued on the lock.
      const [api, ...indexers] = await Promise.all(
        (["api", "indexer", "indexer"] as const).map(async (role) => {
          const child = spawnServer({ ...common, SERVER_ROLE: role, PORT: "0", HEALTH_PORT: "0" });
          processes.push(child);
          const health = await child.healthOrigin();
          return { role, child, health, origin: role === "api" ? await child.apiOrigin() : "" };
        }),
      );
      const all = [api, ...indexers];
      const ready = async (p: (typeof all)[number]) => (await fetch(`${p.health}/ready`)).status === 200;
      const status = async () => {
        const response = await fetch(`${api.origin}/api/system/status`);
        assert.equal(response.status, 200);
        return ((await response.json()) as Reply<SystemStatus>).data;
      };
      // What each process says of itself, for a failure's message: its /ready and its last lines.
      const states = async () =>
        (
          await Promise.all(
            all.map(async (p) => {
              const said = await fetch(`${p.health}/ready`)
                .then(async (response) => `${response.status} ${await response.text()}`)
                .catch((error: Error) => `no answer (${error.message})`);
              const output = p.child.output().split("\n").slice(-30).join("\n");
              return `${p.role} (${p.child.running ? "running" : "exited"}), /ready: ${said}\n${output}`;
            }),
          )
        ).join("\n\n");
      await until(
        "every process ready",
        async () => (await Promise.all(all.map(ready))).every(Boolean),
        90_000,
        states,
      );
      await until("indexed to the head", async () => (await status()).indexedBlock === chain.head, 30_000, states);

      // Requests go on throughout, four at a time: a call that reads the database, and the status.
      const answers = new Map<string, number>();
      const unavailable: { status: number; retryAfter: string | null; body: string }[] = [];
      const failures: string[] = [];
      const worker = async (i: number) => {
        while (loading) {
          try {
            const response =
              i % 2 === 0
                ? await fetch(`${api.origin}/api/notice/getList`, {
                    method: "POST",
                    headers: { "content-type": "application/x-www-form-urlencoded", "think-lang": "en-us" },
                    body: "page=1&limit=5",
                  })
                : await fetch(`${api.origin}/api/system/status`, { headers: { "think-lang": "en-us" } });
            const body = await response.text();
            answers.set(String(response.status), (answers.get(String(response.status)) ?? 0) + 1);
            if (response.status === 503) {
              unavailable.push({ status: response.status, retryAfter: response.headers.get("retry-after"), body });
            } else if (response.status !== 200) failures.push(`HTTP ${response.status}: ${body}`);
          } catch (error) {
            failures.push(`no answer: ${(error as Error).message}`);
            await sleep(50);
          }
        }
      };
      load = [0, 1, 2, 3].map(worker);

      for (const mode of ["fast", "immediate"] as const) {
        await cluster.stop(mode);
        // While the database is away: the API answers 503 with its sentence, /ready says why.
        await until(`a 503 after the ${mode} stop`, async () => unavailable.length > 0, 10_000);
        for (const p of all) {
          const response = await fetch(`${p.health}/ready`);
          assert.equal(response.status, 503, `${p.role}'s /ready with the database away`);
          assert.match(await response.text(), /The database does not answer\./);
        }
        await sleep(1000);
        chain.head += 5;
        await cluster.start();
        const back = Date.now();
        await until(
          `serving again after the ${mode} restart`,
          async () =>
            (await status()).indexedBlock === chain.head &&
            (await Promise.all(all.map(ready))).every(Boolean) &&
            (
              await fetch(`${api.origin}/api/notice/getList`, {
                method: "POST",
                headers: { "content-type": "application/x-www-form-urlencoded" },
                body: "page=1&limit=5",
              })
            ).status === 200,
          10_000,
          states,
        );
        t.diagnostic(`${mode}: serving again ${Date.now() - back} ms after the database came back`);
        for (const p of all)
          assert.ok(p.child.running, `the ${p.role} process survived the ${mode} restart:\n${p.child.output()}`);
      }
      loading = false;
      await Promise.all(load);
      t.diagnostic(`answers by HTTP status: ${JSON.stringify(Object.fromEntries(answers))}`);

      assert.deepEqual(failures, [], "every request was answered, 200 or 503");
      for (const answer of unavailable) {
        assert.equal(answer.retryAfter, "5");
        assert.deepEqual(JSON.parse(answer.body), {
          status: 500,
          msg: "The server cannot reach its database; please try again in a few seconds",
          data: null,
        });
      }
      // One indexer indexes again, the other stands by again.
      const output = indexers.map((p) => p.child.output());
      assert.ok(!output.join("\n").includes("Unhandled"), output.join("\n"));
    } finally {
      loading = false;
      await Promise.all(load);
      for (const child of processes) child.kill("SIGKILL");
      await Promise.all(processes.map((child) => child.exited));
      await chain.close();
      await cluster.destroy();
    }
  },
);
