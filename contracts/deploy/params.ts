import { parseUnits } from "viem";

/** Economic settings the deploy step writes into the contracts (DESIGN.md §3). */
export interface TierParams {
  id: number;
  supply: bigint;
  usdtprice: bigint;
  dwn8price: bigint;
  /** 4 decimals: 15000 = 1.5x. */
  multiple: bigint;
  /** The most NFTs of this tier one address may buy. */
  limit: bigint;
}

export interface SystemParams {
  tiers: TierParams[];
  staticRewardPerSecond: bigint;
  /** Basis points of the USDT price. */
  directPushRate: bigint;
  /** Basis points per generation, generation 1 first. */
  dynamicRates: number[];
  /** USDT per DWN, 18 decimals. */
  dwnPriceUsdt: bigint;
  /** Raw: 10100 = 1.01 per day. */
  makeupPercent: bigint;
  maxMakeupCount: bigint;
  openCapitalPool: boolean;
  /** A user's guarantee credits are worth at most this % of the USDT it paid (≤ 200; fixed at deploy). */
  maxGuaranteePercent: bigint;
  staking: {
    dwnAmount: bigint;
    a8Amount: bigint;
    cycleDays: bigint;
    /** Seconds. */
    gracePeriod: bigint;
    rewardPerUnitPerSecond: bigint;
    /** Basis points: 500 = 5%. */
    unstakeFeeRate: bigint;
    collectFeeRate: bigint;
  };
}

const token = (amount: string) => parseUnits(amount, 18);

/** The devnet's economics: prices and rates that make a convincing demo. */
export const devnetParams: SystemParams = {
  tiers: [
    { id: 1, supply: 1000n, usdtprice: token("100"), dwn8price: token("100"), multiple: 15000n, limit: 10n },
    { id: 2, supply: 800n, usdtprice: token("500"), dwn8price: token("500"), multiple: 16000n, limit: 10n },
    { id: 3, supply: 500n, usdtprice: token("1000"), dwn8price: token("1000"), multiple: 18000n, limit: 5n },
    { id: 4, supply: 300n, usdtprice: token("3000"), dwn8price: token("3000"), multiple: 20000n, limit: 5n },
    { id: 5, supply: 100n, usdtprice: token("5000"), dwn8price: token("5000"), multiple: 25000n, limit: 3n },
  ],
  // 0.01 DWN a second: 864 DWN a day shared by all hashrate.
  staticRewardPerSecond: token("0.01"),
  directPushRate: 1000n,
  dynamicRates: [1000, 800, 600, 500, 400, 300, 200, 200, 100, 100],
  dwnPriceUsdt: token("0.5"),
  makeupPercent: 10100n,
  maxMakeupCount: 30n,
  openCapitalPool: true,
  maxGuaranteePercent: 100n,
  staking: {
    dwnAmount: token("100"),
    a8Amount: token("50"),
    cycleDays: 30n,
    gracePeriod: 86_400n,
    // One UDBK a day per unit.
    rewardPerUnitPerSecond: token("1") / 86_400n,
    unstakeFeeRate: 500n,
    collectFeeRate: 300n,
  },
};
