import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type ServerConfig } from "../src/config";
import { startServer } from "../src/main";
import { readSyncState } from "../src/sync/indexer";
import { testDbTarget } from "./support/db";
import { startDevnet } from "./support/devnet";

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// PGlite serves one process, so the election only means something on PostgreSQL.
test(
  "with PostgreSQL exactly one indexer writes; a standby takes over when it stops",
  { skip: !process.env.DATABASE_URL && "needs DATABASE_URL (the PostgreSQL pass runs it)" },
  async () => {
    const devnet = await startDevnet();
    const database = testDbTarget();
    const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-election-"));
    const config: ServerConfig = {
      ...loadConfig({
        RPC_URL: devnet.rpcUrl,
        SERVER_ROLE: "indexer",
        DATA_DIR: dataDir,
        INDEXER_POLL_MS: "20",
        HEALTH_PORT: "0",
      }),
      db: database.target,
    };
    const first: string[] = [];
    const second: string[] = [];
    // What the indexers say, beside where their health port is.
    const hear = (lines: string[]) => (line: string) => {
      if (!line.startsWith("Health port on ")) lines.push(line);
    };
    const a = await startServer(config, hear(first));
    const b = await startServer(config, hear(second));
    const ready = async (server: typeof a) => (await fetch(`${server.healthUrl}/ready`)).status;
    try {
      const head = Number(await devnet.publicClient.getBlockNumber());
      await until(async () => (await readSyncState(a.db))?.blockNumber === head, "the first indexer to catch up");
      await until(() => second.length > 0, "the second indexer to report");
      assert.deepEqual(second, ["Another process holds the indexer lock: standing by."]);
      assert.equal(a.url, undefined, "an indexer-only process serves no API");
      // Both are ready: one indexes, caught up; the other stands by, as it should.
      assert.deepEqual([await ready(a), await ready(b)], [200, 200]);

      await a.close();
      await devnet.testClient.mine({ blocks: 1 });
      await until(
        async () => (await readSyncState(b.db))?.blockNumber === head + 1,
        "the standby to take over",
        30_000,
      );
      assert.equal(second[1], "Indexer lock acquired: this process now indexes.");
      await until(async () => (await ready(b)) === 200, "the new indexer to be ready");
    } finally {
      await Promise.allSettled([a.close(), b.close()]);
      await database.drop();
      await devnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
