import {
  createClient,
  createTransport,
  defineChain,
  http,
  numberToHex,
  parseGwei,
  type Chain,
  type Client,
  type EIP1193RequestFn,
  type Transport,
} from "viem";
import type { RuntimeConfig } from "@dwn/api";
import { isRevert } from "./readError";

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
export type ReadClient = Client<Transport, Chain>;

/**
 * Requests go to the first transport; one it cannot answer goes to the next, in order. A
 * contract's revert is an answer (every node would give it) and is not tried elsewhere. This is
 * viem's `fallback` without its ranking and retry machinery, which would add 1.8 kB gzip to the
 * first visit for lists of two or three public RPCs.
 */
export function inOrder(transports: readonly Transport[]): Transport {
  return ({ chain, timeout }) => {
    const built = transports.map((transport) => transport({ chain, retryCount: 0 }));
    return createTransport({
      key: "inOrder",
      name: "In order",
      type: "inOrder",
      retryCount: 0,
      timeout,
      // The transports' own request functions carry the typing; this one only passes them along.
      request: (async (args: { method: string; params?: unknown }) => {
        let failure: unknown;
        for (const transport of built) {
          try {
            return await transport.request(args as Parameters<typeof transport.request>[0]);
          } catch (error) {
            if (isRevert(error)) throw error;
            failure = error;
          }
        }
        throw failure;
      }) as EIP1193RequestFn,
    });
  };
}

/**
 * The read transport: the config's RPC, and when it names more (`chain.rpcUrls`), those after
 * it in order when one fails ({@link inOrder}). Each batches the reads a screen makes together
 * into one JSON-RPC request.
 */
export function readTransport({ chain }: Pick<RuntimeConfig, "chain">): Transport {
  const urls = [chain.rpcUrl, ...(chain.rpcUrls ?? []).filter((url) => url !== chain.rpcUrl)];
  const transports = urls.map((url) => http(url, { batch: true }));
  return transports.length === 1 ? transports[0] : inOrder(transports);
}

const readClients = new WeakMap<RuntimeConfig, ReadClient>();

export function publicClientFor(config: RuntimeConfig): ReadClient {
  let client = readClients.get(config);
  if (!client) {
    // The reads a screen makes together go out as one JSON-RPC batch: one request (and one
    // CORS preflight) to the node instead of one each.
    client = createClient({ chain: chainFromConfig(config), transport: readTransport(config) });
    readClients.set(config, client);
  }
  return client;
}
