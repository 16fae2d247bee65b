/**
 * The units field follows spec §5 "Numeric input fields" with 0 decimals: only digits are
 * kept as the user types, and the value is formatted (an integer, at least 1) when the field
 * loses focus.
 */

/** The minimum and default number of units (spec §2, §9); there is no maximum. */
export const MIN_UNITS = 1n;

/** The digits of `text`, nothing else: a point, a sign or a letter is dropped. */
export function keepDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/** The units a field's text stands for: its digits as an integer, at least {@link MIN_UNITS}. */
export function unitsFromText(text: string): bigint {
  const digits = keepDigits(text);
  const units = digits === "" ? MIN_UNITS : BigInt(digits);
  return units < MIN_UNITS ? MIN_UNITS : units;
}
