import { stakingAbi, tokenAbi } from "@dwn/contracts";
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

/** stakePayView(user): the user's DWN and A8 balances and what each allows the staking contract to take. */
export interface StakePayView {
  a8balance: bigint;
  dwnbalance: bigint;
  a8allowance: bigint;
  dwnallowance: bigint;
}

export async function readStakePayView(
  client: Client,
  { staking, account }: { staking: Address; account: Address },
): Promise<StakePayView> {
  return readView(client, { address: staking, abi: stakingAbi, functionName: "stakePayView", args: [account] });
}

/** getPendingRewards(ids): the UDBK each stake could collect now (18 decimals), in the order of `ids`. */
export async function readPendingRewards(
  client: Client,
  { staking, ids }: { staking: Address; ids: readonly bigint[] },
): Promise<readonly bigint[]> {
  if (ids.length === 0) return [];
  return readView(client, { address: staking, abi: stakingAbi, functionName: "getPendingRewards", args: [ids] });
}

/** canRedeem(id): the stake is not redeemed and now is inside one of its redeem windows. */
export async function readCanRedeem(client: Client, { staking, id }: { staking: Address; id: bigint }) {
  return readView(client, { address: staking, abi: stakingAbi, functionName: "canRedeem", args: [id] });
}

/** The unstake and collect fee rates in basis points (contract value / 100 = percent). */
export interface FeeRates {
  unstakeFeeRate: bigint;
  collectFeeRate: bigint;
}

export async function readFeeRates(client: Client, staking: Address): Promise<FeeRates> {
  const [unstakeFeeRate, collectFeeRate] = await Promise.all([
    readView(client, { address: staking, abi: stakingAbi, functionName: "unstakeFeeRate" }),
    readView(client, { address: staking, abi: stakingAbi, functionName: "collectFeeRate" }),
  ]);
  return { unstakeFeeRate, collectFeeRate };
}

/** The staking contract's UDBK reserve and what it pays out per second now, both 18 decimals. */
export interface StakingReserve {
  reserve: bigint;
  emissionPerSecond: bigint;
}

/** How many stakeInfo reads are in flight at once. */
const STAKE_INFO_CONCURRENCY = 50;

/**
 * The UDBK the staking contract holds, and the current emission: the sum of units × the
 * snapshotted reward per unit per second over the stakes inside a cycle (status 0); stakes in a
 * redeem window or redeemed accrue nothing. The contract keeps no running total (whether a
 * stake accrues depends on the time), so each stake's stakeInfo is read: one call per stake.
 */
export async function readStakingReserve(
  client: Client,
  { staking, udbk }: { staking: Address; udbk: Address },
): Promise<StakingReserve> {
  const [reserve, count] = await Promise.all([
    readView(client, { address: udbk, abi: tokenAbi, functionName: "balanceOf", args: [staking] }),
    readView(client, { address: staking, abi: stakingAbi, functionName: "stakeCount" }),
  ]);
  let emissionPerSecond = 0n;
  for (let from = 1n; from <= count; from += BigInt(STAKE_INFO_CONCURRENCY)) {
    const ids = [];
    for (let id = from; id <= count && id < from + BigInt(STAKE_INFO_CONCURRENCY); id++) ids.push(id);
    const infos = await Promise.all(
      ids.map((id) => readView(client, { address: staking, abi: stakingAbi, functionName: "stakeInfo", args: [id] })),
    );
    for (const info of infos) {
      if (info.status === 0n) emissionPerSecond += info.hashrate * info.rewardPerUnitPerSecond;
    }
  }
  return { reserve, emissionPerSecond };
}

/** stakeInfo(id): everything the chain knows of one stake (owner, principal, cycle, status, times). */
export interface StakeInfo {
  id: bigint;
  dwnAmount: bigint;
  /** The stake's units. */
  hashrate: bigint;
  startTime: bigint;
  /** The end of the current (or last) cycle; the redeem window opens then. */
  endTime: bigint;
  durationPerCycle: bigint;
  /** The redeem window closes then. */
  unstakeGraceTimestamp: bigint;
  lastCollectTime: bigint;
  pastUnClaimedReward: bigint;
  user: Address;
  redeemed: boolean;
  /** 0 in progress, 1 waiting for renewal (redeem window), 2 ended (redeemed). */
  status: bigint;
  cycleIndex: bigint;
  gracePeriod: bigint;
  rewardPerUnitPerSecond: bigint;
}

export async function readStakeInfo(
  client: Client,
  { staking, id }: { staking: Address; id: bigint },
): Promise<StakeInfo> {
  return readView(client, { address: staking, abi: stakingAbi, functionName: "stakeInfo", args: [id] });
}

/** rewardPerUnitPerSecond(): the UDBK one unit staked now earns per second (18 decimals). */
export async function readRewardRate(client: Client, staking: Address): Promise<bigint> {
  return readView(client, { address: staking, abi: stakingAbi, functionName: "rewardPerUnitPerSecond" });
}

/** RENEWAL_DELAY(): the pause in seconds between a stake's redeem window and its next cycle. */
export async function readRenewalDelay(client: Client, staking: Address): Promise<bigint> {
  return readView(client, { address: staking, abi: stakingAbi, functionName: "RENEWAL_DELAY" });
}

/** The most ids stakeIdsOf returns at once (Staking.MAX_PAGE). */
const STAKE_ID_PAGE = 100n;

/** Every stake id `user` has made (stakeCountOf, then stakeIdsOf a page of MAX_PAGE at a time), oldest first. */
export async function readStakeIdsOf(
  client: Client,
  { staking, user }: { staking: Address; user: Address },
): Promise<bigint[]> {
  const count = await readView(client, {
    address: staking,
    abi: stakingAbi,
    functionName: "stakeCountOf",
    args: [user],
  });
  const pages: Promise<readonly bigint[]>[] = [];
  for (let offset = 0n; offset < count; offset += STAKE_ID_PAGE) {
    pages.push(
      readView(client, {
        address: staking,
        abi: stakingAbi,
        functionName: "stakeIdsOf",
        args: [user, offset, STAKE_ID_PAGE],
      }),
    );
  }
  return (await Promise.all(pages)).flat();
}
