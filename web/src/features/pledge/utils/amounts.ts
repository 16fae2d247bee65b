import { formatDecimal } from "../../../lib/format";
import type { StakePayView, StakeView } from "../../../lib/reads/staking";

/** What `units` cost: the DWN principal and the A8 (spec §2: dwnAmount × units, a8Amount × units). */
export interface StakeTotals {
  dwn: bigint;
  a8: bigint;
}

export function stakeTotals(view: Pick<StakeView, "dwnAmount" | "a8Amount">, units: bigint): StakeTotals {
  return { dwn: view.dwnAmount * units, a8: view.a8Amount * units };
}

/**
 * The most units the balances pay for: the smaller of what the DWN and the A8 balance each
 * cover at the unit prices (0 when either covers none). A price of 0 limits nothing.
 */
export function maxUnits(
  view: Pick<StakeView, "dwnAmount" | "a8Amount">,
  pay: Pick<StakePayView, "dwnbalance" | "a8balance">,
): bigint {
  const covered = [
    view.dwnAmount > 0n ? pay.dwnbalance / view.dwnAmount : undefined,
    view.a8Amount > 0n ? pay.a8balance / view.a8Amount : undefined,
  ].filter((n): n is bigint => n !== undefined);
  return covered.reduce((least, n) => (n < least ? n : least), covered[0] ?? 0n);
}

/**
 * Spec §5 "Staking": the first total the balances cannot cover stops the stake, DWN checked
 * first; undefined when both are covered.
 */
export function insufficientToken(totals: StakeTotals, pay: StakePayView): "dwn" | "a8" | undefined {
  if (totals.dwn > pay.dwnbalance) return "dwn";
  if (totals.a8 > pay.a8balance) return "a8";
  return undefined;
}

/**
 * The tokens to approve before staking, in the spec's order (DWN, then A8): each whose
 * allowance is below its total. An allowance that already covers its total is not approved
 * again, which would only cost the user a transaction.
 */
export function approvalsNeeded(totals: StakeTotals, pay: StakePayView): ("dwn" | "a8")[] {
  const needed: ("dwn" | "a8")[] = [];
  if (pay.dwnallowance < totals.dwn) needed.push("dwn");
  if (pay.a8allowance < totals.a8) needed.push("a8");
  return needed;
}

const SECONDS_PER_HOUR = 3_600n;

/** The grace period (seconds) in hours, as the instruction sentence shows it: "24", "1.5" (2 decimals at most, cut). */
export function graceHours(seconds: bigint): string {
  return formatDecimal((seconds * 100n) / SECONDS_PER_HOUR, 2);
}

export const SECONDS_PER_DAY = 86_400n;

/**
 * One cycle's estimated reward (UDBK, 18 decimals) of a stake of `units` started now: units ×
 * the reward per unit per second the stake snapshots × the cycle's seconds, before the claim fee.
 */
export function cycleReward({
  units,
  rewardPerUnitPerSecond,
  cycleDays,
}: {
  units: bigint;
  rewardPerUnitPerSecond: bigint;
  cycleDays: bigint;
}): bigint {
  return units * rewardPerUnitPerSecond * cycleDays * SECONDS_PER_DAY;
}

/** Whole days the reserve pays the current emission for; undefined when nothing is emitted. */
export function runwayDays(reserve: bigint, emissionPerSecond: bigint): bigint | undefined {
  if (emissionPerSecond <= 0n) return undefined;
  return reserve / (emissionPerSecond * SECONDS_PER_DAY);
}

/** The emission per day, 18 decimals. */
export function emissionPerDay(emissionPerSecond: bigint): bigint {
  return emissionPerSecond * SECONDS_PER_DAY;
}
