import { parseEventLogs, type Address, type TransactionReceipt } from "viem";
import { poolAbi, stakingAbi } from "@dwn/contracts";
import { formatMoney } from "../../lib/money";

/** The payouts whose amount reaches the caller: net of the fee where the event carries one. */
const PAYOUTS = {
  StaticProfitCollected: "DWN",
  DynamicProfitCollected: "DWN",
  RewardCollected: "UDBK",
  Redeemed: "DWN",
} as const;

/**
 * What `receipt` paid `account`, read from the contract's own event, as "+3,125 DWN" (cut, never
 * rounded up); undefined when the receipt holds no payout to it. A success toast shows it, so the
 * user sees the amount the chain moved, not the one the screen estimated.
 */
export function receivedText(receipt: TransactionReceipt, account: Address, contract: Address): string | undefined {
  const events = parseEventLogs({
    abi: [...poolAbi, ...stakingAbi],
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === contract.toLowerCase()),
    eventName: Object.keys(PAYOUTS) as (keyof typeof PAYOUTS)[],
  });
  for (const event of events) {
    const args = event.args as { user: Address; amount: bigint; fee?: bigint };
    if (args.user.toLowerCase() !== account.toLowerCase()) continue;
    const net = args.amount - (args.fee ?? 0n);
    // A claim's and a redeem's net of their fee is their receivable; a collection is income.
    const text = args.fee === undefined ? formatMoney("income", net) : formatMoney("receivable", net);
    return `+${text} ${PAYOUTS[event.eventName as keyof typeof PAYOUTS]}`;
  }
  return undefined;
}

/** A success sentence followed by what the transaction paid, when it paid something. */
export function withReceived(sentence: string, received: string | undefined): string {
  return received ? `${sentence} · ${received}` : sentence;
}
