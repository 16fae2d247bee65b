import { poolAbi } from "@dwn/contracts";
import { getAddress, zeroAddress, type Address, type Chain, type Client } from "viem";
import { readView } from "../../lib/reads/readView";
import type { ReferralAccess } from "./pool";

/**
 * The referral tree over the pool contract: reads go to the deployment's RPC; the write goes
 * through the wallet, with the transaction code (pool.ts) fetched when a bind sends it.
 */
export function createReferralAccess({
  client,
  chain,
  pool,
}: {
  client: Client;
  chain: Chain;
  pool: Address;
}): ReferralAccess {
  return {
    root: () => readView(client, { address: pool, abi: poolAbi, functionName: "root" }),
    async inviterOf(account) {
      const inviter = await readView(client, {
        address: pool,
        abi: poolAbi,
        functionName: "inviters",
        args: [account],
      });
      return inviter === zeroAddress ? null : getAddress(inviter);
    },
    isValidUser: (address) =>
      readView(client, { address: pool, abi: poolAbi, functionName: "validUser", args: [address] }),
    async setInviter(args) {
      const { sendSetInviter } = await import("./pool");
      return sendSetInviter({ ...args, chain, pool });
    },
    async succeeded(hash) {
      const { transactionSucceeded } = await import("./pool");
      return transactionSucceeded(client, hash);
    },
  };
}
