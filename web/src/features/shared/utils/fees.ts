import { formatDecimal } from "../../../lib/format";
import { formatMoney, type AmountKind } from "../../../lib/money";

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
  return formatDecimal(rate, 2);
}

/** What the popup shows, as text: the amount, the rate in % (without the sign), the fee and the receivable. */
export interface FeeFigures {
  amount: string;
  rate: string;
  fee: string;
  receivable: string;
}

/** `kind` is what the popup pays out before its fee: a claim's reward or a redeem's principal. */
export function feeFigures(
  amount: bigint,
  rate: bigint,
  kind: Extract<AmountKind, "reward" | "principal">,
): FeeFigures {
  const { fee, receivable } = feeEstimate(amount, rate);
  return {
    // Each as its kind reads everywhere else (lib/money.ts): what the user receives is cut.
    amount: kind === "reward" ? formatMoney("reward", amount) : formatMoney("principal", amount),
    rate: ratePercent(rate),
    fee: formatMoney("fee", fee),
    receivable: formatMoney("receivable", receivable),
  };
}
