import { test } from "node:test";
import assert from "node:assert/strict";
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApiClient, unwrap, type RuntimeConfig, type SystemStatus } from "@dwn/api";
import { DEVNET_ACCOUNTS } from "../../contracts/deploy/accounts";
import { devnetHdAccount } from "../../contracts/deploy/devnet-keys";
import type { Db } from "../src/store/db";
import { generateActivity } from "./support/activity";
import { startDevnet, type Devnet } from "./support/devnet";
import { createProcessDb } from "./support/process-db";
import { seededRandom, testSeed } from "./support/random";
import { spawnServer, type ServerProcess } from "./support/server-process";
import { assertSameRows, indexCleanly, snapshot } from "./support/snapshot";
import { readBody } from "./support/body";

/** Waits for `check`, asking every 100 ms, for at most `ms`. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A JSON-RPC pass-through to `target` that answers 503 to everything while `down`. */
async function switchableRpc(target: string) {
  let down = false;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (down) return res.writeHead(503).end("unavailable");
      try {
        const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
        res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set down(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const statusOf = async (url: string) => (await fetch(url)).status;

// The production topology of deploy/compose.yaml without Docker: one PostgreSQL, two API
// processes and two indexer processes, each its own OS process sharing one API key.
test(
  "two API and two indexer processes on one PostgreSQL: a killed indexer's standby takes over, a killed API's sessions work on the other, readiness follows the RPC",
  { skip: !process.env.DATABASE_URL && "needs DATABASE_URL (the PostgreSQL pass runs it)", timeout: 300_000 },
  async (t) => {
    const random = seededRandom(testSeed("TOPOLOGY_SEED"));
    const processes: ServerProcess[] = [];
    let devnet: Devnet | undefined;
    let rpc: Awaited<ReturnType<typeof switchableRpc>> | undefined;
    let target: Awaited<ReturnType<typeof createProcessDb>> | undefined;
    let reference: Awaited<ReturnType<typeof indexCleanly>> | undefined;
    let shared: Db | undefined;
    try {
      devnet = await startDevnet();
      rpc = await switchableRpc(devnet.rpcUrl);
      target = await createProcessDb();
      const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
        type: "pkcs8",
        format: "pem",
      });
      assert.ok(createPrivateKey(pem));
      const common = {
        ...target.env,
        RPC_URL: rpc.url,
        API_PRIVATE_KEY: String(pem),
        INDEXER_POLL_MS: "100",
        READY_MAX_POLL_AGE_MS: "1500",
        LOG_LEVEL: "info",
      };
      const start = async (role: "api" | "indexer", name: string) => {
        // Ports 0: each the kernel's, read from what the process prints.
        const child = spawnServer({ ...common, SERVER_ROLE: role, PORT: "0", HEALTH_PORT: "0" });
        processes.push(child);
        const health = await child.healthOrigin();
        await until(() => statusOf(`${health}/health`).then((s) => s === 200), `${name}'s health port`);
        return { name, child, origin: role === "api" ? await child.apiOrigin() : "", ready: `${health}/ready` };
      };
      // All four start together, as compose starts them: their migrations queue on the lock.
      const [api1, api2, indexer1, indexer2] = await Promise.all([
        start("api", "api1"),
        start("api", "api2"),
        start("indexer", "indexer1"),
        start("indexer", "indexer2"),
      ]);
      const standingBy = (p: { child: ServerProcess }) => p.child.output().includes("standing by");
      await until(() => standingBy(indexer1) || standingBy(indexer2), "one indexer to stand by");
      const [active, standby] = standingBy(indexer1) ? [indexer2, indexer1] : [indexer1, indexer2];
      t.diagnostic(`${active.name} indexes, ${standby.name} stands by`);

      const status = async (origin: string) => {
        const reply = (await (await fetch(`${origin}/api/system/status`)).json()) as { data: SystemStatus };
        return reply.data;
      };
      // Transactions while the active indexer runs; it is killed mid-way through indexing them.
      const activity = generateActivity(devnet, { random, accounts: 12 });
      await until(async () => (await status(api1.origin)).indexedBlock > devnet!.record.startBlock + 20, "indexing");
      active.child.kill("SIGKILL");
      const killedAt = Date.now();
      await active.child.exited;
      await until(() => standby.child.output().includes("Indexer lock acquired"), "the standby to take over", 10_000);
      t.diagnostic(`standby took over ${Date.now() - killedAt} ms after the kill`);
      const { head } = await activity;
      await until(async () => (await status(api2.origin)).indexedBlock >= Number(head), "the standby to catch up");

      // Nothing lost or doubled: the tables equal one clean in-process run.
      reference = await indexCleanly(devnet);
      shared = await target.open();
      const [expected, actual] = [await snapshot(reference.db), await snapshot(shared)];
      for (const table of Object.keys(expected)) assertSameRows(table, actual[table], expected[table]);

      // A session made on api1 works on api2 after api1 is killed.
      const config = (await (await fetch(`${api1.origin}/api/config`)).json()) as RuntimeConfig;
      const alice = devnetHdAccount(DEVNET_ACCOUNTS.alice);
      const on = (origin: string) => createApiClient({ origin, publicKey: config.publicKey });
      // One client signs in, as one page does: a sign-in message is for the session key that asked.
      const signingIn = on(api1.origin);
      const message = unwrap(
        await signingIn.call("user/get_address_random", { address: alice.address }, { lang: "en-us" }),
      );
      const signs = await alice.signMessage({ message });
      const { access_token: token } = unwrap(
        await signingIn.call("user/login", { address: alice.address, signs }, { lang: "en-us" }),
      );
      api1.child.kill("SIGKILL");
      await api1.child.exited;
      const team = unwrap(await on(api2.origin).call("user/getMemberTeamInfo", {}, { lang: "en-us", token }));
      assert.ok(team.friend_num > 0, "alice's team, read with the session made on the killed process");

      // Readiness follows the chain: 503 once the RPC stops answering, 200 when it is back.
      assert.equal(await statusOf(standby.ready), 200);
      rpc.down = true;
      await until(() => statusOf(standby.ready).then((s) => s === 503), "/ready to say 503", 15_000);
      assert.equal(await statusOf(api2.ready), 200, "the API's readiness is the database's, not the chain's");
      rpc.down = false;
      await until(() => statusOf(standby.ready).then((s) => s === 200), "/ready to say 200 again", 15_000);
    } finally {
      for (const child of processes) child.kill("SIGKILL");
      await Promise.all(processes.map((child) => child.exited));
      for (const step of [
        () => shared?.close(),
        () => reference?.drop(),
        () => target?.drop(),
        () => rpc?.close(),
        () => devnet?.stop(),
      ]) {
        await Promise.resolve()
          .then(step)
          .catch((error: unknown) => t.diagnostic(`clean-up: ${String(error)}`));
      }
    }
  },
);
