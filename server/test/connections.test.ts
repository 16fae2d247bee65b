import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig, type ServerConfig } from "../src/config";
import { startServer } from "../src/main";
import { testDbTarget } from "./support/db";
import { startStandInChain } from "./support/stand-in-chain";

/**
 * A connection from `from` (another loopback address: another client) to `port`, once open;
 * `closed` resolves, once the server closed it, with what it had sent.
 */
function open(port: number, from: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, localAddress: from });
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    const closed = new Promise<string>((done) => socket.once("close", () => done(text)));
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, closed }));
    socket.once("error", reject);
  });
}

/** What `closed` said within `ms`, or undefined: still open. */
const within = (closed: Promise<string>, ms: number) => Promise.race([closed, sleep(ms).then(() => undefined)]);

// Short timeouts, so that the floods are over in seconds; the defaults are in the README.
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: "2000",
  HTTP_REQUEST_TIMEOUT_MS: "3000",
  HTTP_IDLE_TIMEOUT_MS: "2500",
  HTTP_KEEP_ALIVE_TIMEOUT_MS: "1000",
  HTTP_MAX_CONNECTIONS_PER_CLIENT: "50",
};

test(
  "an idle-socket flood and a slow-body flood: idle sockets close after the timeout, a client's extra connections are refused, a normal client's p99 stays under 1 s and /health answers throughout",
  { timeout: 120_000 },
  async (t) => {
    const chain = await startStandInChain(5);
    const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-connections-test-"));
    const database = testDbTarget();
    const config: ServerConfig = {
      ...loadConfig({
        SERVER_ROLE: "api",
        RPC_URL: chain.url,
        PORT: "0",
        HEALTH_PORT: "0",
        DATA_DIR: dataDir,
        API_PER_MINUTE_PER_IP: "1000000",
        ...LIMITS,
      }),
      db: database.target,
    };
    const server = await startServer(config, () => undefined);
    const sockets: Socket[] = [];
    try {
      const port = Number(new URL(server.url!).port);
      const call = () =>
        fetch(`${server.url}/api/notice/getList`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "page=1&limit=5",
        });
      // A first call before the floods, so that p99 measures the floods, not a cold start.
      assert.equal((await call()).status, 200);
      // Idle flood: 150 connections from each of two addresses that never send a byte.
      const idle = await Promise.all(
        ["127.0.0.2", "127.0.0.3"].flatMap((from) => Array.from({ length: 150 }, () => open(port, from))),
      );
      sockets.push(...idle.map((c) => c.socket));
      // Slow-body flood: 40 requests from a third address whose bodies come a byte every 300 ms.
      const slow = await Promise.all(Array.from({ length: 40 }, () => open(port, "127.0.0.4")));
      sockets.push(...slow.map((c) => c.socket));
      for (const { socket } of slow) {
        socket.write(
          "POST /api/notice/getList HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n",
        );
        const drip = setInterval(() => socket.writable && socket.write("a"), 300);
        socket.once("close", () => clearInterval(drip));
      }

      // The floods are in place once the server has taken every connection in: those over each
      // address's cap are then closed (the accept queue's burst is the floods' arrival, not their hold).
      const refusedEnds = idle.map((c) => within(c.closed, 5000));
      await Promise.race([
        Promise.all(refusedEnds).then(() => undefined),
        (async () => {
          const ended = new Set<number>();
          refusedEnds.forEach((end, i) => void end.then((text) => text !== undefined && ended.add(i)));
          while (ended.size < 200) await sleep(20);
        })(),
      ]);
      // A normal client (127.0.0.1) meanwhile: one call after another, and /health every 100 ms.
      const latencies: number[] = [];
      const health: number[] = [];
      const until = Date.now() + 4000;
      const normal = (async () => {
        while (Date.now() < until) {
          const begun = performance.now();
          const response = await call();
          assert.equal(response.status, 200);
          await response.text();
          latencies.push(performance.now() - begun);
        }
      })();
      const probes = (async () => {
        while (Date.now() < until) {
          const response = await fetch(`${server.healthUrl}/health`);
          health.push(response.status);
          await response.text();
          await sleep(100);
        }
      })();
      await Promise.all([normal, probes]);
      latencies.sort((a, b) => a - b);
      const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
      t.diagnostic(
        `normal client: ${latencies.length} calls, p99 ${Math.round(p99)} ms (${latencies.map(Math.round).join(" ")}); /health ${health.length} probes`,
      );

      // Each address kept at most 50 connections: the others were closed as they came, without
      // a word; the idle ones were answered 408 and closed after the headers' timeout.
      const idleEnds = await Promise.all(idle.map((c) => within(c.closed, 5000)));
      assert.equal(
        idleEnds.filter((end) => end === undefined).length,
        0,
        "idle sockets still open 5 s after the flood",
      );
      const timedOut = "HTTP/1.1 408 Request Timeout\r\n";
      for (const [i, from] of ["127.0.0.2", "127.0.0.3"].entries()) {
        const mine = idleEnds.slice(i * 150, (i + 1) * 150);
        const refused = mine.filter((end) => end === "").length;
        assert.ok(refused >= 50, `${from}: ${refused} of its 150 connections refused (at least 50)`);
        assert.equal(refused + mine.filter((end) => end?.startsWith(timedOut)).length, 150, from);
      }
      // The slow bodies were cut off after the request's timeout, not waited for.
      const slowEnds = await Promise.all(slow.map((c) => within(c.closed, 5000)));
      assert.ok(
        slowEnds.every((end) => end?.startsWith(timedOut)),
        `slow bodies: ${slowEnds.filter((end) => end === undefined).length} still open, ${slowEnds.filter((end) => end !== undefined && !end.startsWith(timedOut)).length} answered otherwise`,
      );

      assert.ok(latencies.length >= 20, `only ${latencies.length} calls answered in 4 s`);
      assert.ok(p99 < 1000, `p99 ${Math.round(p99)} ms`);
      assert.ok(health.length >= 10 && health.every((s) => s === 200), `/health: ${health.join(",")}`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.close();
      await database.drop();
      await chain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
