import type { BuyQuote } from "../../../lib/reads/pool";
import { approvalsNeeded, balanceProblem, type Approval, type BalanceProblem, type PayTokens } from "./purchase";

/** What a purchase does with the world: reads, the wallet, the screen. */
export interface PurchaseSteps {
  readBalances(): Promise<PayTokens>;
  readAllowances(): Promise<PayTokens>;
  /** Runs `work` under the blocking "Authorizing..." toast. */
  whileAuthorizing<T>(work: () => Promise<T>): Promise<T>;
  approve(approval: Approval): Promise<unknown>;
  /** The buy is about to be sent: the popup closes, the transaction banner takes over. */
  sending(): void;
  buy(): Promise<unknown>;
}

export type PurchaseOutcome =
  | { ok: true }
  | { ok: false; stage: "balance"; problem: BalanceProblem }
  | { ok: false; stage: "read" | "approve" | "buy"; error: unknown };

/**
 * Spec §4 "NFT purchase" from the confirm tap on: balances, then allowances under the blocking
 * toast, the approvals that are short, then the buy. It resolves `ok` only once the buy's
 * receipt succeeded (DESIGN.md §6), and says at which stage it stopped otherwise.
 */
export async function purchase(
  quote: Pick<BuyQuote, "payusdt" | "paydwn8">,
  steps: PurchaseSteps,
): Promise<PurchaseOutcome> {
  let approvals: Approval[];
  try {
    const problem = balanceProblem(quote, await steps.readBalances());
    if (problem) return { ok: false, stage: "balance", problem };
    approvals = approvalsNeeded(quote, await steps.whileAuthorizing(() => steps.readAllowances()));
  } catch (error) {
    return { ok: false, stage: "read", error };
  }
  for (const approval of approvals) {
    try {
      await steps.approve(approval);
    } catch (error) {
      return { ok: false, stage: "approve", error };
    }
  }
  steps.sending();
  try {
    await steps.buy();
  } catch (error) {
    return { ok: false, stage: "buy", error };
  }
  return { ok: true };
}
