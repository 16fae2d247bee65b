import {
  createWalletClient,
  custom,
  type Address,
  type Chain,
  type CustomTransport,
  type JsonRpcAccount,
  type WalletClient,
} from "viem";
import type { Eip1193Provider } from "./eip1193";

export type ConnectedWalletClient = WalletClient<CustomTransport, Chain, JsonRpcAccount>;

/** Spec §7: accounts are requested before each contract call (a locked wallet unlocks first). */
function requestingAccounts(provider: Eip1193Provider): Eip1193Provider {
  return {
    async request(args) {
      if (args.method === "eth_sendTransaction") await provider.request({ method: "eth_requestAccounts" });
      return provider.request(args);
    },
  };
}

/** A viem wallet client over the connected wallet; fetched by useGetWalletClient when needed. */
export function connectedWalletClient({
  provider,
  account,
  chain,
}: {
  provider: Eip1193Provider;
  account: Address;
  chain: Chain;
}): ConnectedWalletClient {
  return createWalletClient({ account, chain, transport: custom(requestingAccounts(provider), { retryCount: 0 }) });
}
