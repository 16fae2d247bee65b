import { formatUnits } from "viem";

/**
 * Display helpers of spec §9, all on exact integers: amounts arrive as bigint base units and
 * are never turned into floating point.
 */

/** "1234567.5" → "1,234,567.5": groups of three in the whole part. */
function group(text: string): string {
  const [whole, fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * At most `places` decimals, trailing zeros trimmed, thousands grouped (spec §9, DESIGN.md
 * "Honest figures"). Rounds half up, so 2.99999 shows as 3; `cut: true` truncates instead, for
 * an amount the user is about to receive (withdrawable, receivable after a fee), which must
 * never be shown larger than it is.
 */
export function formatAmount(value: bigint, { decimals = 18, places = 4, cut = false } = {}): string {
  const negative = value < 0n;
  const scale = 10n ** BigInt(Math.max(decimals - places, 0));
  const magnitude = negative ? -value : value;
  const units = cut || scale === 1n ? magnitude / scale : (magnitude + scale / 2n) / scale;
  const shown = units * scale;
  const text = group(formatUnits(shown, decimals));
  return negative && shown !== 0n ? `-${text}` : text;
}

/**
 * A fixed-point number that is not a token amount (a rate in basis points, hours, a multiple),
 * with every one of its `decimals` places kept and trailing zeros trimmed: 250 with 2 → "2.5".
 * Token amounts go through `formatMoney` (lib/money.ts), which names their kind.
 */
export function formatDecimal(value: bigint, decimals: number): string {
  return formatAmount(value, { decimals, places: decimals });
}

const SUFFIXES: readonly [string, bigint][] = [
  ["AB", 10n ** 18n],
  ["AA", 10n ** 15n],
  ["T", 10n ** 12n],
  ["B", 10n ** 9n],
  ["M", 10n ** 6n],
  ["K", 10n ** 3n],
];

/** Large amounts with a suffix and 2 decimals, rounded half up (1,234,567 → "1.23M"); smaller ones as {@link formatAmount}. */
export function formatCompact(value: bigint, decimals = 18): string {
  const unit = 10n ** BigInt(decimals);
  const whole = value < 0n ? -value : value;
  const index = SUFFIXES.findIndex(([, size]) => whole >= size * unit);
  if (index >= 0) {
    let [suffix, size] = SUFFIXES[index];
    let hundredths = (whole * 100n + (size * unit) / 2n) / (size * unit);
    // 999,999.996 K rounds to 1,000.00K: shown as the next suffix's 1.00M instead.
    if (hundredths >= 100_000n && index > 0) {
      [suffix, size] = SUFFIXES[index - 1];
      hundredths = (whole * 100n + (size * unit) / 2n) / (size * unit);
    }
    const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}${suffix}`;
    return value < 0n ? `-${text}` : text;
  }
  return formatAmount(value, { decimals });
}

/**
 * `YYYY-MM-DD hh:mm:ss` in the device's time zone, from unix seconds. Self-contained: the page's
 * boot script carries its source, to write the times of a shell the server rendered in the
 * device's time zone before it paints (app/bootShell.ts).
 */
export function formatTime(unixSeconds: number | bigint): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const d = new Date(Number(unixSeconds) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The first `keep` and last `keep` characters around an ellipsis; short text unchanged. */
export function shorten(text: string, keep: number): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
