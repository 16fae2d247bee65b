import { RENEWAL_DELAY, type StakeRow } from "../store/queries";

/** A stake's reward schedule, computed from its snapshot exactly as the staking contract does. */

export const DAY = 86_400n;

interface Terms {
  start: bigint;
  duration: bigint;
  period: bigint;
  perSecond: bigint;
  redeemedAt: bigint | null;
}

export function terms(row: StakeRow): Terms {
  const duration = BigInt(row.duration);
  return {
    start: BigInt(row.start_time),
    duration,
    period: duration + BigInt(row.grace_period) + BigInt(RENEWAL_DELAY),
    perSecond: BigInt(row.units) * BigInt(row.reward_per_unit_per_second),
    redeemedAt: row.redeemed_at === null ? null : BigInt(row.redeemed_at),
  };
}

/** Rewards stop at the redemption. */
const until = (t: Terms, now: bigint) => ((t.redeemedAt ?? now) > t.start ? (t.redeemedAt ?? now) : t.start);

/** Seconds of cycle time between the start and `time`. */
export function activeSeconds(t: Terms, time: bigint): bigint {
  const elapsed = time - t.start;
  return (elapsed / t.period) * t.duration + min(elapsed % t.period, t.duration);
}

/** The moment at which `active` seconds of cycle time have passed (active > 0). */
export function timeOfActive(t: Terms, active: bigint): bigint {
  const cycle = (active - 1n) / t.duration;
  return t.start + cycle * t.period + (active - cycle * t.duration);
}

/** 0 in a cycle, 1 in its redeem window or renewal hour, 2 redeemed. */
export function status(t: Terms, now: bigint): 0 | 1 | 2 {
  if (t.redeemedAt !== null) return 2;
  return (now - t.start) % t.period < t.duration ? 0 : 1;
}

/** The end of the cycle the stake is in at `now` (or was in when redeemed). */
export function cycleEnd(t: Terms, now: bigint): bigint {
  return t.start + ((until(t, now) - t.start) / t.period) * t.period + t.duration;
}

/** Reward accrued from the start to `now` (or the redemption), claimed or not. */
export function accrued(t: Terms, now: bigint): bigint {
  return t.perSecond * activeSeconds(t, until(t, now));
}

/** One row per completed day of cycle time, newest first: when the day completed and its reward. */
export function dailyRows(t: Terms, now: bigint): { timestamp: bigint; reward: bigint }[] {
  const days = activeSeconds(t, until(t, now)) / DAY;
  const rows = [];
  for (let day = days; day >= 1n; day--)
    rows.push({ timestamp: timeOfActive(t, day * DAY), reward: t.perSecond * DAY });
  return rows;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
