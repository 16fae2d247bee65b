import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { connect } from "node:net";
import { createApiClient, Status } from "@dwn/api";
import { createPublicClient, http, type Address } from "viem";
import { loadConfig } from "../src/config";
import { clientKey, createLimiter, DEFAULT_LIMITS, leaseSize, originForm, WINDOW_SECONDS } from "../src/serve/limits";
import { createSignIn } from "../src/serve/signin";
import { sweep } from "../src/serve/sweep";
import { openDb, type Db } from "../src/store/db";
import { placeholderContracts, sessionToken, startApi, type ApiServer, type ApiServerOptions } from "./support/api";
import { testDbTarget } from "./support/db";
import { migrate } from "../src/store/migrations";

/**
 * Rate limits: per client address on every API call, per token on the signed-in ones, counted
 * in the database so that every API process of a deployment counts against one limit; the
 * client address from X-Forwarded-For only when the connection comes from a trusted proxy.
 */

const POOL: Address = "0x00000000000000000000000000000000000000aa";
/** A clock 17.5 s into a one-minute window: a refusal says to wait 43 s. */
const WINDOW = 29_000_000 * 60_000;
const AT = WINDOW + 17_500;

describe("rate limits", () => {
  let db: Db;
  /** A second connection pool to the same database, as another process has (PGlite: the same one). */
  let otherDb: Db;
  let drop: () => Promise<void>;
  const servers: ApiServer[] = [];
  let minute = 0;

  before(async () => {
    const { target, drop: dropSchema } = testDbTarget();
    db = await openDb(target);
    await migrate(db);
    otherDb = target.kind === "postgres" ? await openDb(target) : db;
    drop = async () => {
      if (otherDb !== db) await otherDb.close();
      await db.close();
      await dropSchema();
    };
  });
  after(async () => {
    await Promise.allSettled(servers.map((s) => s.close()));
    await drop?.();
  });

  /**
   * An API server with the given limits on a clock that stands still, in a minute of its own
   * (so that no two tests share a window's counts).
   */
  async function server({ at = AT + 60_000 * ++minute, ...options }: Partial<ApiServerOptions> & { at?: number } = {}) {
    const signIn = createSignIn({
      db: options.db ?? db,
      // Nothing here reaches the chain.
      client: createPublicClient({ transport: http("http://127.0.0.1:9") }),
      pool: POOL,
      chainId: 31337,
      origin: "https://dwn.example",
    });
    const api = await startApi({ db, signIn, contracts: placeholderContracts(POOL), clock: () => at, ...options });
    servers.push(api);
    return api;
  }

  const get = (api: ApiServer, path: string, headers: Record<string, string> = {}) =>
    fetch(`${api.origin}${path}`, { headers });

  test("refusals are HTTP 429 with Retry-After and the catalogue's sentence in the request's language", async () => {
    const api = await server({ limits: { perIp: 2 }, at: AT });
    for (let i = 0; i < 2; i++) assert.equal((await get(api, "/api/config")).status, 200);

    const english = await get(api, "/api/config", { "think-lang": "en-us" });
    assert.equal(english.status, 429);
    assert.equal(english.headers.get("retry-after"), "43");
    assert.match(english.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(await english.json(), {
      status: 429,
      msg: "Too many requests; please try again in 43 seconds",
      data: null,
    });
    // Without a language, the default (zh-cn).
    assert.deepEqual(await (await get(api, "/api/system/status")).json(), {
      status: 429,
      msg: "请求过于频繁，请 43 秒后再试",
      data: null,
    });

    // An enveloped call gets the same plain answer, which the client reads as a reply.
    const client = createApiClient({ origin: api.origin, publicKey: api.keys.publicKey });
    assert.deepEqual(await client.call("notice/getList", { page: "1", limit: "10" }, { lang: "zh-cn" }), {
      status: Status.tooMany,
      msg: "请求过于频繁，请 43 秒后再试",
      data: null,
    });
    assert.deepEqual(await client.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }), {
      status: Status.tooMany,
      msg: "Too many requests; please try again in 43 seconds",
      data: null,
    });
    assert.deepEqual(api.faults, []);
  });

  test("every API call counts against the client address: config, status, endpoints, unknown paths", async () => {
    const api = await server({ limits: { perIp: 4 } });
    const client = createApiClient({ origin: api.origin, publicKey: api.keys.publicKey });
    assert.equal((await get(api, "/api/config")).status, 200);
    assert.equal((await get(api, "/api/system/status")).status, 200);
    assert.equal((await client.call("notice/getList", { page: "1", limit: "1" }, { lang: "en-us" })).status, 200);
    assert.equal((await get(api, "/api/no/such/call")).status, 200);
    for (const path of ["/api/config", "/api/system/status", "/api/no/such/call"]) {
      assert.equal((await get(api, path)).status, 429, path);
    }
    assert.equal((await client.call("notice/getList", { page: "1", limit: "1" }, { lang: "en-us" })).status, 429);
    // Outside the API (the web app's files) nothing is counted.
    assert.equal((await get(api, "/chain/")).status, 404);
  });

  test("a request counts whatever form its target takes: absolute form, encoded path, undecodable", async () => {
    const api = await server({ limits: { perIp: 6 }, signInPerMinute: 2 });
    const { host } = new URL(api.origin);
    const body = "address=0x00000000000000000000000000000000000000bb";
    const challenge = (target: string) =>
      raw(api, `POST ${target} HTTP/1.1\r\nHost: ${host}\r\n${FORM}Content-Length: ${body.length}\r\n\r\n${body}`);
    // Sign-in's own limit: two challenges, whatever the target's form, then 429.
    assert.equal((await challenge(`http://${host}/api/user/get_address_random`)).status, 200);
    assert.equal((await challenge(`HTTP://elsewhere.example/api/user/get_address_random?x=1`)).status, 200);
    const third = await challenge(`http://${host}/api/user/get_address_random`);
    assert.equal(third.status, 429, third.text);

    // An unknown API path in absolute form: the API's refusal, counted. (4 of 6 used with these.)
    const unknown = await raw(api, `GET http://${host}/api/no/such/call HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    assert.equal(unknown.status, 200);
    assert.equal((JSON.parse(unknown.text) as { status: number }).status, 422);

    // A path that cannot be decoded: 400 in plain JSON with the security headers, counted, and
    // its session key never opened (a reply sealed with it would be text/plain).
    const publicKey = createPublicKey({ key: Buffer.from(api.keys.publicKey, "base64"), format: "der", type: "spki" });
    const sKey = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from("k".repeat(16), "latin1"),
    ).toString("base64");
    const garbled = (target: string) =>
      raw(api, `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nsKey: ${sKey}\r\n${FORM}Content-Length: 0\r\n\r\n`);
    const bad = await garbled("/api/%zz");
    assert.equal(bad.status, 400);
    assert.match(bad.headers["content-type"] ?? "", /^application\/json/);
    assert.deepEqual(JSON.parse(bad.text), { status: 422, msg: "无法读取请求", data: null });
    assert.ok(bad.headers["content-security-policy"], "the security headers");
    assert.equal(bad.headers["x-frame-options"], "DENY");
    assert.equal((await garbled(`http://${host}/chain/%E0%A4%A`)).status, 400);
    // The limit (6) is spent: the next one, of whatever form, is refused before anything else.
    const over = await garbled("/api/%zz");
    assert.equal(over.status, 429);
    assert.ok(over.headers["content-security-policy"], "the security headers on the 429");
    assert.equal((await get(api, "/api/config")).status, 429);
    assert.equal((await raw(api, `GET http://${host}/api/config HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).status, 429);
    assert.deepEqual(api.faults, []);
  });

  test("signed-in calls are limited per token; another token, and the open calls, go on", async () => {
    const api = await server({ limits: { perToken: 3 } });
    const client = createApiClient({ origin: api.origin, publicKey: api.keys.publicKey });
    const member = "0x" + "7".repeat(40);
    const [busy, calm] = [await sessionToken(db, member), await sessionToken(db, member)];
    const page = { page: "1", limit: "10" };
    for (let i = 0; i < 3; i++) {
      assert.equal((await client.call("NFT/getNFTList", page, { lang: "en-us", token: busy })).status, 200);
    }
    for (const endpoint of ["NFT/getNFTList", "user/getFriendList"] as const) {
      assert.deepEqual(await client.call(endpoint, page, { lang: "en-us", token: busy }), {
        status: Status.tooMany,
        msg: `Too many requests; please try again in 43 seconds`,
        data: null,
      });
    }
    assert.equal((await client.call("NFT/getNFTList", page, { lang: "en-us", token: calm })).status, 200);
    assert.equal((await client.call("notice/getList", page, { lang: "en-us" })).status, 200);
    // The counts are keyed by the token's hash: the database never holds a token.
    const keys = (await db.query<{ key: string }>("SELECT key FROM rate_limits")).map((r) => r.key);
    assert.ok(keys.some((k) => k.startsWith("token/")));
    assert.ok(!keys.some((k) => k.includes(busy) || k.includes(calm)));
  });

  test("a forwarded address is believed only from a trusted proxy", async () => {
    // No proxy trusted (the default): X-Forwarded-For changes nothing, the peer is counted.
    const direct = await server({ limits: { perIp: 3 } });
    for (let i = 0; i < 3; i++) {
      assert.equal((await get(direct, "/api/config", { "x-forwarded-for": `198.51.100.${i}` })).status, 200);
    }
    assert.equal((await get(direct, "/api/config", { "x-forwarded-for": "198.51.100.99" })).status, 429);
    assert.equal((await get(direct, "/api/config")).status, 429);

    // A proxy is trusted, but the connection does not come from it: the same.
    const elsewhere = await server({ limits: { perIp: 3 }, trustProxy: ["10.9.9.9", "192.168.0.0/16"] });
    for (let i = 0; i < 3; i++) {
      assert.equal((await get(elsewhere, "/api/config", { "x-forwarded-for": `198.51.100.${i}` })).status, 200);
    }
    assert.equal((await get(elsewhere, "/api/config", { "x-forwarded-for": "198.51.100.99" })).status, 429);

    // Behind a trusted proxy (this test's loopback connection), each forwarded client counts alone.
    const proxied = await server({ limits: { perIp: 3 }, trustProxy: ["127.0.0.1"] });
    const from = (chain: string) => get(proxied, "/api/config", { "x-forwarded-for": chain });
    for (let i = 0; i < 3; i++) assert.equal((await from("203.0.113.1")).status, 200);
    assert.equal((await from("203.0.113.1")).status, 429);
    assert.equal((await from("203.0.113.2")).status, 200);
    // A client cannot pick its address by sending its own header through the proxy: the
    // proxy appends the address it saw, and that one is counted.
    assert.equal((await from("203.0.113.77, 203.0.113.1")).status, 429);
  });

  test("two API processes on one database together admit no more than the limit", async () => {
    const limit = 40;
    const at = AT + 60_000 * ++minute;
    const first = await server({ limits: { perIp: limit }, at });
    // The second process reads and writes through its own connections (PostgreSQL).
    const second = await server({ limits: { perIp: limit }, at, db: otherDb });

    const statuses: number[] = [];
    // 200 requests, 20 at a time, spread over both processes.
    for (let round = 0; round < 10; round++) {
      const batch = Array.from({ length: 20 }, (_, i) =>
        get(i % 2 === 0 ? first : second, "/api/config").then((r) => r.status),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    const admitted = statuses.filter((s) => s === 200).length;
    assert.equal(admitted + statuses.filter((s) => s === 429).length, 200);
    assert.ok(admitted <= limit, `${admitted} admitted, over the limit of ${limit}`);
    // Permits one process leased and did not spend are not the other's (at most one lease each).
    assert.ok(admitted >= limit - 2 * leaseSize(limit), `only ${admitted} of ${limit} admitted`);

    // One at a time, alternating, in the next minute: the same.
    const next = at + 60_000;
    const a = await server({ limits: { perIp: limit }, at: next });
    const b = await server({ limits: { perIp: limit }, at: next, db: otherDb });
    let admittedOneByOne = 0;
    for (let i = 0; i < 100; i++)
      if ((await get(i % 2 === 0 ? a : b, "/api/config")).status === 200) admittedOneByOne++;
    assert.ok(admittedOneByOne <= limit && admittedOneByOne >= limit - 2 * leaseSize(limit), `${admittedOneByOne}`);
    for (const api of [first, second, a, b]) assert.deepEqual(api.faults, []);
  });

  test("a lease is one statement for every key waiting; the database's count is the permits leased", async () => {
    const statements: unknown[][] = [];
    const counting: Db = {
      ...db,
      query: (text, params) => {
        if (text.includes("rate_limits")) statements.push([...(params ?? [])]);
        return db.query(text, params);
      },
    };
    const at = AT + 60_000 * ++minute;
    const limiter = createLimiter({ db: counting, now: () => at });
    const verdicts = await Promise.all(Array.from({ length: 50 }, (_, i) => limiter.take(`k${i % 10}`, 64)));
    assert.ok(verdicts.every((v) => v === true));
    assert.equal(statements.length, 1, "one statement for ten keys");
    const rows = await db.query<{ leased: string }>(
      "SELECT leased::text FROM rate_limits WHERE key LIKE 'k%' AND window_start = $1",
      [Math.floor(at / 60_000) * 60],
    );
    assert.equal(rows.length, 10);
    // Five waiting on each key: a lease of five (more than the block of two a limit of 64 takes).
    assert.deepEqual(
      rows.map((r) => Number(r.leased)),
      Array<number>(10).fill(5),
    );
    // The next 59 on one key are served from further leases, the 65th is refused, at once.
    let admitted = 0;
    for (let i = 0; i < 60; i++) if (await limiter.take("k0", 64)) admitted++;
    assert.equal(admitted, 59);
    assert.equal(limiter.take("k0", 64), false);
  });

  test("when the database cannot count, requests go through and the fault is logged once", async () => {
    const lines: string[] = [];
    const broken: Db = {
      ...db,
      query: () => Promise.reject(new Error("connection refused")),
    };
    const limiter = createLimiter({ db: broken, now: () => AT, log: (line) => lines.push(line) });
    for (let i = 0; i < 5; i++) assert.equal(await limiter.take("k", 1), true);
    assert.equal(lines.length, 1);
    assert.match(lines[0], /Rate limits cannot be counted .*connection refused/);
  });

  test("the sweep drops the windows before the current one", async () => {
    const now = Math.floor(AT / 1000) + 60 * 1000;
    const window = Math.floor(now / WINDOW_SECONDS) * WINDOW_SECONDS;
    await db.query(
      "INSERT INTO rate_limits (key, window_start, leased) VALUES ('old', $1, 1), ('previous', $2, 1), ('current', $3, 1)",
      [window - 120, window - 60, window],
    );
    await sweep(db, now);
    const left = await db.query<{ key: string }>(
      "SELECT key FROM rate_limits WHERE key IN ('old', 'previous', 'current') ORDER BY key",
    );
    assert.deepEqual(
      left.map((r) => r.key),
      ["current", "previous"],
    );
  });
});

const FORM = "Content-Type: application/x-www-form-urlencoded\r\n";

/** One HTTP/1.1 request written as is on its own connection (targets fetch would not send). */
function raw(
  api: ApiServer,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const { hostname, port } = new URL(api.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(request.replace("\r\n", "\r\nConnection: close\r\n")),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const data = Buffer.concat(chunks).toString("utf8");
      const [head, ...rest] = data.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, text: rest.join("\r\n\r\n") });
    });
  });
}

test("a request target in absolute form is read in origin form; one the router cannot read is none", () => {
  assert.equal(originForm("/api/config?x=1"), "/api/config?x=1");
  assert.equal(originForm("http://h.example/api/config?x=1"), "/api/config?x=1");
  assert.equal(originForm("HTTPS://h.example:8443/api/%61"), "/api/%61");
  assert.equal(originForm("http://h.example?x=1"), "/?x=1");
  assert.equal(originForm("http://h.example"), "/");
  assert.equal(originForm("*"), "*");
  assert.equal(originForm("/api/%zz"), undefined);
  assert.equal(originForm("/api/%E0%A4%A"), undefined);
  assert.equal(originForm("/api/ok?bad=%zz"), "/api/ok?bad=%zz");
  assert.equal(originForm("http:///api/config"), undefined);
  assert.equal(originForm("http://h.example/api/config#x"), undefined);
});

test("a limit counts an IPv4 address, or an IPv6 address's /64", () => {
  assert.equal(clientKey("203.0.113.9"), "203.0.113.9");
  assert.equal(clientKey("::ffff:203.0.113.9"), "203.0.113.9");
  assert.equal(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:db8:1:2::9"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:0db8:0001:0002:0000:0000:0000:0001"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:db8::1"), "2001:db8:0:0::/64");
  assert.equal(clientKey("::1"), "0:0:0:0::/64");
  assert.equal(clientKey("fe80::1%eth0"), "fe80:0:0:0::/64");
  assert.equal(clientKey("1::2:3:4:5:1.2.3.4"), "1:0:2:3::/64");
  assert.equal(clientKey(undefined), "unknown");
});

test("the limits and the trusted proxies come from the configuration, checked", () => {
  const defaults = loadConfig({});
  assert.deepEqual(defaults.limits, DEFAULT_LIMITS);
  assert.deepEqual(defaults.trustProxy, []);
  assert.deepEqual(defaults.signInCheck, { gas: 1_000_000n, timeoutMs: 5000 });
  const set = loadConfig({
    API_PER_MINUTE_PER_IP: "100",
    API_PER_MINUTE_PER_TOKEN: "50",
    SIGN_IN_PER_MINUTE: "5",
    TRUST_PROXY: " 10.0.0.1, 10.1.0.0/16 ,2001:db8::/32,loopback ",
    SIGN_IN_CHECK_GAS: "500000",
    SIGN_IN_CHECK_TIMEOUT_MS: "2000",
  });
  assert.deepEqual(set.limits, { perIp: 100, perToken: 50, signInPerIp: 5 });
  assert.deepEqual(set.trustProxy, ["10.0.0.1", "10.1.0.0/16", "2001:db8::/32", "loopback"]);
  assert.deepEqual(set.signInCheck, { gas: 500_000n, timeoutMs: 2000 });

  const cases: [Record<string, string>, RegExp][] = [
    [{ TRUST_PROXY: "true" }, /^TRUST_PROXY must list the addresses or CIDR ranges of your proxies/m],
    [{ TRUST_PROXY: "10.0.0.1,proxy.example" }, /^TRUST_PROXY must list/m],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^TRUST_PROXY must list/m],
    [{ API_PER_MINUTE_PER_IP: "0" }, /^API_PER_MINUTE_PER_IP must be a whole number from 1/m],
    [{ API_PER_MINUTE_PER_TOKEN: "many" }, /^API_PER_MINUTE_PER_TOKEN must be a whole number from 1/m],
    [{ SIGN_IN_CHECK_GAS: "100" }, /^SIGN_IN_CHECK_GAS must be a whole number from 21000/m],
  ];
  for (const [env, sentence] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: Error) => sentence.test(error.message),
      JSON.stringify(env),
    );
  }
});
