import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Reply, SystemStatus } from "@dwn/api";
import { loadConfig, type ServerConfig } from "../src/config";
import { startServer } from "../src/main";
import { createLogger } from "../src/ops/logger";
import { createReadiness } from "../src/ops/readiness";
import { inlineScriptHashes, WALLETCONNECT_SOURCES } from "../src/serve/security";
import { testDbTarget } from "./support/db";
import { startStandInChain } from "./support/stand-in-chain";

/**
 * The operations side of a whole server (indexer + API) on a stand-in chain: the health port's
 * /health, /ready and /metrics, the status's lag, the security headers, the body limit and the
 * JSON log.
 */

const INLINE = 'document.documentElement.dataset.boot="1"';
const INDEX_HTML = `<!doctype html><html><head>
<script id="boot-preloads" type="application/json">{"files":[]}</script>
<script>${INLINE}</script>
<script type="module" crossorigin src="/chain/assets/index.js"></script>
</head><body><div id="root"></div></body></html>`;
const FALLBACK_RPC = "https://fallback.example/rpc";
const ACCOUNT = "0x1000000000000000000000000000000000000001";

/** The CSP header as directive → sources. */
function policy(header: string | null): Map<string, string[]> {
  assert.ok(header, "no Content-Security-Policy header");
  return new Map(
    header.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as [string, string[]];
    }),
  );
}

/** Asks `check` every 50 ms until it holds, for at most `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`Still not ${what} after ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A whole server whose web folder holds a small built app, or (`builtApp: false`) only the build's
 * assets folder, as when a build is still writing it.
 */
async function startWholeServer(env: Record<string, string>, logLines?: string[], builtApp = true) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-ops-test-"));
  const webDir = path.join(dataDir, "web");
  mkdirSync(webDir);
  if (builtApp) writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
  // What a build leaves beside the app that no browser needs: Vite's manifest and the devnet's stamp.
  mkdirSync(path.join(webDir, ".vite"));
  writeFileSync(path.join(webDir, ".vite", "manifest.json"), '{"index.html":{"file":"assets/index.js"}}');
  writeFileSync(path.join(webDir, ".vite", "manifest.json.br"), "compressed");
  writeFileSync(path.join(webDir, ".devnet-build"), "devnet build stamp");
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "assets", "index.js"), "export {};");
  const database = testDbTarget();
  const config: ServerConfig = {
    ...loadConfig({
      PORT: "0",
      HEALTH_PORT: "0",
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      PUBLIC_ORIGIN: "http://127.0.0.1:8080",
      ...env,
    }),
    db: database.target,
  };
  const logger = logLines
    ? createLogger({ level: "info", stream: { write: (line) => logLines.push(line) } })
    : undefined;
  const server = await startServer(config, logger ? undefined : () => undefined, logger);
  return {
    server,
    api: server.url!,
    health: server.healthUrl,
    async stop() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe("a server on a stand-in chain: health port, readiness, metrics, headers, log", () => {
  let chain: Awaited<ReturnType<typeof startStandInChain>>;
  let whole: Awaited<ReturnType<typeof startWholeServer>>;
  const lines: string[] = [];

  before(async () => {
    chain = await startStandInChain(20);
    // The indexer's first range waits: it has not polled successfully yet.
    chain.closeGate();
    whole = await startWholeServer(
      {
        RPC_URL: chain.url,
        FALLBACK_RPC_URLS: FALLBACK_RPC,
        INDEXER_POLL_MS: "20",
        INDEXER_MAX_BLOCK_RANGE: "10",
        READY_MAX_LAG_BLOCKS: "50",
        READY_MAX_POLL_AGE_MS: "1500",
      },
      lines,
    );
  });

  after(async () => {
    await whole?.stop();
    await chain?.close();
  });

  const ready = async () => {
    const response = await fetch(`${whole.health}/ready`);
    return { status: response.status, text: await response.text() };
  };
  const status = async () =>
    ((await (await fetch(`${whole.api}/api/system/status`)).json()) as Reply<SystemStatus>).data;

  test("/health answers while /ready waits for a poll, a small lag and a recent poll", async () => {
    const health = await fetch(`${whole.health}/health`);
    assert.equal(health.status, 200);
    await until("holding a range", async () => chain.held > 0);
    assert.deepEqual(await ready(), {
      status: 503,
      text: "The indexer has not polled the chain successfully yet.\n",
    });

    chain.openGate();
    // Ready as soon as the lag is within 50, which the first range of 10 already gives.
    await until("ready once caught up", async () => (await ready()).status === 200);
    assert.equal((await ready()).text, "ready\n");
    await until("indexed to the head", async () => (await status()).indexedBlock === 20);
    const caughtUp = await status();
    assert.equal(caughtUp.indexedBlock, 20);
    assert.equal(caughtUp.finalizedBlock, 20);
    assert.equal(caughtUp.lag, 0);
    assert.ok(caughtUp.lastPollAt !== null && Math.abs(caughtUp.lastPollAt - Date.now() / 1000) < 5, "lastPollAt");

    // The chain moves 100 blocks on; the indexer applies one range of 10 and is 90 behind.
    chain.closeGate();
    chain.head = 120;
    await until("holding the next range", async () => chain.held > 0);
    chain.releaseOne();
    await until("not ready while 90 behind", async () => (await ready()).status === 503);
    assert.equal(
      (await ready()).text,
      "The indexer is 90 blocks behind the chain's finalized head 120 (at most 50).\n",
    );
    chain.openGate();
    await until("caught up again", async () => (await status()).indexedBlock === 120);
    await until("ready again", async () => (await ready()).status === 200);

    // The RPC stops answering: ready until the last poll is 1.5 s old, then not.
    chain.up = false;
    const stopped = Date.now();
    await until("not ready with an old poll", async () => (await ready()).status === 503);
    assert.ok(Date.now() - stopped >= 1400, `not ready after only ${Date.now() - stopped} ms`);
    assert.match((await ready()).text, /^The indexer's last successful poll was \d+ s ago \(at most 1\.5 s\)\.\n$/);
    // The status says so too: no head from the RPC, and the last poll as it was.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const down = await status();
    assert.deepEqual([down.finalizedBlock, down.lag, down.indexedBlock], [null, null, 120]);
    assert.ok(down.lastPollAt !== null && down.lastPollAt <= Math.ceil(stopped / 1000));

    chain.up = true;
    await until("ready once the RPC answers again", async () => (await ready()).status === 200, 40_000);
  });

  test("/metrics is served on the health port only, with the indexer's, the RPC's, the API's and sign-in's", async () => {
    for (const name of ["/metrics", "/health", "/ready"]) {
      const response = await fetch(`${whole.api}${name}`);
      assert.equal(response.status, 404, name);
      assert.doesNotMatch(await response.text(), /dwn_|# HELP/, name);
    }
    const login = await fetch(`${whole.api}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ address: ACCOUNT, signs: `0x${"11".repeat(65)}`, lang: "en-us" }).toString(),
    });
    assert.equal(((await login.json()) as Reply<null>).status, 422);

    const response = await fetch(`${whole.health}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const value = (pattern: string) => {
      const match = new RegExp(`^${pattern} (\\S+)$`, "m").exec(text);
      assert.ok(match, `no ${pattern} in\n${text}`);
      return Number(match[1]);
    };
    assert.equal(value("dwn_indexer_finalized_block"), 120);
    assert.equal(value("dwn_indexer_indexed_block"), 120);
    assert.equal(value("dwn_indexer_lag_blocks"), 0);
    assert.ok(Math.abs(value("dwn_indexer_last_poll_timestamp_seconds") - Date.now() / 1000) < 30);
    // 2 ranges to block 20 and 10 to block 120, the one in which the RPC went away perhaps again.
    assert.ok(value("dwn_indexer_batches_applied_total") >= 12);
    assert.equal(value("dwn_indexer_events_applied_total"), 0);
    assert.equal(value("dwn_indexer_reorgs"), 0);
    assert.ok(value('dwn_rpc_errors_total\\{method="eth_getBlockByNumber"\\}') >= 1);
    assert.ok(value('dwn_http_requests_total\\{method="GET",route="/api/system/status",status="200"\\}') >= 3);
    assert.ok(value('dwn_http_requests_total\\{method="GET",route="\\(no route\\)",status="404"\\}') >= 3);
    assert.ok(value('dwn_http_request_duration_seconds_count\\{method="POST",route="/api/user/login"\\}') >= 1);
    assert.ok(
      value('dwn_http_request_duration_seconds_bucket\\{le="\\+Inf",method="POST",route="/api/user/login"\\}') >= 1,
    );
    assert.equal(value("dwn_sign_in_attempts_total"), 1);
    assert.equal(value('dwn_sign_in_refusals_total\\{reason="noChallenge"\\}'), 1);
    assert.ok(value("dwn_process_resident_memory_bytes") > 0);
  });

  test("the web app's HTML and the API's answers carry the Content-Security-Policy", async () => {
    const html = await fetch(`${whole.api}/chain/`);
    assert.equal(html.status, 200);
    assert.match(await html.text(), /<div id="root">/);
    const api = await fetch(`${whole.api}/api/notice/getList`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "page=1&limit=10&lang=en-us",
    });
    assert.equal(((await api.json()) as Reply<unknown>).status, 200);
    const config = await fetch(`${whole.api}/api/config`);
    const hash = `'sha256-${createHash("sha256").update(INLINE).digest("base64")}'`;
    for (const response of [html, api, config]) {
      const csp = policy(response.headers.get("content-security-policy"));
      assert.deepEqual(csp.get("default-src"), ["'self'"]);
      assert.deepEqual(csp.get("script-src"), ["'self'", hash]);
      assert.deepEqual(csp.get("style-src"), ["'self'", "'unsafe-inline'"]);
      assert.deepEqual(csp.get("img-src"), ["'self'", "data:", "blob:"]);
      assert.deepEqual(csp.get("connect-src"), ["'self'", chain.url, "https://fallback.example"]);
      assert.deepEqual(csp.get("frame-src"), ["'none'"]);
      assert.deepEqual(csp.get("frame-ancestors"), ["'none'"]);
      assert.deepEqual(csp.get("object-src"), ["'none'"]);
      assert.equal(csp.has("upgrade-insecure-requests"), false);
      assert.equal(response.headers.get("x-frame-options"), "DENY");
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      // Plain HTTP (PUBLIC_ORIGIN is http): no HSTS.
      assert.equal(response.headers.get("strict-transport-security"), null);
    }
    // The preconnect hint for the RPC stays.
    assert.match(html.headers.get("link") ?? "", /rel=preconnect/);
  });

  test("files and folders whose names start with a dot are not served: 404, as for a file that is not there", async () => {
    const script = await fetch(`${whole.api}/chain/assets/index.js`);
    assert.equal(script.status, 200);
    assert.equal(await script.text(), "export {};");
    for (const hidden of [
      "/chain/.vite/manifest.json",
      "/chain/.vite/",
      "/chain/%2Evite/manifest.json",
      "/chain/assets/../.vite/manifest.json",
      "/chain/.devnet-build",
    ]) {
      for (const encoding of ["identity", "gzip, deflate, br"]) {
        const response = await fetch(`${whole.api}${hidden}`, { headers: { "accept-encoding": encoding } });
        assert.equal(response.status, 404, `${hidden} (${encoding})`);
        assert.equal(await response.text(), "Not found", `${hidden} (${encoding})`);
      }
    }
  });

  test("a body over the limit answers HTTP 413 with the API's sentence, in the request's language", async () => {
    for (const [lang, sentence] of [
      ["en-us", "The request is too large"],
      ["zh-cn", "请求过大"],
    ]) {
      const response = await fetch(`${whole.api}/api/notice/getList`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "think-lang": lang },
        body: `page=1&limit=10&pad=${"x".repeat(64 * 1024)}`,
      });
      assert.equal(response.status, 413);
      assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
      assert.ok(response.headers.get("content-security-policy"));
      assert.deepEqual(await response.json(), { status: 422, msg: sentence, data: null });
    }
  });

  test("the JSON log has a line per request and no token, signature, key, cookie or Authorization in it", async () => {
    const secrets = {
      authorization: "Bearer authorization-secret-1",
      cookie: "session=cookie-secret-2",
      sKey: "skey-secret-3",
      token: "token-secret-4",
      signs: `0x${"5e".repeat(65)}`,
      l_sign: "lsign-secret-6",
      query: "query-secret-7",
    };
    const before = lines.length;
    const headers = {
      authorization: secrets.authorization,
      cookie: secrets.cookie,
      sKey: secrets.sKey,
      "content-type": "application/x-www-form-urlencoded",
    };
    const body = new URLSearchParams({
      address: ACCOUNT,
      signs: secrets.signs,
      token: secrets.token,
      l_sign: secrets.l_sign,
    }).toString();
    for (const [endpoint, extra] of [
      ["user/login", ""],
      ["user/getMemberTeamInfo", ""],
      ["notice/getList", `&pad=${"x".repeat(20_000)}`],
    ]) {
      const response = await fetch(`${whole.api}/api/${endpoint}?token=${secrets.query}`, {
        method: "POST",
        headers,
        body: body + extra,
      });
      await response.arrayBuffer();
    }
    await fetch(`${whole.api}/chain/?token=${secrets.query}`, { headers }).then((r) => r.arrayBuffer());
    // A logged object that carries them anyway is redacted too.
    const logger = createLogger({ level: "info", stream: { write: (line) => lines.push(line) } });
    logger.info(
      {
        req: { headers: { authorization: secrets.authorization, cookie: secrets.cookie } },
        headers: { skey: secrets.sKey },
        token: secrets.token,
        fields: { signs: secrets.signs, l_sign: secrets.l_sign },
      },
      "probe",
    );

    const written = lines.slice(before);
    const entries = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.msg === "request");
    assert.deepEqual(
      requests.map((entry) => [entry.method, entry.route, entry.path, entry.status]),
      [
        ["POST", "/api/user/login", "/api/user/login", 200],
        ["POST", "/api/user/getMemberTeamInfo", "/api/user/getMemberTeamInfo", 200],
        ["POST", "/api/notice/getList", "/api/notice/getList", 413],
        ["GET", "/chain/", "/chain/", 200],
      ],
    );
    for (const entry of requests) {
      assert.match(String(entry.reqId), /^[0-9a-f-]{36}$/);
      assert.equal(typeof entry.ms, "number");
      assert.equal(entry.level, "info");
      assert.match(String(entry.time), /^\d{4}-\d\d-\d\dT/);
    }
    assert.equal(new Set(requests.map((entry) => entry.reqId)).size, requests.length);
    const probe = entries.find((entry) => entry.msg === "probe");
    assert.deepEqual(probe?.token, "[redacted]");
    const text = written.join("");
    for (const [name, secret] of Object.entries(secrets)) {
      assert.ok(!text.includes(secret.replace(/^(Bearer |session=)/, "")), `${name} reached the log:\n${text}`);
    }
  });
});

test("with WalletConnect and a TLS origin: its hosts join the policy, and HSTS is sent", async () => {
  const chain = await startStandInChain(5);
  const whole = await startWholeServer({
    SERVER_ROLE: "api",
    RPC_URL: chain.url,
    PUBLIC_ORIGIN: "https://dwn.example",
    WALLETCONNECT_PROJECT_ID: "0123456789abcdef0123456789abcdef",
  });
  try {
    for (const url of [`${whole.api}/chain/`, `${whole.api}/api/config`]) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      const csp = policy(response.headers.get("content-security-policy"));
      assert.deepEqual(csp.get("connect-src"), ["'self'", chain.url, ...WALLETCONNECT_SOURCES.connect]);
      for (const host of ["wss://relay.walletconnect.org", "wss://relay.walletconnect.com", "https://*.reown.com"]) {
        assert.ok(csp.get("connect-src")?.includes(host), host);
      }
      assert.deepEqual(csp.get("frame-src"), ["https://verify.walletconnect.org", "https://verify.walletconnect.com"]);
      assert.deepEqual(csp.get("img-src"), ["'self'", "data:", "blob:", ...WALLETCONNECT_SOURCES.img]);
      assert.deepEqual(csp.get("font-src"), ["'self'", "data:", "https://fonts.reown.com"]);
      assert.deepEqual(csp.get("frame-ancestors"), ["'none'"]);
      assert.deepEqual(csp.get("upgrade-insecure-requests"), []);
      assert.equal(response.headers.get("strict-transport-security"), "max-age=31536000");
    }
    // An API-only process is ready once its database answers.
    const ready = await fetch(`${whole.health}/ready`);
    assert.deepEqual([ready.status, await ready.text()], [200, "ready\n"]);
  } finally {
    await whole.stop();
    await chain.close();
  }
});

test("a web folder without its index.html (a build still writing it): the server starts and serves the API alone", async () => {
  const chain = await startStandInChain(5);
  const lines: string[] = [];
  const whole = await startWholeServer({ SERVER_ROLE: "api", RPC_URL: chain.url }, lines, false);
  try {
    const config = await fetch(`${whole.api}/api/config`);
    assert.equal(config.status, 200);
    assert.equal(((await config.json()) as { chain: { rpcUrl: string } }).chain.rpcUrl, chain.url);
    assert.equal((await fetch(`${whole.api}/chain/`)).status, 404);
    assert.equal((await fetch(`${whole.api}/chain/assets/index.js`)).status, 404);
    const listening = lines.map((line) => JSON.parse(line) as { msg: string }).find((l) => /listening/.test(l.msg));
    assert.match(listening?.msg ?? "", /\(API under \/api\/\)\.$/);
  } finally {
    await whole.stop();
    await chain.close();
  }
});

test("readiness: migrated, a database that answers, and for the indexer a recent poll and a small lag", async () => {
  let now = 1_000_000;
  const answering = { query: async () => [] };
  const silent = { query: () => new Promise<never>(() => undefined) };
  const readiness = createReadiness({
    indexer: true,
    maxLagBlocks: 5,
    maxPollAgeMs: 3000,
    dbTimeoutMs: 50,
    now: () => now,
  });
  const verdict = async () => readiness.check();
  assert.deepEqual(await verdict(), { ready: false, problems: ["The database is not migrated yet."] });
  readiness.migrated(answering);
  assert.deepEqual((await verdict()).problems, ["The indexer has not polled the chain successfully yet."]);
  readiness.polled({ head: 105, indexed: 100, at: now });
  assert.deepEqual(await verdict(), { ready: true, problems: [] });
  readiness.polled({ head: 106, indexed: 100, at: now });
  assert.deepEqual((await verdict()).problems, [
    "The indexer is 6 blocks behind the chain's finalized head 106 (at most 5).",
  ]);
  readiness.polled({ head: 106, indexed: 106, at: now });
  now += 3001;
  assert.deepEqual((await verdict()).problems, ["The indexer's last successful poll was 3 s ago (at most 3 s)."]);
  // Standing by while another process indexes is what a standby should do.
  readiness.standBy(true);
  assert.deepEqual(await verdict(), { ready: true, problems: [] });
  readiness.migrated(silent);
  assert.deepEqual((await verdict()).problems, ["The database does not answer."]);
  // Holding the lock again: not ready until this process has polled.
  readiness.migrated(answering);
  readiness.standBy(false);
  assert.deepEqual((await verdict()).problems, ["The indexer has not polled the chain successfully yet."]);

  const api = createReadiness({ indexer: false, maxLagBlocks: 5, maxPollAgeMs: 3000 });
  api.migrated(answering);
  assert.deepEqual(await api.check(), { ready: true, problems: [] });
});

test("the policy allows exactly the inline scripts index.html runs, by hash", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const html = `<script type="application/json">{"a":1}</script><script>a()</script>
<SCRIPT type="module">b()</SCRIPT><script src="/x.js"></script><script type="text/javascript">c()</script>
<script type="importmap">{}</script><script>a()</script>`;
  assert.deepEqual(inlineScriptHashes(html), [sha("a()"), sha("b()"), sha("c()")]);
});

test("HEALTH_PORT, READY_* and LOG_LEVEL are validated with a sentence", () => {
  const config = loadConfig({});
  assert.deepEqual(config.health, { host: "127.0.0.1", port: 9464, maxLagBlocks: 50, maxPollAgeMs: 60_000 });
  assert.equal(loadConfig({ INDEXER_POLL_MS: "30000" }).health.maxPollAgeMs, 90_000);
  assert.equal(config.logLevel, "info");
  for (const [env, sentence] of [
    [{ HEALTH_PORT: "70000" }, /^HEALTH_PORT must be a whole number from 0 to 65535; it is "70000"\.$/m],
    [{ HEALTH_HOST: "example.com" }, /^HEALTH_HOST must be an IP address to listen on \(or localhost\)/m],
    [{ READY_MAX_LAG_BLOCKS: "-1" }, /^READY_MAX_LAG_BLOCKS must be a whole number from 0 to 1000000/m],
    [{ READY_MAX_POLL_AGE_MS: "5" }, /^READY_MAX_POLL_AGE_MS must be a whole number from 100/m],
    [
      { LOG_LEVEL: "loud" },
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; it is "loud"\.$/m,
    ],
    [{ HEALTH_PORT: "8080" }, /^HEALTH_PORT must differ from PORT \(8080\)/m],
  ] as const) {
    assert.throws(
      () => loadConfig(env),
      (error: Error) => sentence.test(error.message),
      JSON.stringify(env),
    );
  }
});
