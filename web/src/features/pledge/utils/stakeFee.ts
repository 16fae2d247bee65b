import { encodeFunctionData, maxUint256, type Address } from "viem";
import { stakingAbi, tokenAbi } from "@dwn/contracts";
import type { StakePayView } from "../../../lib/reads/staking";
import type { FeePlan } from "../../tx/networkFee";
import { approvalsNeeded } from "./amounts";

/** The terms the page shows, which the stake is held to (useStake's ShownTerms). */
export interface StakeTermsShown {
  /** The DWN and A8 totals of the units shown. */
  dwn: bigint;
  a8: bigint;
  cycleDays: bigint;
  rewardPerUnitPerSecond: bigint;
  /** The redeem and claim fee rates (basis points) and the redeem window (seconds) shown. */
  unstakeFeeRate: bigint;
  collectFeeRate: bigint;
  gracePeriod: bigint;
}

/**
 * The arguments of the quote-bound stake(units, maxDwn, maxA8, cycleDays, minReward,
 * maxUnstakeFeeRate, maxCollectFeeRate, minGracePeriod) that the Stake button sends.
 */
export function stakeArgs(units: bigint, shown: StakeTermsShown) {
  return [
    units,
    shown.dwn,
    shown.a8,
    shown.cycleDays,
    shown.rewardPerUnitPerSecond,
    shown.unstakeFeeRate,
    shown.collectFeeRate,
    shown.gracePeriod,
  ] as const;
}

/**
 * What a stake of `units` will ask the user to sign, as useStake sends it: an approval of
 * 2^256 − 1 for each token (DWN, then A8) whose allowance is short, then the stake. The stake
 * reverts while an allowance is short, so behind approvals it is estimated after them
 * (`later`); without, it is the one call.
 */
export function stakeFeePlan(
  units: bigint,
  shown: StakeTermsShown,
  pay: StakePayView,
  contracts: { staking: Address; dwn: Address; a8: Address },
): FeePlan {
  const approvals = approvalsNeeded(shown, pay);
  if (approvals.length === 0) {
    return {
      now: [
        {
          to: contracts.staking,
          data: encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: stakeArgs(units, shown) }),
        },
      ],
    };
  }
  return {
    now: approvals.map((token) => ({
      to: contracts[token],
      data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [contracts.staking, maxUint256] }),
    })),
    later: "stake",
  };
}
