import {
  createWalletClient,
  custom,
  getAddress,
  zeroAddress,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
} from "viem";
import { poolAbi } from "@dwn/contracts";
import { GAS_PRICE } from "../../lib/chain";
import type { Eip1193Provider } from "./eip1193";

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

/** Reads go to the deployment's RPC; the write goes through the wallet. */
export function createReferralAccess({
  client,
  chain,
  pool,
}: {
  client: PublicClient;
  chain: Chain;
  pool: Address;
}): ReferralAccess {
  return {
    root: () => client.readContract({ address: pool, abi: poolAbi, functionName: "root" }),
    async inviterOf(account) {
      const inviter = await client.readContract({
        address: pool,
        abi: poolAbi,
        functionName: "inviters",
        args: [account],
      });
      return inviter === zeroAddress ? null : getAddress(inviter);
    },
    isValidUser: (address) =>
      client.readContract({ address: pool, abi: poolAbi, functionName: "validUser", args: [address] }),
    setInviter: (args) => sendSetInviter({ ...args, chain, pool }),
    async succeeded(hash) {
      const receipt = await client.waitForTransactionReceipt({ hash });
      return receipt.status === "success";
    },
  };
}
