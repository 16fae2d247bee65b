import type { RuntimeConfig } from "@dwn/api";
import { describe, expect, it } from "vitest";
import {
  configRetryDelayMs,
  configStorageKey,
  createConfigSource,
  readStoredConfig,
  refreshConfig,
  storeConfig,
} from "../src/lib/runtimeCache";
import { config } from "./support/wallet-harness";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/** A refresh the test answers by hand: `answer(config)` or `fail()`. */
function manualRefresh() {
  let handlers: Parameters<typeof refreshConfig>[0] | undefined;
  const refresh: typeof refreshConfig = (options) => {
    handlers = options;
    return { stop: () => undefined };
  };
  return {
    refresh,
    answer: (fresh: RuntimeConfig) => handlers?.onConfig(fresh),
    fail: (failures: number) => handlers?.onFailure(new Error("down"), failures),
  };
}

const KEY = configStorageKey({ origin: "https://dwn.example", pathname: "/chain/" });

describe("the runtime config kept on the device", () => {
  it("is keyed by the app's address", () => {
    expect(KEY).toBe("dwn.runtimeConfig:https://dwn.example/chain/");
    expect(configStorageKey({ origin: "https://other.example", pathname: "/chain/" })).not.toBe(KEY);
  });

  it("round-trips, and a copy that is not a valid config is ignored", () => {
    const storage = memoryStorage();
    expect(readStoredConfig(storage, KEY)).toBeUndefined();
    storeConfig(storage, KEY, config, 1);
    expect(readStoredConfig(storage, KEY)).toEqual({ ...config, walletConnect: null });
    for (const bad of [
      "{",
      "null",
      JSON.stringify({ version: 2, config }),
      JSON.stringify({ version: 1, config: { ...config, contracts: { ...config.contracts, pool: "0x12" } } }),
      JSON.stringify({ version: 1, config: { ...config, chain: { ...config.chain, rpcUrl: 5 } } }),
    ]) {
      storage.items.set(KEY, bad);
      expect(readStoredConfig(storage, KEY)).toBeUndefined();
    }
  });

  it("a first visit has no config until the server answers, says when it fails, then keeps the answer", () => {
    const storage = memoryStorage();
    const manual = manualRefresh();
    const source = createConfigSource({ storage, key: KEY, refresh: manual.refresh, now: () => 7 });
    let changes = 0;
    source.subscribe(() => changes++);
    expect(source.getSnapshot()).toEqual({ config: undefined, failing: false, generation: 0 });
    manual.fail(1);
    expect(source.getSnapshot().failing).toBe(true);
    manual.answer(config);
    expect(source.getSnapshot()).toEqual({ config, failing: false, generation: 0 });
    expect(JSON.parse(storage.items.get(KEY) ?? "")).toEqual({ version: 1, savedAt: 7, config });
    expect(changes).toBe(2);
  });

  it("a return visit starts from the device's copy; the same answer changes nothing, another deployment replaces it", () => {
    const storage = memoryStorage();
    storeConfig(storage, KEY, config, 1);
    const manual = manualRefresh();
    const source = createConfigSource({ storage, key: KEY, refresh: manual.refresh });
    const first = source.getSnapshot();
    expect(first.config?.contracts.pool).toBe(config.contracts.pool);
    manual.answer({ ...config, walletConnect: null });
    expect(source.getSnapshot().config).toBe(first.config);
    expect(source.getSnapshot().generation).toBe(0);
    const moved = { ...config, chain: { ...config.chain, id: 56 }, walletConnect: null };
    manual.answer(moved);
    expect(source.getSnapshot()).toEqual({ config: moved, failing: false, generation: 1 });
    expect(readStoredConfig(storage, KEY)?.chain.id).toBe(56);
  });
});

describe("asking the server for the config", () => {
  it("waits 1, 2, 4, then 5 s between attempts", () => {
    expect([1, 2, 3, 4, 5, 9].map(configRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
  });

  it("tries again by itself until it answers, then stops", async () => {
    const timers: number[] = [];
    let calls = 0;
    const failures: number[] = [];
    const got = await new Promise<RuntimeConfig>((resolve) => {
      refreshConfig({
        load: async () => {
          calls++;
          if (calls < 5) throw new Error("ECONNREFUSED");
          return config;
        },
        onConfig: resolve,
        onFailure: (_, count) => failures.push(count),
        setTimer: (run, ms) => {
          timers.push(ms);
          queueMicrotask(run);
          return ms;
        },
      });
    });
    expect(got).toBe(config);
    expect(failures).toEqual([1, 2, 3, 4]);
    expect(timers).toEqual([1_000, 2_000, 4_000, 5_000]);
  });
});
