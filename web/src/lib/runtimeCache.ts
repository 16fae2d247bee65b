import type { RuntimeConfig } from "@dwn/api";
import { loadRuntimeConfig, parseRuntimeConfig } from "./runtime";

/**
 * The last runtime config the server gave, kept on the device so that the next visit starts
 * from it at once (the chain's reads need only its RPC and addresses) and refreshes it in the
 * background. It is keyed by the app's address (origin and path): another deployment is
 * another address, and one address that moves to another deployment replaces it on the first
 * answer (see `sameConfig`).
 */

interface Stored {
  version: 1;
  savedAt: number;
  config: unknown;
}

export function configStorageKey(location: Pick<Location, "origin" | "pathname">): string {
  return `dwn.runtimeConfig:${location.origin}${location.pathname}`;
}

/** The stored config, checked as the server's answer is; undefined when absent or not valid. */
export function readStoredConfig(storage: Pick<Storage, "getItem">, key: string): RuntimeConfig | undefined {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const stored = JSON.parse(raw) as Partial<Stored> | null;
    if (!stored || stored.version !== 1) return undefined;
    return parseRuntimeConfig(stored.config);
  } catch {
    return undefined;
  }
}

export function storeConfig(storage: Pick<Storage, "setItem">, key: string, config: RuntimeConfig, now: number): void {
  try {
    storage.setItem(key, JSON.stringify({ version: 1, savedAt: now, config } satisfies Stored));
  } catch {
    // Storage full or refused (private mode): the next visit asks the server first.
  }
}

/** Whether two configs describe the same deployment in every field the app uses. */
export function sameConfig(a: RuntimeConfig, b: RuntimeConfig): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Seconds between attempts at the config while the server does not answer: 1, 2, 4, then every 5. */
export function configRetryDelayMs(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), 5_000);
}

export interface ConfigRefresh {
  stop(): void;
}

/**
 * Asks the server for the config until it answers, waiting `configRetryDelayMs` between
 * attempts; each failure is reported (the shell says so in one line), the answer once.
 */
export function refreshConfig({
  load = () => loadRuntimeConfig({ signal: AbortSignal.timeout(10_000) }),
  onConfig,
  onFailure,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: {
  load?: () => Promise<RuntimeConfig>;
  onConfig: (config: RuntimeConfig) => void;
  onFailure: (error: unknown, failures: number) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}): ConfigRefresh {
  let stopped = false;
  let failures = 0;
  let timer: unknown;
  const attempt = () => {
    load().then(
      (config) => {
        if (!stopped) onConfig(config);
      },
      (error: unknown) => {
        if (stopped) return;
        failures++;
        onFailure(error, failures);
        timer = setTimer(attempt, configRetryDelayMs(failures));
      },
    );
  };
  attempt();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimer(timer);
    },
  };
}

export interface ConfigSnapshot {
  /** The config the app runs on: the stored one until the server answers, then the server's. */
  config?: RuntimeConfig;
  /** Whether the last attempt at the server's config failed (it is being asked again). */
  failing: boolean;
  /** Counts the times the config the app runs on was replaced by a different one. */
  generation: number;
}

export interface ConfigSource {
  getSnapshot(): ConfigSnapshot;
  subscribe(listener: () => void): () => void;
  stop(): void;
}

/**
 * The app's runtime config as a store: starts from the device's copy when there is a valid one,
 * asks the server at once and again until it answers, keeps its answer on the device, and
 * replaces the config the app runs on only when the answer differs from it.
 */
export function createConfigSource({
  storage,
  key,
  now = Date.now,
  refresh = refreshConfig,
}: {
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  key: string;
  now?: () => number;
  refresh?: typeof refreshConfig;
}): ConfigSource {
  const listeners = new Set<() => void>();
  let snapshot: ConfigSnapshot = {
    config: storage ? readStoredConfig(storage, key) : undefined,
    failing: false,
    generation: 0,
  };
  const set = (next: ConfigSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const running = refresh({
    onConfig: (config) => {
      if (storage) storeConfig(storage, key, config, now());
      const current = snapshot.config;
      if (current && sameConfig(current, config)) set({ ...snapshot, failing: false });
      else set({ config, failing: false, generation: snapshot.generation + (current ? 1 : 0) });
    },
    onFailure: () => {
      if (!snapshot.failing) set({ ...snapshot, failing: true });
    },
  });
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => running.stop(),
  };
}
