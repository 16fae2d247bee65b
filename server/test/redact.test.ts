import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiClient, type RuntimeConfig } from "@dwn/api";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { loadConfig, type ServerConfig } from "../src/config";
import { startServer } from "../src/main";
import { createLogger } from "../src/ops/logger";
import { redactTokens, redactUrls } from "../src/ops/redact";
import { readBody } from "./support/body";
import { testDbTarget } from "./support/db";
import { startStandInChain } from "./support/stand-in-chain";

const SECRET = "KEYSECRET123456";

test("session tokens in a query string are redacted", () => {
  assert.equal(
    redactTokens(`GET /api/events?token=${SECRET}&lang=en-us failed`),
    "GET /api/events?token=[redacted]&lang=en-us failed",
  );
  assert.equal(redactTokens(`/x?lang=zh-cn&access_token=${SECRET}`), "/x?lang=zh-cn&access_token=[redacted]");
  assert.equal(redactUrls(`/api/events?token=${SECRET}`), "/api/events?token=[redacted]");
  assert.equal(redactTokens("tokens=1 and token: x"), "tokens=1 and token: x");
});

test("URLs in text are cut to their origin", () => {
  assert.equal(
    redactUrls(`HTTP request failed. URL: https://user:pw@rpc.example:8545/v1/${SECRET}?key=${SECRET} Details: x`),
    "HTTP request failed. URL: https://rpc.example:8545 Details: x",
  );
  assert.equal(
    redactUrls(`"http://127.0.0.1:9/${SECRET}" and wss://h.example/${SECRET}`),
    '"http://127.0.0.1:9" and wss://h.example',
  );
  assert.equal(redactUrls("no URL here"), "no URL here");
});

test("no log line, reply, readiness text or metric of a server shows its RPC's key", async () => {
  const chain = await startStandInChain(5);
  // The RPC at a key-bearing URL: the chain's answers, except logs and calls, which fail.
  const proxy = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (!req.url?.endsWith(`/v1/${SECRET}`)) return res.writeHead(404).end();
      if (/"eth_(getLogs|call)"/.test(body)) return res.writeHead(500).end("upstream fault");
      const upstream = await fetch(chain.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const rpcUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1/${SECRET}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-redact-test-"));
  const database = testDbTarget();
  const lines: string[] = [];
  const config: ServerConfig = {
    ...loadConfig({
      PORT: "0",
      HEALTH_PORT: "0",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: "http://127.0.0.1:8080",
      RPC_URL: rpcUrl,
      PUBLIC_RPC_URL: "https://public.example/rpc",
      INDEXER_POLL_MS: "20",
    }),
    db: database.target,
  };
  const logger = createLogger({ level: "trace", stream: { write: (line) => lines.push(line) } });
  const server = await startServer(config, undefined, logger);
  const seen: string[] = [];
  try {
    // The indexer meets the failing RPC and says so.
    const end = Date.now() + 15_000;
    while (!lines.some((l) => l.includes("Indexer fault"))) {
      assert.ok(Date.now() < end, `no indexer fault logged:\n${lines.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A login whose chain check fails.
    const origin = server.url!;
    const runtime = (await (await fetch(`${origin}/api/config`)).json()) as RuntimeConfig;
    const api = createApiClient({ origin, publicKey: runtime.publicKey });
    const account = privateKeyToAccount(generatePrivateKey());
    const message = await api.call("user/get_address_random", { address: account.address }, { lang: "en-us" });
    const signs = await account.signMessage({ message: message.data });
    seen.push(JSON.stringify(await api.call("user/login", { address: account.address, signs }, { lang: "en-us" })));
    for (const page of ["/ready", "/metrics"]) seen.push(await (await fetch(`${server.healthUrl}${page}`)).text());
    seen.push(await (await fetch(`${origin}/api/system/status`)).text());
  } finally {
    await server.close();
    await database.drop();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await chain.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const all = [...lines, ...seen].join("\n");
  assert.match(all, /Indexer fault/);
  assert.match(all, /API fault on \/api\/user\/login/, "the login's failed chain check is logged");
  assert.ok(all.includes(new URL(rpcUrl).origin), "the RPC is named by its origin");
  assert.ok(
    !all.includes(SECRET),
    all
      .split("\n")
      .filter((l) => l.includes(SECRET))
      .join("\n"),
  );
});
