/**
 * The built app, as `vite build` and `vite build --mode devnet` make it: each is built once, here
 * (the two at once), and every test of the built files reads that build (a production build
 * takes about 15 s of CPU). The devnet build is the one `npm start` made in web/dist when that
 * is of the sources as they are now (npm test's server pass runs npm start first), and made here
 * otherwise.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SHELL_RENDERER, type RuntimeConfig, type ServedFigures } from "@dwn/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type Manifest } from "vite";
import { bytesToHex } from "viem";
import { devnetBuildIsCurrent, WEB_DIST } from "../../scripts/web-build.mjs";
import { DEVNET_ACCOUNTS, DEVNET_MNEMONIC } from "../../contracts/deploy/accounts";
import { inlineScriptHashes } from "../../server/src/serve/security";
import { FIRST_VISIT_BUDGET_KB, measureFirstVisit } from "../build/firstVisit";
import { BOOT_SCRIPT } from "../build/preloadScreens";
import { bootPreloads, type BootPreloadTable } from "../src/app/bootPreloads";
import { runBootScript } from "./support/boot-script";
import type { ShellTable } from "../src/app/bootShell";
import { ROUTES } from "../src/app/routes";
import { devnetAccounts } from "../src/devnet/accounts";
import { DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS } from "../src/devnet/announce";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outRoot = mkdtempSync(path.join(tmpdir(), "dwn-web-bundle-"));

/**
 * Builds the app as `vite build [--mode mode]` does, into a temp folder (or takes npm start's current
 * devnet build); returns every file's text.
 * Run with NODE_ENV=production, as the command does (below): Vite takes NODE_ENV ("test" here)
 * for the bundle's, and React's development build would be measured.
 */
async function buildApp(mode: "production" | "devnet"): Promise<Map<string, string>> {
  const current = mode === "devnet" && devnetBuildIsCurrent();
  const outDir = current ? WEB_DIST : path.join(outRoot, mode);
  if (!current) {
    await build({
      root: webDir,
      configFile: path.join(webDir, "vite.config.ts"),
      mode,
      logLevel: "warn",
      build: { outDir, emptyOutDir: true },
    });
  }
  const files = new Map<string, string>();
  for (const name of readdirSync(outDir, { recursive: true, encoding: "utf8" })) {
    if (/\.(js|css|html|json|map)$/.test(name)) files.set(name, readFileSync(path.join(outDir, name), "utf8"));
  }
  return files;
}

/** The demo accounts' private keys (hex, no 0x), derived from the mnemonic as Hardhat does. */
const demoKeys = () =>
  devnetAccounts().map(({ role, account }) => {
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error(`no private key for ${role}`);
    return bytesToHex(key).slice(2);
  });

/** What must never ship: the mnemonic, every demo private key, the wallet's name and id. */
const secrets = () => [DEVNET_MNEMONIC, "junk", ...demoKeys(), DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS];

const found = (files: Map<string, string>, needle: string) =>
  [...files].filter(([, text]) => text.toLowerCase().includes(needle.toLowerCase())).map(([name]) => name);

let production: Map<string, string>;
let devnet: Map<string, string>;
beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    [production, devnet] = await Promise.all([buildApp("production"), buildApp("devnet")]);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 240_000);
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

describe("the production bundle", { timeout: 240_000 }, () => {
  it("looks for each demo account's key, derived as Hardhat derives them", () => {
    const keys = demoKeys();
    expect(new Set(keys).size).toBe(Object.keys(DEVNET_ACCOUNTS).length);
    // Hardhat's well-known account #0 (the devnet's owner).
    expect(keys[0]).toBe("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  });

  it("contains neither the devnet wallet's code nor the mnemonic nor any demo key", () => {
    expect(production.size).toBeGreaterThan(0);
    for (const secret of secrets()) expect({ secret, files: found(production, secret) }).toEqual({ secret, files: [] });
    expect([...production.keys()].filter((name) => /devnet/i.test(name))).toEqual([]);
  });

  it("keeps WalletConnect out of the first visit: its code is a chunk fetched only when picked", () => {
    interface Chunk {
      file: string;
      isEntry?: boolean;
      isDynamicEntry?: boolean;
      imports?: string[];
      dynamicImports?: string[];
    }
    const manifest = JSON.parse(production.get(path.join(".vite", "manifest.json")) ?? "{}") as Record<string, Chunk>;
    const firstVisit = new Set<string>();
    const visit = (key: string) => {
      if (firstVisit.has(key)) return;
      firstVisit.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    visit("index.html");
    const firstVisitFiles = [...firstVisit].map((key) => path.join(...manifest[key].file.split("/")));
    // WalletConnect's relay is named in its code and nowhere else.
    const withRelay = found(production, "relay.walletconnect");
    expect(withRelay.length).toBeGreaterThan(0);
    expect(firstVisitFiles.filter((file) => withRelay.includes(file))).toEqual([]);
    // The module that opens it is a lazily loaded entry (imported with import()), and its chunk
    // is the one that carries WalletConnect's code.
    const module = manifest["src/features/wallet/walletconnect.ts"];
    expect(module?.isDynamicEntry).toBe(true);
    expect(firstVisit.has("src/features/wallet/walletconnect.ts")).toBe(false);
    expect(withRelay).toContain(path.join(...module.file.split("/")));
  });

  it("while the devnet build (`vite build --mode devnet`) does ship the wallet", () => {
    expect(found(devnet, DEVNET_WALLET_NAME).length).toBeGreaterThan(0);
    expect(found(devnet, DEVNET_MNEMONIC).length).toBeGreaterThan(0);
  });
});

describe("the built index.html", () => {
  const outDir = path.join(outRoot, "production");
  let html = "";
  let built: BootPreloadTable;

  beforeAll(() => {
    html = production.get("index.html") ?? "";
    built = JSON.parse(/<script id="boot-preloads" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? "");
  });

  it("lists every screen of routes.ts, each with its own chunk but home, which is part of the shell", () => {
    expect(built.routes.map(([pattern]) => pattern)).toEqual(Object.keys(ROUTES));
    const mine = bootPreloads(built, "#/mine", "").map((link) => link.href);
    expect(mine.some((href) => /\/assets\/MinePage-[\w-]+\.js$/.test(href))).toBe(true);
    expect(mine.some((href) => /\/assets\/HomePage-/.test(href))).toBe(false);
    // Home, and a path without a screen, fetch only the strings beside the shell.
    for (const hash of ["#/", "#/home", "#/nowhere"])
      expect(bootPreloads(built, hash, "").map((link) => link.href)).toEqual([
        expect.stringMatching(/^\/chain\/assets\/zh-cn-[\w-]+\.js$/),
      ]);
  });

  it("keeps the shells' renderer where the server looks for it, and it renders the figure screens with the page's figures", async () => {
    const file = path.join(outDir, SHELL_RENDERER);
    const renderer = (await import(pathToFileURL(file).href)) as {
      renderServedShells: (figures: string, config: RuntimeConfig) => Promise<Record<string, Record<string, string>>>;
    };
    const contracts = {
      pool: `0x${"a1".repeat(20)}`,
      staking: `0x${"a2".repeat(20)}`,
      dwn: `0x${"a3".repeat(20)}`,
    } as const;
    const config: RuntimeConfig = {
      chain: {
        id: 97,
        name: "BNB Smart Chain Testnet",
        rpcUrl: "http://127.0.0.1:1/",
        currency: { name: "tBNB", symbol: "tBNB", decimals: 18 },
        explorer: "http://127.0.0.1:1/",
      },
      contracts: { ...contracts, usdt: contracts.dwn, dwn9: contracts.dwn, a8: contracts.dwn, udbk: contracts.dwn },
      publicKey: "",
    };
    const tier = { id: "1", supply: "500", sold: "123", usdtprice: "1", dwn8price: "1", multiple: "10000", limit: "5" };
    const figures: ServedFigures = {
      block: "4242",
      contracts,
      tiers: [tier, { ...tier, id: "2" }, { ...tier, id: "3" }, { ...tier, id: "4" }, { ...tier, id: "5" }],
      poolReserve: { reserve: "0", staticRewardPerSecond: "0" },
      stakeView: {
        dwnAmount: "7000000000000000000",
        a8Amount: "3000000000000000000",
        cycle: "30",
        gracePeriod: "86400",
      },
      rewardPerUnitPerSecond: "1",
      feeRates: { unstakeFeeRate: "0", collectFeeRate: "0" },
    };
    const shells = await renderer.renderServedShells(JSON.stringify(figures), config);
    const shown = (markup: string, id: string) =>
      new RegExp(`data-shell-testid="${id}"[^>]*>([^<]*)<`).exec(markup)?.[1];
    // The page carries no announcements: /announcement keeps its built shell.
    expect(Object.keys(shells["en-us"]).sort()).toEqual(["home", "mine", "pledge"]);
    expect(shown(shells["en-us"].mine, "tier-1-remaining")).toBe("Remaining 377");
    expect(shown(shells["zh-cn"].home, "home-unit-price")).toBe("7 DWN + 3 A8");
    expect(shown(shells["en-us"].pledge, "served-block")).toBe("As of block #4242");
    // Figures of another deployment are not shown as this one's.
    const other = { ...figures, contracts: { ...contracts, pool: `0x${"b1".repeat(20)}` as const } };
    expect(await renderer.renderServedShells(JSON.stringify(other), config)).toBeUndefined();

    // With the newest announcements, /announcement's shell lists them, each time marked for the
    // boot script to write in the device's time zone; with none, it says there are none.
    const notice = { id: 7, title: "Staking opens <today>", create_time: 1_700_000_000, update_time: 1_700_000_000 };
    const withNotices = { ...figures, notices: { "en-us": [notice], "zh-cn": [{ ...notice, title: "质押今日开放" }] } };
    const listed = await renderer.renderServedShells(JSON.stringify(withNotices), config);
    expect(Object.keys(listed?.["zh-cn"] ?? {}).sort()).toEqual(["announcement", "home", "mine", "pledge"]);
    const row = listed?.["en-us"].announcement ?? "";
    expect(row).toContain('data-shell-testid="notice-7"');
    expect(row).toContain("Staking opens &lt;today&gt;");
    expect(row).toMatch(/<time[^>]*data-local-time="1700000000"/);
    expect(listed?.["zh-cn"].announcement).toContain("质押今日开放");
    const none = { ...figures, notices: { "en-us": [], "zh-cn": [] } };
    const empty = await renderer.renderServedShells(JSON.stringify(none), config);
    expect(empty?.["en-us"].announcement).toContain('data-shell-testid="no-data"');

    // Two copies of the renderer in one process (as when a build prerenders two apps at once)
    // render side by side: neither takes the other's stand-in location away mid-render, and
    // none is left behind.
    const copy = (await import(`${pathToFileURL(file).href}?copy`)) as typeof renderer;
    const both = await Promise.all([
      renderer.renderServedShells(JSON.stringify(figures), config),
      copy.renderServedShells(JSON.stringify(withNotices), config),
    ]);
    expect(both.map((shells) => Object.keys(shells?.["en-us"] ?? {}).length)).toEqual([3, 4]);
    expect("location" in globalThis).toBe(false);
  }, 60_000);

  it("keeps a first visit within its budget, the shared code in the chunks the build groups it into", () => {
    const firstVisit = measureFirstVisit(outDir);
    expect(firstVisit.total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KB * 1000);
    // React and the app's shell (home included) with the default language's strings.
    expect(firstVisit.files.map(({ file }) => /^assets\/(.+)-[\w-]{8}\.js$/.exec(file)?.[1]).sort()).toEqual([
      "app",
      "index",
      "react",
      "rolldown-runtime",
      "zh-cn",
    ]);
    // The code the screens share, antd-mobile's buttons and its overlays: chunks of their own.
    const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
    const names = new Set(Object.values(manifest).map((chunk) => chunk.name));
    for (const name of ["screens", "ui", "overlay"]) expect(names, name).toContain(name);
  });

  it("leaves out of a first visit what a visitor's home does not run, each found in a chunk fetched later", () => {
    const { files } = measureFirstVisit(outDir);
    const firstVisit = files.map(({ file }) => path.join(...file.split("/")));
    // A text each carries: wallet discovery (fetched on a connect or for a stored session);
    // antd-mobile's Chinese texts (with the first component that reads them: its default);
    // viem's RPC error classes (fetched when a request fails with a JSON-RPC code).
    for (const text of ["eip6963:announceProvider", "背景蒙层", "User rejected the request."]) {
      expect({ text, firstVisit: firstVisit.filter((file) => found(production, text).includes(file)) }).toEqual({
        text,
        firstVisit: [],
      });
      expect(found(production, text).filter((file) => file.endsWith(".js")).length, text).toBeGreaterThan(0);
    }
  });

  it("links the CSS of what the first screen shows only: each other component's comes with its chunk", () => {
    const { stylesheets } = measureFirstVisit(outDir);
    const blocking = stylesheets.map(({ file }) => production.get(path.join(...file.split("/"))) ?? "").join("");
    const lazy = [...production]
      .filter(
        ([name]) => name.endsWith(".css") && !stylesheets.some(({ file }) => path.join(...file.split("/")) === name),
      )
      .map(([, text]) => text)
      .join("");
    const rule = (component: string) => new RegExp(`\\.adm-${component}[\\s{,:>.\\[]`);
    // Home's buttons and loading dots are styled before the app's first paint.
    for (const shown of ["button", "dot-loading"]) expect(blocking, shown).toMatch(rule(shown));
    // Popups, dialogs, toasts, pickers, steppers, lists and the pull gesture: none on home's
    // first paint; their CSS is built, beside the chunks that show them.
    for (const later of [
      "popup",
      "center-popup",
      "dialog",
      "toast-main",
      "mask",
      "spin-loading",
      "picker",
      "stepper",
      "infinite-scroll",
      "notice-bar",
      "pull-to-refresh-head",
    ]) {
      expect(blocking, later).not.toMatch(rule(later));
      expect(lazy, later).toMatch(rule(later));
    }
    expect(stylesheets.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThan(20_000);
  });

  it("preloads before the page's styles, and carries the rules of every stylesheet a shell paints with", () => {
    expect(html.indexOf('id="boot-preloads"')).toBeLessThan(html.indexOf("<style"));
    // The page's own stylesheets inline (and their links disabled: nothing to fetch before the first paint).
    const { stylesheets, page } = measureFirstVisit(outDir);
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const { file } of stylesheets) {
      expect(html).toContain(`<style>${production.get(path.join(...file.split("/")))?.trim()}</style>`);
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="/chain/${file}" disabled>`);
    }
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]* disabled>)/);
    // Each shell's, switched off until its shell is chosen.
    // The shells' table, as the head's last script is given it (build/prerenderShells.ts).
    const table = /\((\{"base":"[^"]*","screens":.*?"defaultLanguage":"[^"]*"\}),document\)/.exec(html)?.[1];
    const shellFiles = new Set(Object.values((JSON.parse(table ?? "{}") as ShellTable).screens ?? {}).flat());
    expect(shellFiles.size).toBeGreaterThan(0);
    for (const file of shellFiles)
      expect(html).toContain(
        `<style data-shell-css="${file}" media="not all">${production.get(path.join(...file.split("/")))?.trim()}</style>`,
      );
    // All of that in a page a slow network brings in one round trip and a few tenths of a second
    // (22.5 kB by gzip -9 when the stylesheets went inline; the server sends it by Brotli, 16.8 kB).
    expect(page.gzip).toBeLessThan(25_000);
  });

  it("runs the boot's inline scripts, which the server allows by the hashes of the texts inlined", () => {
    // The text between each of the page's <script> without attributes and its end tag, as the browser hashes it.
    const inlined = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
    // The shell's (build/prerenderShells.ts): the first picks it and, with none, runs the preloads at once.
    expect(inlined).toHaveLength(3);
    expect(inlined[0]).toContain("function bootPreloads(");
    const hashes = inlined.map((text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
    expect(inlineScriptHashes(html)).toEqual(hashes);
    // And the preloading script, run alone, adds the links bootPreloads picks.
    const { appended, expected } = runBootScript(BOOT_SCRIPT, built, "#/mine");
    expect(appended).toEqual(expected);
    expect(appended.length).toBeGreaterThan(1);
  });
});
