import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpcErrorsLater, rpcErrorsLaterSource } from "../build/rpcErrorsLater";
import { hookOf } from "./support/plugin-hooks";

// viem's ES module files, as the app's build reads them.
const esm = path.join(path.dirname(createRequire(import.meta.url).resolve("viem/package.json")), "_esm");
const buildRequestFile = path.join(esm, "utils", "buildRequest.js");
const source = readFileSync(buildRequestFile, "utf8");

type BuildRequest = (
  request: (args: { method: string }) => Promise<unknown>,
  options?: { retryCount?: number; retryDelay?: number },
) => (args: { method: string }) => Promise<unknown>;

/** viem's error classes by name, with their codes: what the plugin reads from the same file. */
async function rpcCodes(): Promise<Record<string, number>> {
  const classes = (await import(pathToFileURL(path.join(esm, "errors", "rpc.js")).href)) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(classes)
      .map(([name, value]) => [name, typeof value === "function" ? Reflect.get(value, "code") : undefined])
      .filter((entry): entry is [string, number] => typeof entry[1] === "number"),
  );
}

describe("viem's RPC error classes fetched when a request fails (build/rpcErrorsLater.ts)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dwn-rpc-errors-"));
  let codes: Record<string, number>;
  let viemBuildRequest: BuildRequest;
  let rewrittenBuildRequest: BuildRequest;

  beforeAll(async () => {
    codes = await rpcCodes();
    // The rewritten file, run from a folder of its own with its imports pointing at viem's files.
    const rewritten = rpcErrorsLaterSource(source, codes)
      .replace(/(['"])\.\.\//g, `$1${pathToFileURL(esm).href}/`)
      .replace(/(['"])\.\//g, `$1${pathToFileURL(path.join(esm, "utils")).href}/`)
      .replace(/^\/\/# sourceMappingURL=.*$/m, "");
    writeFileSync(path.join(dir, "buildRequest.mjs"), rewritten);
    rewrittenBuildRequest = (
      (await import(pathToFileURL(path.join(dir, "buildRequest.mjs")).href)) as { buildRequest: BuildRequest }
    ).buildRequest;
    viemBuildRequest = ((await import(pathToFileURL(buildRequestFile).href)) as { buildRequest: BuildRequest })
      .buildRequest;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("imports them only when a request fails, and uses each one's code as a number", () => {
    const rewritten = rpcErrorsLaterSource(source, codes);
    expect(rewritten).not.toMatch(/^import[^;]*'\.\.\/errors\/rpc\.js'/m);
    expect(rewritten).toContain("import('../errors/rpc.js')");
    expect(rewritten).toContain("case (-32005):");
    expect(rewritten).toContain("new (await rpcErrors()).UserRejectedRequestError(err)");
  });

  /** What a request failing with `failure` throws, and how often it was sent, through `build`. */
  async function outcome(build: BuildRequest, failure: unknown) {
    let sent = 0;
    const request = build(
      async () => {
        sent++;
        throw failure;
      },
      { retryCount: 2, retryDelay: 0 },
    );
    const error: unknown = await request({ method: "eth_call" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const field = (name: string): unknown =>
      typeof error === "object" && error ? Reflect.get(error, name) : undefined;
    return {
      sent,
      name: field("name"),
      code: field("code"),
      message: field("message"),
      shortMessage: field("shortMessage"),
    };
  }

  it("throws what viem throws, after as many tries, for every code viem knows and others", async () => {
    const failures = [
      ...Object.values(codes).map((code) => ({ code, message: `failed with ${code}` })),
      { code: 5000, message: "rejected (CAIP-25)" },
      { code: 3, message: "execution reverted", data: "0x08c379a0" },
      { code: 429, message: "too many requests" },
      { code: -32007, message: "request limit reached" },
      { code: 12345, message: "something else" },
      new Error("no code at all"),
    ];
    expect(failures.length).toBeGreaterThan(25);
    for (const failure of failures) {
      const ours = await outcome(rewrittenBuildRequest, failure);
      expect({ failure, ...ours }).toEqual({ failure, ...(await outcome(viemBuildRequest, failure)) });
    }
    // Both paths of viem's retry rule: a rate limit is tried again, an unknown method is not.
    expect(
      (await outcome(rewrittenBuildRequest, { code: codes.LimitExceededRpcError, message: "slow down" })).sent,
    ).toBe(3);
    expect((await outcome(rewrittenBuildRequest, { code: codes.MethodNotFoundRpcError, message: "no" })).sent).toBe(1);
  });

  it("rewrites viem's buildRequest.js only, and fails the build when it no longer looks as expected", async () => {
    const transform = hookOf(rpcErrorsLater(), "transform");
    const context = { resolve: async () => ({ id: path.join(esm, "errors", "rpc.js"), external: false }) };
    const other = await transform.call(context as never, "export const x = 1;", path.join(esm, "utils", "other.js"));
    expect(other).toBeNull();
    const rewritten = await transform.call(context as never, source, buildRequestFile);
    expect(rewritten && typeof rewritten === "object" ? rewritten.code : rewritten).toBe(
      rpcErrorsLaterSource(source, codes),
    );
    expect(() => rpcErrorsLaterSource("export const x = 1;", codes)).toThrow(/no longer imports/);
    expect(() =>
      rpcErrorsLaterSource(
        "import { ParseRpcError } from '../errors/rpc.js';\nexport const isParse = (e) => e instanceof ParseRpcError;",
        codes,
      ),
    ).toThrow(/uses ParseRpcError other than/);
  });
});
