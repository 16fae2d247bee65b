import { poolAbi } from "@dwn/contracts";
import type { Address, Client } from "viem";
import { readView } from "./readView";

/** A user's figures on the pool: hashrate and the two incomes not yet collected (18 decimals). */
export interface PoolUser {
  hashrate: bigint;
  staticProfit: bigint;
  dynamicProfit: bigint;
}

export async function readPoolUser(client: Client, { pool, account }: { pool: Address; account: Address }) {
  const read = (functionName: "userHashrate" | "userStaticProfit" | "userDynamicProfit") =>
    readView(client, { address: pool, abi: poolAbi, functionName, args: [account] });
  const [hashrate, staticProfit, dynamicProfit] = await Promise.all([
    read("userHashrate"),
    read("userStaticProfit"),
    read("userDynamicProfit"),
  ]);
  return { hashrate, staticProfit, dynamicProfit } satisfies PoolUser;
}
