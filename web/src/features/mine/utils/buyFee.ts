import { encodeFunctionData, type Address } from "viem";
import { poolAbi, tokenAbi } from "@dwn/contracts";
import type { BuyQuote } from "../../../lib/reads/pool";
import type { FeePlan } from "../../tx/networkFee";
import { approvalsNeeded, buyArgs, type PayTokens } from "./purchase";

/**
 * What a purchase of `quote` will ask the user to sign, as useBuyNft sends it: the exact
 * approvals the allowances are short of, then the buy. The buy reverts while an allowance is
 * short, so behind approvals it is estimated after them (`later`); without, it is the one call.
 */
export function buyFeePlan(
  quote: Pick<BuyQuote, "id" | "payusdt" | "paydwn8" | "hashrate" | "makeupHashrate">,
  allowances: PayTokens,
  contracts: { pool: Address } & Record<keyof PayTokens, Address>,
): FeePlan {
  const approvals = approvalsNeeded(quote, allowances);
  if (approvals.length === 0) {
    return {
      now: [
        { to: contracts.pool, data: encodeFunctionData({ abi: poolAbi, functionName: "buy", args: buyArgs(quote) }) },
      ],
    };
  }
  return {
    now: approvals.map(({ token, amount }) => ({
      to: contracts[token],
      data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [contracts.pool, amount] }),
    })),
    later: "purchase",
  };
}
