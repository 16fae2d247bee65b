import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
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
import type { WalletMachine, WalletState } from "./machine";

export interface WalletContextValue {
  machine: WalletMachine;
  chain: Chain;
}

export const WalletContext = createContext<WalletContextValue | undefined>(undefined);

function useWalletContext(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error("The wallet hooks must be used inside <WalletProvider>.");
  return value;
}

/** The whole wallet state, for the wallet feature's own components. */
export function useWalletState(): WalletState {
  const { machine } = useWalletContext();
  return useSyncExternalStore(machine.subscribe, machine.getState);
}

export function useWalletMachine(): WalletMachine {
  return useWalletContext().machine;
}

export interface Wallet {
  account?: Address;
  hasLogin: boolean;
  token?: string;
  inviter?: Address | null;
  isRoot: boolean;
  connecting: boolean;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

/** The wallet session (spec §3) and its two actions. */
export function useWallet(): Wallet {
  const machine = useWalletMachine();
  const { account, hasLogin, token, inviter, isRoot, connecting } = useWalletState();
  return useMemo(
    () => ({
      account,
      hasLogin,
      token,
      inviter,
      isRoot,
      connecting,
      connect: machine.connect,
      disconnect: machine.disconnect,
    }),
    [account, hasLogin, token, inviter, isRoot, connecting, machine],
  );
}

/** Spec §7: accounts are requested before each contract call (a locked wallet unlocks first). */
function requestingAccounts(provider: Eip1193Provider): Eip1193Provider {
  return {
    async request(args) {
      if (args.method === "eth_sendTransaction") await provider.request({ method: "eth_requestAccounts" });
      return provider.request(args);
    },
  };
}

/**
 * A viem wallet client over the connected wallet (EIP-1193), for other features' transactions;
 * undefined when no wallet is connected. Every transaction is preceded by
 * `eth_requestAccounts`; writes should pass `gasPrice: GAS_PRICE` (spec §7).
 */
export function useWalletClient(): WalletClient<CustomTransport, Chain, JsonRpcAccount> | undefined {
  const { machine, chain } = useWalletContext();
  const { account } = useWalletState();
  const provider = account ? machine.getProvider() : undefined;
  return useMemo(
    () =>
      provider && account
        ? createWalletClient({ account, chain, transport: custom(requestingAccounts(provider), { retryCount: 0 }) })
        : undefined,
    [provider, account, chain],
  );
}
