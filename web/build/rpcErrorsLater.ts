import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

/** viem's request wrapper, which every transport's requests go through. */
const BUILD_REQUEST = /[\\/]node_modules[\\/]viem[\\/]_esm[\\/]utils[\\/]buildRequest\.js$/;
const RPC_ERRORS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'\.\.\/errors\/rpc\.js';?/;

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/**
 * Rewrites viem's buildRequest.js (its source `code`) so that the RPC error classes it turns
 * a failed request into are fetched when a request fails with such a code, not with the first
 * visit: `new XRpcError(…)` becomes `new (await import(…)).XRpcError(…)` (each such place is in
 * an async function, after the request failed), and `XRpcError.code` the number itself, `codes`
 * (read from viem's own classes). The errors thrown, and the retries, are viem's. Throws when
 * the file no longer looks as expected, so that a viem update cannot undo this unnoticed.
 */
export function rpcErrorsLaterSource(code: string, codes: Readonly<Record<string, number>>): string {
  const imported = RPC_ERRORS_IMPORT.exec(code);
  if (!imported)
    throw new Error("viem's buildRequest.js no longer imports ../errors/rpc.js (build/rpcErrorsLater.ts).");
  const names = imported[1]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  let out = code.replace(RPC_ERRORS_IMPORT, "const rpcErrors = () => import('../errors/rpc.js');");
  for (const name of names) {
    const number = codes[name];
    out = out.replace(new RegExp(`\\bnew ${name}\\(`, "g"), `new (await rpcErrors()).${name}(`);
    if (typeof number === "number") out = out.replace(new RegExp(`\\b${name}\\.code\\b`, "g"), `(${number})`);
    // Comments may name it (whole-line ones, as viem writes them).
    const left = new RegExp(`(?<![.\\w])${name}\\b`).exec(withoutComments(out));
    if (left)
      throw new Error(
        `viem's buildRequest.js uses ${name} other than by \`new\` or its code (build/rpcErrorsLater.ts): ` +
          withoutComments(out).slice(Math.max(0, left.index - 40), left.index + 40),
      );
  }
  return out;
}

/**
 * viem's RPC error classes (1.3 kB gzip) leave the first visit: a read that works never needs
 * them, and one that fails with a JSON-RPC error code fetches them then (rpcErrorsLaterSource).
 */
export function rpcErrorsLater(): Plugin {
  return {
    name: "dwn:rpc-errors-later",
    apply: "build",
    async transform(code, id) {
      if (!BUILD_REQUEST.test(id)) return null;
      const resolved = await this.resolve("../errors/rpc.js", id);
      if (!resolved) throw new Error(`viem's ../errors/rpc.js does not resolve from ${id}.`);
      const classes = (await import(pathToFileURL(resolved.id).href)) as Record<string, unknown>;
      const codes: Record<string, number> = {};
      for (const [name, value] of Object.entries(classes)) {
        const number: unknown = typeof value === "function" ? Reflect.get(value, "code") : undefined;
        if (typeof number === "number") codes[name] = number;
      }
      return { code: rpcErrorsLaterSource(code, codes), map: null };
    },
  };
}
