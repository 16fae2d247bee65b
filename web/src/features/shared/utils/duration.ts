import { formatDecimal } from "../../../lib/format";

/** Whole days, hours and minutes of a duration (seconds cut). */
export function durationParts(seconds: bigint): { days: string; hours: string; minutes: string } {
  return {
    days: formatDecimal(seconds / 86_400n, 0),
    hours: String((seconds % 86_400n) / 3_600n),
    minutes: String((seconds % 3_600n) / 60n),
  };
}
