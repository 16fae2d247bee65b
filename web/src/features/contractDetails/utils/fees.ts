import { formatAmount } from "../../../lib/format";

/**
 * The figures of the claim and redeem popups, computed as Staking.sol pays them: rates are
 * basis points (contract value / 100 = percent, so 500 = 5%), `fee = amount × rate / 10000`
 * rounded down (Solidity's integer division), and the user receives `amount − fee`.
 */
export const RATE_SCALE = 10_000n;

export interface FeeEstimate {
  amount: bigint;
  fee: bigint;
  receivable: bigint;
}

export function feeEstimate(amount: bigint, rate: bigint): FeeEstimate {
  const fee = (amount * rate) / RATE_SCALE;
  return { amount, fee, receivable: amount - fee };
}

/** A rate in basis points as the percent the popup shows, without the sign: 500 → "5", 250 → "2.5", 333 → "3.33". */
export function ratePercent(rate: bigint): string {
  return formatAmount(rate, { decimals: 2, places: 2 });
}

/** What the popup shows, as text: the amount, the rate in % (without the sign), the fee and the receivable. */
export interface FeeFigures {
  amount: string;
  rate: string;
  fee: string;
  receivable: string;
}

export function feeFigures(amount: bigint, rate: bigint): FeeFigures {
  const { fee, receivable } = feeEstimate(amount, rate);
  return {
    // What the user receives is cut, never shown larger than it is; the fee is rounded.
    amount: formatAmount(amount, { cut: true }),
    rate: ratePercent(rate),
    fee: formatAmount(fee),
    receivable: formatAmount(receivable, { cut: true }),
  };
}
