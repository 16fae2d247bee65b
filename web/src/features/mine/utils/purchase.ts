import type { BuyQuote } from "../../../lib/reads/pool";

/** An amount of each token an NFT is paid with (18 decimals). */
export interface PayTokens {
  usdt: bigint;
  dwn9: bigint;
}

/** Spec §5: USDT is checked first, then DWN9. */
export type BalanceProblem = "messages.insufficientUsdt" | "messages.insufficientDwn9";

export function balanceProblem(
  quote: Pick<BuyQuote, "payusdt" | "paydwn8">,
  balances: PayTokens,
): BalanceProblem | null {
  if (quote.payusdt > balances.usdt) return "messages.insufficientUsdt";
  if (quote.paydwn8 > balances.dwn9) return "messages.insufficientDwn9";
  return null;
}

/**
 * The arguments of `buy(id, maxUsdt, maxDwn8, minHashrate)` for a quote: held to the quote the
 * popup showed, so a price raised or a hashrate lowered since reverts (PoolQuoteMoved) instead
 * of charging the new terms.
 */
export function buyArgs(quote: Pick<BuyQuote, "id" | "payusdt" | "paydwn8" | "hashrate" | "makeupHashrate">) {
  return [quote.id, quote.payusdt, quote.paydwn8, quote.hashrate + quote.makeupHashrate] as const;
}

/** An approval to send before buying: the exact price of the token, to the pool. */
export interface Approval {
  token: keyof PayTokens;
  symbol: "USDT" | "DWN9";
  amount: bigint;
}

/** The approvals a purchase needs: each token whose allowance to the pool is below its price. */
export function approvalsNeeded(quote: Pick<BuyQuote, "payusdt" | "paydwn8">, allowances: PayTokens): Approval[] {
  const needed: Approval[] = [];
  if (quote.payusdt > allowances.usdt) needed.push({ token: "usdt", symbol: "USDT", amount: quote.payusdt });
  if (quote.paydwn8 > allowances.dwn9) needed.push({ token: "dwn9", symbol: "DWN9", amount: quote.paydwn8 });
  return needed;
}
