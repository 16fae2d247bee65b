import { describe, expect, it } from "vitest";
import { addChainParameter, chainFromConfig, GAS_PRICE, publicClientFor } from "../src/lib/chain";
import { loadRuntimeConfig, parseRuntimeConfig } from "../src/lib/runtime";
import { config } from "./support/wallet-harness";

const served =
  (body: unknown, status = 200) =>
  async (input: RequestInfo | URL) => {
    expect(String(input)).toBe("https://dwn.example/api/config");
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };

describe("the runtime config (GET /api/config)", () => {
  it("is loaded from the page's origin and checked", async () => {
    expect(await loadRuntimeConfig({ origin: "https://dwn.example", fetch: served(config) })).toEqual({
      ...config,
      walletConnect: null,
    });
  });

  it("offers WalletConnect only with a project id", () => {
    const projectId = "0123456789abcdef0123456789abcdef";
    expect(parseRuntimeConfig({ ...config, walletConnect: { projectId } }).walletConnect).toEqual({ projectId });
    expect(parseRuntimeConfig({ ...config, walletConnect: null }).walletConnect).toBeNull();
  });

  it("takes a chain without an explorer", () => {
    const parsed = parseRuntimeConfig({ ...config, chain: { ...config.chain, explorer: null } });
    expect(parsed.chain.explorer).toBeNull();
    expect(addChainParameter(parsed)).not.toHaveProperty("blockExplorerUrls");
  });

  it.each([
    [{ ...config, publicKey: "" }, "publicKey"],
    [{ ...config, chain: { ...config.chain, id: "56" } }, "chain.id"],
    [{ ...config, contracts: { ...config.contracts, pool: "0x12" } }, "contracts.pool"],
    [{ ...config, chain: { ...config.chain, currency: undefined } }, "chain.currency"],
    [{ ...config, walletConnect: { projectId: "" } }, "walletConnect.projectId"],
    [null, "the config"],
  ])("refuses a bad answer with a sentence naming the field (%#)", (body, field) => {
    expect(() => parseRuntimeConfig(body)).toThrow(field);
  });

  it("fails on an HTTP error", async () => {
    await expect(loadRuntimeConfig({ origin: "https://dwn.example", fetch: served({}, 503) })).rejects.toThrow(
      "HTTP 503",
    );
  });
});

describe("the chain from the runtime config", () => {
  it("is a viem chain with the config's id, name, currency, RPC and explorer", () => {
    const chain = chainFromConfig(config);
    expect(chain).toMatchObject({
      id: 31337,
      name: "DWN Devnet",
      nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
      blockExplorers: { default: { url: "https://explorer.example" } },
    });
  });

  it("reads through one public client per config, over the config's RPC", () => {
    const client = publicClientFor(config);
    expect(publicClientFor(config)).toBe(client);
    expect(client.chain?.id).toBe(31337);
    expect(client.transport.url).toBe("http://127.0.0.1:8545");
  });

  it("pays 3 gwei for every write", () => {
    expect(GAS_PRICE).toBe(3_000_000_000n);
  });
});
