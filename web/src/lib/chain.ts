import {
  createClient,
  defineChain,
  http,
  numberToHex,
  parseGwei,
  type Chain,
  type Client,
  type HttpTransport,
} from "viem";
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

/**
 * One read client per config: contract reads go to the deployment's RPC, not through the
 * wallet, so they work before a wallet is connected and whichever chain the wallet is on.
 * A bare client: its users import the few functions they need (lib/reads/readView.ts, the
 * bind's receipt wait), whereas createPublicClient's decorator brings every public action
 * into the first visit's bundle.
 */
export type ReadClient = Client<HttpTransport, Chain>;

const readClients = new WeakMap<RuntimeConfig, ReadClient>();

export function publicClientFor(config: RuntimeConfig): ReadClient {
  let client = readClients.get(config);
  if (!client) {
    // The reads a screen makes together go out as one JSON-RPC batch: one request (and one
    // CORS preflight) to the node instead of one each.
    client = createClient({ chain: chainFromConfig(config), transport: http(config.chain.rpcUrl, { batch: true }) });
    readClients.set(config, client);
  }
  return client;
}
