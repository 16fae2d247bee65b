import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";
import { bytesToHex } from "viem";
import { DEVNET_ACCOUNTS, DEVNET_MNEMONIC } from "../../contracts/deploy/accounts";
import { devnetAccounts } from "../src/devnet/accounts";
import { DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS } from "../src/devnet/announce";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outRoot = mkdtempSync(path.join(tmpdir(), "dwn-web-bundle-"));

/** Builds the app as `vite build [--mode mode]` does, into a temp folder; returns every file's text. */
async function buildApp(mode: "production" | "devnet"): Promise<Map<string, string>> {
  const outDir = path.join(outRoot, mode);
  await build({
    root: webDir,
    configFile: path.join(webDir, "vite.config.ts"),
    mode,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
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

describe("the production bundle", { timeout: 240_000 }, () => {
  let production: Map<string, string>;
  let devnet: Map<string, string>;
  beforeAll(async () => {
    production = await buildApp("production");
    devnet = await buildApp("devnet");
  }, 240_000);
  afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

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
