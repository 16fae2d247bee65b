import { createWalletClient, custom, type Address, type Chain, type Client, type Hash } from "viem";
import { waitForTransactionReceipt } from "viem/actions";
import { poolAbi } from "@dwn/contracts";
import { GAS_PRICE } from "../../lib/chain";
import type { Eip1193Provider } from "./eip1193";

/*
 * The pool contract's referral tree as the connect and bind steps use it, and the bind's
 * transaction. This module is the transaction side: referral.ts fetches it when a bind
 * happens, so wallet-client code is never part of a first visit.
 */

/** What the connect and bind steps need of the pool contract's referral tree. */
export interface ReferralAccess {
  root(): Promise<Address>;
  /** The bound inviter, or null for the zero address (no inviter). */
  inviterOf(account: Address): Promise<Address | null>;
  isValidUser(address: Address): Promise<boolean>;
  /** Sends `setInviter(parent)` from the wallet; resolves with the transaction hash. */
  setInviter(args: { provider: Eip1193Provider; account: Address; parent: Address }): Promise<Hash>;
  /** Waits for the transaction and says whether it succeeded. */
  succeeded(hash: Hash): Promise<boolean>;
}

/**
 * `setInviter` through the wallet as `eth_sendTransaction` with the spec's 3 gwei gas price.
 * (viem checks the wallet's chain first, so a wallet that moved chains is refused, not used.)
 */
export function sendSetInviter({
  provider,
  chain,
  pool,
  account,
  parent,
}: {
  provider: Eip1193Provider;
  chain: Chain;
  pool: Address;
  account: Address;
  parent: Address;
}): Promise<Hash> {
  const wallet = createWalletClient({ account, chain, transport: custom(provider, { retryCount: 0 }) });
  return wallet.writeContract({
    address: pool,
    abi: poolAbi,
    functionName: "setInviter",
    args: [parent],
    gasPrice: GAS_PRICE,
  });
}

/** Waits for a transaction's receipt on the deployment's RPC; whether it succeeded. */
export async function transactionSucceeded(client: Client, hash: Hash): Promise<boolean> {
  const receipt = await waitForTransactionReceipt(client, { hash });
  return receipt.status === "success";
}
