import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { zeroAddress } from "viem";
import { SERVED_FIGURES_ID, SHELL_RENDERER, type RuntimeConfig, type ServedFigures } from "@dwn/api";
import { createServedFigures, withServedFigures, withServedShells } from "../src/serve/figures";
import { webApp } from "../src/serve/plugins/web";

/**
 * The public chain figures the page carries (src/serve/figures.ts): how old they may be, how
 * long a page waits for them, and that no value can escape the page's data element. That they
 * are the chain's own figures at their block is checked on the devnet by start.test.ts.
 */

const figuresAt = (block: number): ServedFigures => ({
  block: String(block),
  contracts: {
    pool: "0x00000000000000000000000000000000000000aa",
    staking: "0x00000000000000000000000000000000000000bb",
    dwn: "0x00000000000000000000000000000000000000cc",
  },
  tiers: [{ id: "1", supply: "1000", sold: "3", usdtprice: "1", dwn8price: "2", multiple: "10000", limit: "5" }],
  poolReserve: { reserve: "10", staticRewardPerSecond: "1" },
  stakeView: { dwnAmount: "1", a8Amount: "1", cycle: "30", gracePeriod: "86400" },
  rewardPerUnitPerSecond: "7",
  feeRates: { unstakeFeeRate: "500", collectFeeRate: "300" },
});

/** The figures over a read the test answers by hand (counting how often it was asked) and a clock it sets. */
function servedOver(waitMs: number) {
  const clock = { now: 0 };
  const pending: { resolve: (figures: ServedFigures) => void; reject: (error: Error) => void }[] = [];
  const served = createServedFigures({
    read: () => new Promise<ServedFigures>((resolve, reject) => void pending.push({ resolve, reject })),
    refreshMs: 3_000,
    keepMs: 60_000,
    waitMs,
    now: () => clock.now,
  });
  return { clock, chain: { pending }, served };
}

test("a page waits for the first figures, reuses fresh ones, and is served older ones while one read renews them", async () => {
  const { clock, chain, served } = servedOver(5_000);

  const first = served();
  assert.equal(chain.pending.length, 1);
  chain.pending[0].resolve(figuresAt(10));
  assert.equal((await first)?.block, "10");

  // Younger than refreshMs: as they are, no read.
  clock.now += 2_999;
  assert.equal((await served())?.block, "10");
  assert.equal(chain.pending.length, 1);

  // Older: served at once, and however many pages ask, one read renews them.
  clock.now += 1;
  const [a, b] = await Promise.all([served(), served()]);
  assert.deepEqual([a?.block, b?.block], ["10", "10"]);
  assert.equal(chain.pending.length, 2);
  chain.pending[1].resolve(figuresAt(12));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal((await served())?.block, "12");
  assert.equal(chain.pending.length, 2);
});

test("a failed read keeps the last figures until they are too old, then the page goes without after waitMs", async () => {
  const { clock, chain, served } = servedOver(20);
  const first = served();
  chain.pending[0].resolve(figuresAt(5));
  await first;

  clock.now = 10_000;
  assert.equal((await served())?.block, "5", "older than refreshMs: kept while a read runs");
  chain.pending[1].reject(new Error("RPC down"));
  await new Promise((resolve) => setImmediate(resolve));
  clock.now = 20_000;
  assert.equal((await served())?.block, "5", "the read failed: the last figures stay, and the next page asks again");
  assert.equal(chain.pending.length, 3);
  chain.pending[2].reject(new Error("RPC down"));
  await new Promise((resolve) => setImmediate(resolve));
  // Just after a failure, pages do not ask the RPC again (nor wait for it).
  clock.now = 22_999;
  assert.equal((await served())?.block, "5");
  assert.equal(chain.pending.length, 3);

  // Past keepMs with the RPC not answering: no figures rather than a wait longer than waitMs.
  clock.now = 61_000;
  const started = Date.now();
  assert.equal(await served(), undefined);
  const waited = Date.now() - started;
  assert.ok(waited >= 15 && waited < 1_000, `waited ${waited} ms`);
});

test("the figures go into the page as a data element before </head>, and no value can close it", () => {
  const html = '<!doctype html><html><head><script>boot()</script></head><body><div id="root"></div></body></html>';
  assert.equal(withServedFigures(html, undefined), html);

  const hostile = figuresAt(1);
  hostile.rewardPerUnitPerSecond = '</script><script>alert("x")</script><!--';
  const page = withServedFigures(html, hostile);
  const element = new RegExp(`<script id="${SERVED_FIGURES_ID}" type="application/json">(.*?)</script></head>`).exec(
    page,
  );
  assert.ok(element, page);
  // One data element, closed where the server closed it: the value comes back whole from its JSON.
  assert.equal(page.match(/<\/script>/g)?.length, 2);
  assert.deepEqual(JSON.parse(element[1]), hostile);
  assert.ok(page.endsWith('</head><body><div id="root"></div></body></html>'));
});

/** A built app's folder: index.html with two shells' templates and, unless `renderer` is undefined, a shells renderer module. */
function webFolder(renderer: string | undefined) {
  const webDir = mkdtempSync(path.join(tmpdir(), "dwn-web-"));
  writeFileSync(
    path.join(webDir, "index.html"),
    '<!doctype html><html><head></head><body><div id="root"></div><template data-shell="en-us home"><p>home --</p></template><template data-shell="en-us mine"><p>Remaining --</p></template></body></html>',
  );
  if (renderer !== undefined) {
    mkdirSync(path.join(webDir, path.dirname(SHELL_RENDERER)));
    writeFileSync(path.join(webDir, SHELL_RENDERER), renderer);
  }
  return webDir;
}

const RUNTIME_CONFIG: RuntimeConfig = {
  chain: {
    id: 31337,
    name: "Devnet",
    rpcUrl: "http://127.0.0.1:8545/",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
    explorer: "http://127.0.0.1/",
  },
  contracts: { ...figuresAt(1).contracts, usdt: zeroAddress, dwn9: zeroAddress, a8: zeroAddress, udbk: zeroAddress },
  publicKey: "",
};

async function pageServer(webDir: string, figures: () => ServedFigures, renderShellsMs?: number) {
  const app = Fastify();
  await app.register(webApp, { webDir, runtimeConfig: RUNTIME_CONFIG, figures: async () => figures(), renderShellsMs });
  return app;
}

const templateOf = (page: string, key: string) =>
  new RegExp(`<template data-shell="${key}">([\\s\\S]*?)</template>`).exec(page)?.[1];

test("the shells showing the figures are rendered with them, once per figures however many pages ask", async () => {
  // The renderer is given the page's data block and the runtime config, and counts its renders.
  const webDir = webFolder(`
    globalThis.shellRenders = [];
    export async function renderServedShells(figures, config) {
      const { block, tiers } = JSON.parse(figures);
      globalThis.shellRenders.push(block);
      return { "en-us": { mine: "<p>Remaining " + (tiers[0].supply - tiers[0].sold) + " of " + config.chain.name + " $& $1 #" + block + "</p>" } };
    }`);
  let current = figuresAt(7);
  const app = await pageServer(webDir, () => current);
  try {
    const pages = await Promise.all([1, 2, 3].map(() => app.inject({ url: "/chain/" })));
    const renders = (globalThis as { shellRenders?: string[] }).shellRenders;
    assert.deepEqual(renders, ["7"]);
    for (const page of pages) {
      assert.equal(page.statusCode, 200);
      // "$" in the markup is the markup's: nothing expands it.
      assert.equal(templateOf(page.body, "en-us mine"), "<p>Remaining 997 of Devnet $& $1 #7</p>");
      // A shell the renderer gave nothing for stays as built.
      assert.equal(templateOf(page.body, "en-us home"), "<p>home --</p>");
      assert.ok(page.body.includes(`<script id="${SERVED_FIGURES_ID}"`));
    }
    current = figuresAt(8);
    const next = await app.inject({ url: "/chain/index.html" });
    assert.equal(templateOf(next.body, "en-us mine"), "<p>Remaining 997 of Devnet $& $1 #8</p>");
    assert.deepEqual(renders, ["7", "8"]);
    // The renderer is the build's, not the app's: never served.
    assert.equal((await app.inject({ url: `/chain/${SHELL_RENDERER}` })).statusCode, 404);
  } finally {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  }
});

test("a renderer that fails, or none, leaves the page its built shells and still its figures", async () => {
  for (const renderer of [
    "export async function renderServedShells() { throw new Error('no render'); }",
    "export const nothing = 1;",
    "this is not a module",
    undefined,
  ]) {
    const webDir = webFolder(renderer);
    const app = await pageServer(webDir, () => figuresAt(9));
    try {
      const page = await app.inject({ url: "/chain/" });
      assert.equal(page.statusCode, 200, String(renderer));
      assert.equal(templateOf(page.body, "en-us mine"), "<p>Remaining --</p>", String(renderer));
      assert.ok(page.body.includes(`<script id="${SERVED_FIGURES_ID}"`), String(renderer));
    } finally {
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  }
});

test("a render that never ends holds no page: after renderShellsMs the page goes with its built shells", async () => {
  const webDir = webFolder("export function renderServedShells() { return new Promise(() => {}); }");
  const app = await pageServer(webDir, () => figuresAt(10), 100);
  try {
    const started = Date.now();
    const page = await app.inject({ url: "/chain/" });
    assert.equal(page.statusCode, 200);
    assert.equal(templateOf(page.body, "en-us mine"), "<p>Remaining --</p>");
    assert.ok(page.body.includes(`<script id="${SERVED_FIGURES_ID}"`));
    assert.ok(Date.now() - started < 1_000, `${Date.now() - started} ms`);
  } finally {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  }
});

test("shells go into their templates alone: one without a template is left out, the rest of the page kept", () => {
  const html =
    '<body><template data-shell="zh-cn home">a</template><template data-shell="en-us home">b</template></body>';
  assert.equal(withServedShells(html, undefined), html);
  assert.equal(
    withServedShells(html, { "en-us": { home: "<i>$'</i>", mine: "x" }, fr: { home: "y" } }),
    '<body><template data-shell="zh-cn home">a</template><template data-shell="en-us home"><i>$\'</i></template></body>',
  );
});
