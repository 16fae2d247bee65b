import { createContext, createElement, useContext, type ReactNode } from "react";
import { isAddress } from "viem";
import type { RuntimeConfig } from "@dwn/api";

/**
 * The deployment the page talks to (chain, contract addresses, the API's public key) comes from
 * the server at start-up (`GET /api/config`, DESIGN.md §4), so one build serves any deployment.
 */

const CONTRACT_NAMES = ["usdt", "dwn9", "dwn", "a8", "udbk", "pool", "staking"] as const;

/** Fetches and checks the runtime config; a bad answer fails with a sentence naming the field. */
export async function loadRuntimeConfig({
  origin = globalThis.location?.origin ?? "",
  fetch: doFetch = globalThis.fetch,
  signal,
}: { origin?: string; fetch?: typeof fetch; signal?: AbortSignal } = {}): Promise<RuntimeConfig> {
  const response = await doFetch(`${origin}/api/config`, { headers: { accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`GET /api/config answered HTTP ${response.status}.`);
  return parseRuntimeConfig(await response.json());
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const config = record(value, "the config");
  const chain = record(config.chain, "chain");
  const currency = record(chain.currency, "chain.currency");
  const contracts = record(config.contracts, "contracts");
  const explorer = chain.explorer;
  if (explorer !== null && explorer !== undefined && typeof explorer !== "string") {
    throw new Error("The runtime config's chain.explorer must be a URL or null.");
  }
  return {
    chain: {
      id: integer(chain.id, "chain.id"),
      name: text(chain.name, "chain.name"),
      rpcUrl: text(chain.rpcUrl, "chain.rpcUrl"),
      ...(chain.rpcUrls === undefined ? {} : { rpcUrls: texts(chain.rpcUrls, "chain.rpcUrls") }),
      currency: {
        name: text(currency.name, "chain.currency.name"),
        symbol: text(currency.symbol, "chain.currency.symbol"),
        decimals: integer(currency.decimals, "chain.currency.decimals"),
      },
      explorer: explorer ? explorer : null,
    },
    contracts: Object.fromEntries(
      CONTRACT_NAMES.map((name) => [name, address(contracts[name], `contracts.${name}`)]),
    ) as Record<(typeof CONTRACT_NAMES)[number], `0x${string}`>,
    publicKey: text(config.publicKey, "publicKey"),
    walletConnect: walletConnect(config.walletConnect),
  };
}

/** WalletConnect's settings, or null when the deployment does not offer it. */
function walletConnect(value: unknown): RuntimeConfig["walletConnect"] {
  if (value === null || value === undefined) return null;
  return { projectId: text(record(value, "walletConnect").projectId, "walletConnect.projectId") };
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null) throw new Error(`The runtime config's ${field} is missing.`);
  return value as Record<string, unknown>;
}
function text(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") throw new Error(`The runtime config's ${field} must be text.`);
  return value;
}
function texts(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw new Error(`The runtime config's ${field} must be a list of URLs.`);
  return value.map((entry, i) => text(entry, `${field}[${i}]`));
}
function integer(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`The runtime config's ${field} must be a whole number.`);
  }
  return value;
}
function address(value: unknown, field: string): `0x${string}` {
  // The shape only: the checksum (a keccak per address, on the way to the first render) was
  // written by the deployment record the server reads.
  if (typeof value !== "string" || !isAddress(value, { strict: false })) {
    throw new Error(`The runtime config's ${field} must be a contract address.`);
  }
  return value;
}

const RuntimeConfigContext = createContext<RuntimeConfig | undefined>(undefined);

/**
 * Provides the runtime config the shell holds (app/Root.tsx: the device's copy or the server's
 * answer, see lib/runtimeCache.ts). Contract reads go through viem actions over
 * `publicClientFor(config)` (lib/chain.ts) inside TanStack Query, so no wagmi provider is needed.
 */
export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children?: ReactNode }) {
  return createElement(RuntimeConfigContext.Provider, { value: config }, children);
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error("useRuntimeConfig() must be used inside <RuntimeConfigProvider>.");
  return config;
}
