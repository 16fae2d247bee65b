import { stakingAbi } from "@dwn/contracts";
import type { Address, Client } from "viem";
import { readView } from "./readView";

/** stakeView(): the price of one unit (DWN and A8, 18 decimals), the cycle in days and the grace in seconds. */
export interface StakeView {
  dwnAmount: bigint;
  a8Amount: bigint;
  cycle: bigint;
  gracePeriod: bigint;
}

export async function readStakeView(client: Client, staking: Address): Promise<StakeView> {
  return readView(client, { address: staking, abi: stakingAbi, functionName: "stakeView" });
}
