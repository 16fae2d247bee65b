import { test } from "node:test";
import assert from "node:assert/strict";
import { carriesCredentials, loadConfig, publicRpcFallback } from "../src/config";

test("the defaults run the devnet's whole server on loopback with the embedded database", () => {
  const config = loadConfig({});
  assert.equal(config.runApi, true);
  assert.equal(config.runIndexer, true);
  assert.equal(config.host, "127.0.0.1");
  assert.equal(config.port, 8080);
  assert.equal(config.chain.id, 31337);
  assert.equal(config.chain.rpcUrl, "http://127.0.0.1:8545");
  assert.equal(config.db.kind, "pglite");
  assert.equal(config.publicOrigin, "http://127.0.0.1:8080");
  assert.deepEqual(
    config.levelThresholds,
    [0n, 1000n, 5000n, 20000n, 100000n].map((t) => t * 10n ** 18n),
  );
});

test("SERVER_ROLE runs the API or the indexer alone; DATABASE_URL selects PostgreSQL", () => {
  const api = loadConfig({ SERVER_ROLE: "api", DATABASE_URL: "postgres://u@127.0.0.1:5432/db" });
  assert.deepEqual([api.runApi, api.runIndexer, api.db.kind], [true, false, "postgres"]);
  const indexer = loadConfig({ SERVER_ROLE: "indexer", DEVNET_PORT: "9545" });
  assert.deepEqual([indexer.runApi, indexer.runIndexer], [false, true]);
  assert.equal(indexer.chain.rpcUrl, "http://127.0.0.1:9545");
});

test("FALLBACK_RPC_URLS names further public RPCs for the web app's reads, in order", () => {
  assert.deepEqual(loadConfig({}).chain.fallbackRpcUrls, []);
  assert.deepEqual(
    loadConfig({ FALLBACK_RPC_URLS: "https://a.example/rpc, https://b.example" }).chain.fallbackRpcUrls,
    ["https://a.example/rpc", "https://b.example"],
  );
});

test("every bad variable is named in a sentence, all of them at once", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "80000" }, /^PORT must be a whole number from 0 to 65535; it is "80000"\.$/m],
    [{ DEVNET_PORT: "x" }, /^DEVNET_PORT must be a whole number from 1 to 65535; it is "x"\.$/m],
    [{ SERVER_ROLE: "both" }, /^SERVER_ROLE must be "all", "api" or "indexer"; it is "both"\.$/m],
    [{ RPC_URL: "not a url" }, /^RPC_URL must be a URL; it is "not a url"\.$/m],
    [{ FALLBACK_RPC_URLS: "https://a.example,nope" }, /^FALLBACK_RPC_URLS\[1\] must be a URL; it is "nope"\.$/m],
    [{ CHAIN_ID: "97" }, /^CHAIN_NAME is not set: chain 97 has no built-in name\.$/m],
    [{ CHAIN_ID: "56" }, /^CHAIN_ID 56 has no deployment in @dwn\/contracts: deploy the contracts first\.$/m],
    [{ LEVEL_THRESHOLDS: "1,2,3" }, /^LEVEL_THRESHOLDS must be five whole numbers/m],
    [{ LEVEL_THRESHOLDS: "5,4,3,2,1" }, /^LEVEL_THRESHOLDS must be ascending/m],
    [{ SIGN_IN_PER_MINUTE: "0" }, /^SIGN_IN_PER_MINUTE must be a whole number from 1/m],
    [{ INDEXER_MAX_BLOCK_RANGE: "-5" }, /^INDEXER_MAX_BLOCK_RANGE must be a whole number from 1/m],
  ];
  for (const [env, sentence] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: Error) => sentence.test(error.message),
      JSON.stringify(env),
    );
  }
  assert.throws(
    () => loadConfig({ PORT: "x", SERVER_ROLE: "web" }),
    (error: Error) => error.message.split("\n").length === 2,
  );
});

test("WALLETCONNECT_PROJECT_ID offers WalletConnect; absent, it is not offered; malformed, refused", () => {
  assert.equal(loadConfig({}).walletConnectProjectId, undefined);
  assert.equal(loadConfig({ WALLETCONNECT_PROJECT_ID: " " }).walletConnectProjectId, undefined);
  const id = "0123456789abcdef0123456789ABCDEF";
  assert.equal(loadConfig({ WALLETCONNECT_PROJECT_ID: id }).walletConnectProjectId, id);
  for (const bad of ["0123", "0123456789abcdef0123456789abcdeg", "https://cloud.reown.com"]) {
    assert.throws(
      () => loadConfig({ WALLETCONNECT_PROJECT_ID: bad }),
      (error: Error) => error.message.includes("WALLETCONNECT_PROJECT_ID must be the 32 hexadecimal characters"),
    );
  }
});

test("the server's RPC reaches browsers only when it is a local devnet's", () => {
  // The devnet: the loopback RPC is all there is.
  assert.equal(loadConfig({}).chain.publicRpcUrl, "http://127.0.0.1:8545");
  const keyed = "https://bsc-mainnet.provider.example/v3/0123456789abcdef0123";
  assert.equal(publicRpcFallback(56, keyed), undefined);
  assert.equal(publicRpcFallback(97, keyed), undefined);
  assert.equal(publicRpcFallback(97, "http://localhost:8545"), "http://localhost:8545");
  assert.equal(publicRpcFallback(31337, "http://[::1]:8545"), "http://[::1]:8545");
  assert.equal(publicRpcFallback(31337, "http://127.0.0.1.example.com:8545"), undefined);
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };
  // BNB Smart Chain: PUBLIC_RPC_URL is required, and never one of RPC_URL's keyed URLs.
  const bsc = { CHAIN_ID: "56", RPC_URL: `https://bsc.public.example,${keyed}` };
  assert.match(problems(bsc), /^PUBLIC_RPC_URL is not set: on BNB Smart Chain \(56\) it is required/m);
  assert.match(
    problems({ ...bsc, PUBLIC_RPC_URL: `https://bsc-dataseed.bnbchain.org, ${keyed}` }),
    /^PUBLIC_RPC_URL must differ from RPC_URL: "https:\/\/bsc-mainnet\.provider\.example…" carries credentials/m,
  );
  // The same URL in both is fine when it carries no credentials.
  assert.doesNotMatch(
    problems({ ...bsc, PUBLIC_RPC_URL: "https://bsc.public.example,https://bsc-dataseed.bnbchain.org" }),
    /PUBLIC_RPC_URL/,
  );
  // A chain with no public endpoint built in, and a remote RPC: PUBLIC_RPC_URL must be named.
  const other = { CHAIN_ID: "97", CHAIN_NAME: "BSC Testnet", RPC_URL: keyed };
  assert.match(problems(other), /PUBLIC_RPC_URL is not set: chain 97 has no built-in public RPC/);
  assert.doesNotMatch(
    problems({ ...other, PUBLIC_RPC_URL: "https://data-seed-prebsc-1-s1.bnbchain.org:8545" }),
    /PUBLIC_RPC_URL/,
  );
});

test("RPC_URL and PUBLIC_RPC_URL take several URLs, comma-separated; one URL works as before", () => {
  const one = loadConfig({ RPC_URL: "http://127.0.0.1:9545" }).chain;
  assert.deepEqual([one.rpcUrl, one.rpcUrls], ["http://127.0.0.1:9545", ["http://127.0.0.1:9545"]]);
  const two = loadConfig({
    RPC_URL: "http://127.0.0.1:9545, http://127.0.0.1:9546",
    PUBLIC_RPC_URL: "https://a.example,https://b.example",
    FALLBACK_RPC_URLS: "https://c.example,https://b.example",
  }).chain;
  assert.deepEqual(two.rpcUrls, ["http://127.0.0.1:9545", "http://127.0.0.1:9546"]);
  assert.equal(two.rpcUrl, "http://127.0.0.1:9545");
  // Browsers get the first public one, then the rest and FALLBACK_RPC_URLS as their fallbacks.
  assert.equal(two.publicRpcUrl, "https://a.example");
  assert.deepEqual(two.fallbackRpcUrls, ["https://b.example", "https://c.example"]);
  assert.throws(() => loadConfig({ RPC_URL: "http://127.0.0.1:9545,nope" }), {
    message: /^RPC_URL\[1\] must be a URL; it is "nope"\.$/m,
  });
  assert.throws(() => loadConfig({ PUBLIC_RPC_URL: "x" }), {
    message: /^PUBLIC_RPC_URL must be a URL; it is "x"\.$/m,
  });
});

test("credentials in an RPC URL are recognised: a user, a query string, a key in the path", () => {
  for (const url of [
    "https://user:pass@rpc.example",
    "https://rpc.example/?apikey=1",
    "https://bsc-mainnet.infura.io/v3/0123456789abcdef0123456789abcdef",
    "https://x.bsc.quiknode.pro/4f1e2d3c4b5a69788796a5b4c3d2e1f0/",
  ]) {
    assert.ok(carriesCredentials(url), url);
  }
  for (const url of ["https://bsc-dataseed.bnbchain.org", "https://rpc.ankr.com/bsc", "http://127.0.0.1:8545"]) {
    assert.equal(carriesCredentials(url), false, url);
  }
});

test("TRUST_PROXY is refused when its ranges together trust every IPv4 or every internet IPv6 address", () => {
  const everyone = [
    ["0.0.0.0/0", "every IPv4 address"],
    ["::/0", "every IPv4 address and every IPv6 address on the internet"],
    ["0.0.0.0/1,128.0.0.0/1", "every IPv4 address"],
    ["10.0.0.1, 128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2", "every IPv4 address"],
    ["::ffff:0:0/96", "every IPv4 address"],
    ["::ffff:0.0.0.0/97,::ffff:128.0.0.0/97", "every IPv4 address"],
    ["::/1,8000::/1", "every IPv4 address and every IPv6 address on the internet"],
    ["2000::/3", "every IPv6 address on the internet"],
    ["2000::/4,3000::/4,loopback", "every IPv6 address on the internet"],
  ];
  for (const [value, what] of everyone) {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: value }),
      (error: Error) =>
        error.message.includes(
          `TRUST_PROXY must list only your proxies; "${value}" trusts ${what}, which would let any client choose the address its limits count.`,
        ),
      value,
    );
  }
  for (const value of [
    "0.0.0.0/1",
    "128.0.0.0/1,0.0.0.0/2",
    "2000::/4,3000::/5",
    "10.0.0.0/8,::1,loopback,uniquelocal",
  ]) {
    assert.deepEqual(
      loadConfig({ TRUST_PROXY: value }).trustProxy,
      value.split(",").map((entry) => entry.trim()),
      value,
    );
  }
});
