import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from "react";
import type { Address, Chain } from "viem";
import type { WalletMachine } from "./machine";
import { accountOf, type WalletState } from "./state";
import type { ConnectedWalletClient } from "./walletClient";

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

/** The whole wallet state (the session and the invite), for the wallet feature's own components. */
export function useWalletState(): WalletState {
  const { machine } = useWalletContext();
  // The same snapshot when rendered to markup (the screens' tests render without a DOM).
  return useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
}

export function useWalletMachine(): WalletMachine {
  return useWalletContext().machine;
}

export interface Wallet {
  account?: Address;
  hasLogin: boolean;
  /** The account's on-chain inviter; null when it has none (or is root); undefined until read. */
  inviter?: Address | null;
  connecting: boolean;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

/** The wallet session (spec §3) in the terms screens use, and its two actions. */
export function useWallet(): Wallet {
  const machine = useWalletMachine();
  const { session } = useWalletState();
  const account = accountOf(session);
  const hasLogin = Boolean("token" in session && session.token);
  // Undefined until read (a resumed session reads it after showing the account).
  const inviter = "referral" in session ? session.referral?.inviter : undefined;
  const connecting = session.status === "connecting" || session.status === "signingIn";
  return useMemo(
    () => ({ account, hasLogin, inviter, connecting, connect: machine.connect, disconnect: machine.disconnect }),
    [account, hasLogin, inviter, connecting, machine],
  );
}

/**
 * For other features' transactions: a function resolving to a viem wallet client over the
 * connected wallet (EIP-1193), or undefined when no wallet is connected. The client's code is
 * fetched when the function is called, i.e. when a transaction is about to be sent, so no
 * screen carries it. Every transaction is preceded by `eth_requestAccounts`; writes should
 * pass `gasPrice: GAS_PRICE` (spec §7).
 */
export function useGetWalletClient(): (() => Promise<ConnectedWalletClient>) | undefined {
  const { machine, chain } = useWalletContext();
  const account = accountOf(useWalletState().session);
  const provider = account ? machine.getProvider() : undefined;
  const get = useCallback(async () => {
    if (!provider || !account) throw new Error("No wallet is connected.");
    const { connectedWalletClient } = await import("./walletClient");
    return connectedWalletClient({ provider, account, chain });
  }, [provider, account, chain]);
  return provider && account ? get : undefined;
}
