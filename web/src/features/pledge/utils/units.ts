/**
 * The units field follows spec §5 "Numeric input fields" with 0 decimals: only digits (and the
 * first decimal point) are kept as the user types, at most N digits after the point, and the
 * value is formatted (an integer, at least 1) when the field loses focus. "1.5" is 1, not 15.
 */

/** The minimum and default number of units (spec §2, §9); there is no maximum. */
export const MIN_UNITS = 1n;

/**
 * What a numeric field with `decimals` decimals keeps of typed text: its digits, and the first
 * point followed by at most `decimals` digits (a sign, a letter, a later point are dropped). With
 * 0 decimals the point stays while typing, so "1." then "5" reads 1, and no digit follows it.
 */
export function numericText(text: string, decimals = 0): string {
  const kept = text.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  if (point < 0) return kept;
  const fraction = kept
    .slice(point + 1)
    .replace(/\./g, "")
    .slice(0, decimals);
  return `${kept.slice(0, point)}.${fraction}`;
}

/** The units a field's text stands for: its whole part as an integer, at least {@link MIN_UNITS}. */
export function unitsFromText(text: string): bigint {
  const digits = numericText(text).split(".")[0];
  const units = digits === "" ? MIN_UNITS : BigInt(digits);
  return units < MIN_UNITS ? MIN_UNITS : units;
}
