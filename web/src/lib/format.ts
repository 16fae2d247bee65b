import { formatUnits } from "viem";

/**
 * Display helpers of spec §9, all on exact integers: amounts arrive as bigint base units and
 * are never turned into floating point.
 */

/** Keeps at most `places` decimals and trims trailing zeros. Cuts rather than rounds up, so
 * a balance is never shown larger than it is. */
export function formatAmount(value: bigint, { decimals = 18, places = 4 } = {}): string {
  const negative = value < 0n;
  const scale = 10n ** BigInt(Math.max(decimals - places, 0));
  const cut = ((negative ? -value : value) / scale) * scale;
  const text = formatUnits(cut, decimals);
  return negative && cut !== 0n ? `-${text}` : text;
}

const SUFFIXES: readonly [string, bigint][] = [
  ["AB", 10n ** 18n],
  ["AA", 10n ** 15n],
  ["T", 10n ** 12n],
  ["B", 10n ** 9n],
  ["M", 10n ** 6n],
  ["K", 10n ** 3n],
];

/** Large amounts with a suffix and 2 decimals (1,234,567 → "1.23M"); smaller ones as {@link formatAmount}. */
export function formatCompact(value: bigint, decimals = 18): string {
  const unit = 10n ** BigInt(decimals);
  const whole = value < 0n ? -value : value;
  for (const [suffix, size] of SUFFIXES) {
    if (whole >= size * unit) {
      const hundredths = (whole * 100n) / (size * unit);
      const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}${suffix}`;
      return value < 0n ? `-${text}` : text;
    }
  }
  return formatAmount(value, { decimals });
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD hh:mm:ss` in the device's time zone, from unix seconds. */
export function formatTime(unixSeconds: number | bigint): string {
  const d = new Date(Number(unixSeconds) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The first `keep` and last `keep` characters around an ellipsis; short text unchanged. */
export function shorten(text: string, keep: number): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
