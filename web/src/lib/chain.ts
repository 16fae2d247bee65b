import { createPublicClient, defineChain, http, numberToHex, parseGwei, type Chain, type PublicClient } from "viem";
import { createConfig, type Config } from "wagmi";
import type { RuntimeConfig } from "@dwn/api";

/** Spec §7/§9: every write transaction pays 3 gwei. */
export const GAS_PRICE: bigint = parseGwei("3");

/** The chain the deployment lives on (56 in production, 31337 on the devnet), as viem sees it. */
export function chainFromConfig({ chain }: RuntimeConfig): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.currency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.explorer ? { blockExplorers: { default: { name: chain.name, url: chain.explorer } } } : {}),
  });
}

/** The parameter of `wallet_addEthereumChain` (EIP-3085) for the runtime chain. */
export interface AddChainParameter {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

export function addChainParameter({ chain }: Pick<RuntimeConfig, "chain">): AddChainParameter {
  return {
    chainId: numberToHex(chain.id),
    chainName: chain.name,
    nativeCurrency: chain.currency,
    rpcUrls: [chain.rpcUrl],
    ...(chain.explorer ? { blockExplorerUrls: [chain.explorer] } : {}),
  };
}

/** One read client per config: contract reads go to the deployment's RPC, not through the
 * wallet, so they work before a wallet is connected and whichever chain the wallet is on. */
const publicClients = new WeakMap<RuntimeConfig, PublicClient>();

export function publicClientFor(config: RuntimeConfig): PublicClient {
  let client = publicClients.get(config);
  if (!client) {
    client = createPublicClient({ chain: chainFromConfig(config), transport: http(config.chain.rpcUrl) });
    publicClients.set(config, client);
  }
  return client;
}

/**
 * wagmi's config for the runtime chain, for contract reads with wagmi's hooks. It has no
 * connectors and stores nothing: connecting is the wallet feature's own EIP-1193 flow, so that
 * the spec's exact wallet requests are made.
 */
export function createChainWagmiConfig(config: RuntimeConfig): Config {
  const chain = chainFromConfig(config);
  return createConfig({
    chains: [chain],
    transports: { [chain.id]: http(config.chain.rpcUrl) },
    connectors: [],
    multiInjectedProviderDiscovery: false,
    storage: null,
    ssr: false,
  });
}
