import { poolAbi, tokenAbi } from "@dwn/contracts";
import type { Address, Client } from "viem";
import { readView } from "./readView";

/** A user's figures on the pool: hashrate and the two incomes not yet collected (18 decimals). */
export interface PoolUser {
  hashrate: bigint;
  staticProfit: bigint;
  dynamicProfit: bigint;
}

export async function readPoolUser(client: Client, { pool, account }: { pool: Address; account: Address }) {
  // Each function named where it is called: the build gives this module those functions of the
  // ABI alone (build/leanAbis.ts).
  const [hashrate, staticProfit, dynamicProfit] = await Promise.all([
    readView(client, { address: pool, abi: poolAbi, functionName: "userHashrate", args: [account] }),
    readView(client, { address: pool, abi: poolAbi, functionName: "userStaticProfit", args: [account] }),
    readView(client, { address: pool, abi: poolAbi, functionName: "userDynamicProfit", args: [account] }),
  ]);
  return { hashrate, staticProfit, dynamicProfit } satisfies PoolUser;
}

/** One NFT tier as info() lists it: prices 18 decimals, `multiple` 4 decimals (10000 = 1x). */
export interface Tier {
  id: bigint;
  supply: bigint;
  sold: bigint;
  usdtprice: bigint;
  dwn8price: bigint;
  multiple: bigint;
  limit: bigint;
}

/** Every tier, in id order. */
export async function readTiers(client: Client, pool: Address): Promise<readonly Tier[]> {
  return readView(client, { address: pool, abi: poolAbi, functionName: "info" });
}

/** buyView(id): what one NFT of the tier costs now and the hashrate it grants (DESIGN.md §3). */
export interface BuyQuote {
  id: bigint;
  payusdt: bigint;
  /** DWN9's amount: the contract calls the token dwn8. */
  paydwn8: bigint;
  multiple: bigint;
  hashrate: bigint;
  /** Raw: 10100 = 1.01 per day. */
  makeupPercent: bigint;
  makeupCount: bigint;
  makeupHashrate: bigint;
}

export async function readBuyQuote(client: Client, { pool, id }: { pool: Address; id: bigint }): Promise<BuyQuote> {
  return readView(client, { address: pool, abi: poolAbi, functionName: "buyView", args: [id] });
}

/** The pool's DWN reserve, which pays every collect, and the static emission that draws on it. */
export interface PoolReserve {
  reserve: bigint;
  staticRewardPerSecond: bigint;
}

export async function readPoolReserve(client: Client, { pool, dwn }: { pool: Address; dwn: Address }) {
  const [reserve, staticRewardPerSecond] = await Promise.all([
    readView(client, { address: dwn, abi: tokenAbi, functionName: "balanceOf", args: [pool] }),
    readView(client, { address: pool, abi: poolAbi, functionName: "staticRewardPerSecond" }),
  ]);
  return { reserve, staticRewardPerSecond } satisfies PoolReserve;
}

/** userTierCount(user, id) for each tier id: how many NFTs of each tier the user holds (the per-wallet limit counts these). */
export async function readOwnedTiers(
  client: Client,
  { pool, account, ids }: { pool: Address; account: Address; ids: readonly bigint[] },
): Promise<readonly bigint[]> {
  return Promise.all(
    ids.map((id) =>
      readView(client, { address: pool, abi: poolAbi, functionName: "userTierCount", args: [account, id] }),
    ),
  );
}
