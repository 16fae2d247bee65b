import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { INFINITE_OBSERVER_SUFFIX, infiniteQueryHelpersApart } from "../build/infiniteQueryHelpersApart";
import { WALLETCONNECT_SUFFIX, walletConnectOwnCopy } from "../build/walletConnectOwnCopy";
import { hookOf } from "./support/plugin-hooks";

const NM = "/repo/node_modules";

/**
 * Calls `plugin`'s resolveId as the bundler would, with `resolved` standing for the bundler's
 * own resolution of each specifier (what the plugin asks with this.resolve).
 */
async function resolveWith(
  plugin: Plugin,
  resolved: Record<string, Partial<Rolldown.ResolvedId>>,
  source: string,
  importer: string | undefined,
) {
  const context = {
    resolve: async (specifier: string) => {
      const found = resolved[specifier];
      return found ? { external: false, ...found } : null;
    },
  };
  const options = { kind: "import-statement", isEntry: false } as const;
  const result = await hookOf(plugin, "resolveId").call(context as never, source, importer, options as never);
  return result && typeof result === "object" ? result.id : result;
}

describe("WalletConnect's own copy of the app's libraries", () => {
  const resolved = {
    viem: { id: `${NM}/viem/_esm/index.js` },
    "@noble/curves/secp256k1": { id: `${NM}/@noble/curves/esm/secp256k1.js` },
    "./utils.js": { id: `${NM}/viem/_esm/utils/index.js` },
    react: { id: `${NM}/react/index.js` },
    "node:crypto": { id: "node:crypto", external: true },
  };
  const resolve = (source: string, importer?: string) =>
    resolveWith(walletConnectOwnCopy(), resolved, source, importer);
  const fromWalletConnect = `${NM}/@walletconnect/utils/dist/index.es.js`;

  it("gives viem and the cryptography libraries imported from WalletConnect (or AppKit) another module id", async () => {
    expect(await resolve("viem", fromWalletConnect)).toBe(`${NM}/viem/_esm/index.js${WALLETCONNECT_SUFFIX}`);
    expect(await resolve("@noble/curves/secp256k1", `${NM}/@reown/appkit/dist/esm/index.js`)).toBe(
      `${NM}/@noble/curves/esm/secp256k1.js${WALLETCONNECT_SUFFIX}`,
    );
    // And what such a copy imports in turn.
    expect(await resolve("./utils.js", `${NM}/viem/_esm/index.js${WALLETCONNECT_SUFFIX}`)).toBe(
      `${NM}/viem/_esm/utils/index.js${WALLETCONNECT_SUFFIX}`,
    );
  });

  it("leaves the app's own imports of them, other libraries and external modules alone", async () => {
    expect(await resolve("viem", "/repo/web/src/lib/chain.ts")).toBeNull();
    expect(await resolve("viem", undefined)).toBeNull();
    expect(await resolve("react", fromWalletConnect)).toBeNull();
    expect(await resolve("node:crypto", fromWalletConnect)).toBeNull();
    expect(await resolve("viem?raw", fromWalletConnect)).toBeNull();
  });
});

describe("TanStack Query's infinite-query helpers apart", () => {
  const observer = `${NM}/@tanstack/query-core/build/modern/infiniteQueryObserver.js`;
  const behaviour = `${NM}/@tanstack/query-core/build/modern/infiniteQueryBehavior.js`;
  const resolve = (source: string, importer: string) =>
    resolveWith(infiniteQueryHelpersApart(), { "./infiniteQueryBehavior.js": { id: behaviour } }, source, importer);

  it("gives the observer its own copy of the helpers' module", async () => {
    expect(await resolve("./infiniteQueryBehavior.js", observer)).toBe(behaviour + INFINITE_OBSERVER_SUFFIX);
  });

  it("leaves the query client's import of the module alone", async () => {
    expect(await resolve("./infiniteQueryBehavior.js", `${NM}/@tanstack/query-core/build/modern/queryClient.js`)).toBe(
      null,
    );
  });

  it("matches the installed package: its observer imports the helpers from that module", async () => {
    const installed = createRequire(import.meta.url).resolve("@tanstack/query-core");
    const file = path.join(path.dirname(installed), "infiniteQueryObserver.js");
    expect(readFileSync(file, "utf8")).toMatch(/from "\.\/infiniteQueryBehavior\.js"/);
    expect(await resolve("./infiniteQueryBehavior.js", file)).toBe(behaviour + INFINITE_OBSERVER_SUFFIX);
  });
});
