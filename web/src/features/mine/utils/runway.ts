export const SECONDS_PER_DAY = 86_400n;

/**
 * How many whole days the pool's DWN reserve pays the static emission for:
 * reserve / (staticRewardPerSecond × 86400). Null when nothing is emitted (no runway to show).
 */
export function runwayDays({ reserve, staticRewardPerSecond }: { reserve: bigint; staticRewardPerSecond: bigint }) {
  if (staticRewardPerSecond <= 0n) return null;
  return reserve / (staticRewardPerSecond * SECONDS_PER_DAY);
}
