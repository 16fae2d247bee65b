import { formatAmount } from "./format";

/**
 * Every kind of token amount the app shows, and how it is rounded to its 4 decimals. One amount
 * has one kind wherever it appears (a card, a details page, a popup, a toast, a list row), so it
 * reads the same everywhere. What the user receives or has earned is cut ("down"), never shown
 * larger than it is; every other amount is rounded half up. A transaction's network fee (BNB)
 * has its own formatter, `formatNetworkFee` (features/tx/networkFee.ts): 6 decimals rounded up,
 * since a fee of 0.000246 BNB would read 0.0002 here, and a tiny one 0.
 */
export const AMOUNT_KINDS = {
  /** Income credited, collected or to collect: payouts, withdrawable, cumulative gains, the income log's rows. */
  income: "down",
  /** Staking rewards: earned, claimable, paid out, a reward row, an estimate of one. */
  reward: "down",
  /** What a claim or a redeem pays after its fee. */
  receivable: "down",
  /** What the user pays: tier prices, the stake's required DWN and A8. */
  price: "halfUp",
  /** A fee taken from a claim or a redeem. */
  fee: "halfUp",
  /** The DWN a stake locked (and a redeem returns before its fee). */
  principal: "halfUp",
  /** A wallet's token or BNB balance. */
  balance: "halfUp",
  /** The pool's and staking's reserves and emission, team performance, a setting's value. */
  figure: "halfUp",
} as const satisfies Record<string, "down" | "halfUp">;

export type AmountKind = keyof typeof AMOUNT_KINDS;

/**
 * `value` (base units of a `decimals`-decimal token) as its kind reads it: at most 4 decimals,
 * trailing zeros trimmed, thousands grouped, cut or rounded half up by {@link AMOUNT_KINDS}.
 */
export function formatMoney(kind: AmountKind, value: bigint, decimals = 18): string {
  return formatAmount(value, { decimals, cut: AMOUNT_KINDS[kind] === "down" });
}
