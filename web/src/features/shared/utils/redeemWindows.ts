/**
 * A stake's life as the staking contract defines it (Staking.sol `_position`, DESIGN.md
 * "Staking"): cycle k starts at `startTime + k × period` and runs `durationPerCycle`; its redeem
 * window is the next `gracePeriod` seconds; `RENEWAL_DELAY` later the next cycle starts, so
 * `period = durationPerCycle + gracePeriod + RENEWAL_DELAY`. Every input is what the chain
 * returns (stakeInfo and the contract's RENEWAL_DELAY); nothing is re-derived from the terms.
 */
export interface StakeSchedule {
  startTime: bigint;
  durationPerCycle: bigint;
  gracePeriod: bigint;
  renewalDelay: bigint;
}

/** Redeem window `index` of a stake: open from `opensAt` (inclusive) to `closesAt` (exclusive), unix seconds. */
export interface RedeemWindow {
  index: bigint;
  opensAt: bigint;
  closesAt: bigint;
}

/** How long before a window opens home starts announcing it. */
export const ANNOUNCE_BEFORE = 86_400n;

const periodOf = (s: StakeSchedule) => s.durationPerCycle + s.gracePeriod + s.renewalDelay;

/** Window `index` of the stake. */
export function redeemWindow(s: StakeSchedule, index: bigint): RedeemWindow {
  const opensAt = s.startTime + index * periodOf(s) + s.durationPerCycle;
  return { index, opensAt, closesAt: opensAt + s.gracePeriod };
}

/** The first window that has not closed at `now`: the one open now, or else the next to open. */
export function currentOrNextWindow(s: StakeSchedule, now: bigint): RedeemWindow {
  if (now < s.startTime) return redeemWindow(s, 0n);
  const period = periodOf(s);
  const elapsed = now - s.startTime;
  const cycle = elapsed / period;
  const offset = elapsed % period;
  return redeemWindow(s, offset < s.durationPerCycle + s.gracePeriod ? cycle : cycle + 1n);
}

/** The `count` windows from the one open at `now` (or the next to open), in order. */
export function nextWindows(s: StakeSchedule, now: bigint, count: number): RedeemWindow[] {
  const first = currentOrNextWindow(s, now).index;
  return Array.from({ length: count }, (_, i) => redeemWindow(s, first + BigInt(i)));
}

/** What home says of a stake at `now`: its window is open, or opens within {@link ANNOUNCE_BEFORE}. */
export type WindowReminder = { kind: "open"; window: RedeemWindow } | { kind: "soon"; window: RedeemWindow };

/** The reminder for a stake not redeemed, or undefined when its next window is further than a day away. */
export function windowReminder(s: StakeSchedule, now: bigint): WindowReminder | undefined {
  const window = currentOrNextWindow(s, now);
  if (now >= window.opensAt) return { kind: "open", window };
  if (window.opensAt - now <= ANNOUNCE_BEFORE) return { kind: "soon", window };
  return undefined;
}
