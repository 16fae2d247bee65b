import type { Income, IncomeType, Payload } from "@dwn/api";
import { parseAmount } from "../../../lib/amount";
import { formatMoney } from "../../../lib/money";

/** The type filter: every row, or one of the four income kinds (the API's names). */
export const INCOME_FILTERS = ["all", "static", "generation", "direct", "guarantee"] as const;
export type IncomeFilter = (typeof INCOME_FILTERS)[number];

/**
 * Each row type's label. The API's "generation" is the product's dynamic income; collections
 * (money leaving the pool to the user) read as withdrawals.
 */
const TYPE_LABELS = {
  static: "incomeLog.types.static",
  generation: "incomeLog.types.dynamic",
  direct: "incomeLog.types.direct",
  guarantee: "incomeLog.types.guarantee",
  collect_static: "incomeLog.withdrawals.static",
  collect_dynamic: "incomeLog.withdrawals.dynamic",
} as const satisfies Record<Income["type"], string>;

export function incomeLabelKey(type: Income["type"]) {
  return TYPE_LABELS[type];
}

export function filterLabelKey(filter: IncomeFilter) {
  return filter === "all" ? "incomeLog.all" : TYPE_LABELS[filter];
}

export function isWithdrawal(type: Income["type"]): boolean {
  return type === "collect_static" || type === "collect_dynamic";
}

/** "+1.5" for income credited, "-1.5" for a withdrawal (4 decimals, cut as every income is; the row adds the unit). */
export function signedAmount({ type, amount }: Pick<Income, "type" | "amount">): string {
  return `${isWithdrawal(type) ? "-" : "+"}${formatMoney("income", parseAmount(amount))}`;
}

/** The start and end days the user picked. */
export interface PickedDays {
  start?: Date;
  end?: Date;
}

export type TimeRange = { start_time: string; end_time: string };

/**
 * The time filter of the picked days, in unix seconds: from the start day's first second to
 * the end day's last, in the device's time zone. Both days or neither: one alone is a problem
 * to tell the user ("Please select end time" / "Please select start time").
 */
export function timeRange({
  start,
  end,
}: PickedDays): { problem: "incomeLog.selectStart" | "incomeLog.selectEnd" } | { range: TimeRange | undefined } {
  if (!start && !end) return { range: undefined };
  if (!start) return { problem: "incomeLog.selectStart" };
  if (!end) return { problem: "incomeLog.selectEnd" };
  const first = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  const after = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  return {
    range: { start_time: String(first.getTime() / 1000), end_time: String(after.getTime() / 1000 - 1) },
  };
}

/** The list's filter fields of NFT/getIncomeList (page and limit aside). */
export function incomeQuery(filter: IncomeFilter, range: TimeRange | undefined) {
  const query: Omit<Payload<"NFT/getIncomeList">, "page" | "limit"> = { ...range };
  if (filter !== "all") query.type = filter satisfies IncomeType;
  return query;
}

/** What the user can withdraw now: the static and the dynamic income not yet collected. */
export function withdrawable({ staticProfit, dynamicProfit }: { staticProfit: bigint; dynamicProfit: bigint }): bigint {
  return staticProfit + dynamicProfit;
}

/**
 * Everything earned so far: what has been paid out (the API's indexed collections) plus what can
 * be withdrawn now (the chain). Withdrawable includes static income accrued but not yet credited,
 * so a total of credits alone could be smaller than it; this one never is.
 */
export function cumulativeGains(now: { staticProfit: bigint; dynamicProfit: bigint }, collected: bigint): bigint {
  return collected + withdrawable(now);
}
