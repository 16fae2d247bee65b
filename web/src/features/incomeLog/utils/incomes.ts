import type { Income, IncomeGroup, Payload } from "@dwn/api";
import { parseAmount } from "../../../lib/amount";
import { formatMoney } from "../../../lib/money";

/**
 * The type filter: every row, or one of the product's income names, each meaning what it means
 * on home and /mine (DESIGN.md §6): static income (static and guaranteed return), dynamic income
 * (everything the contract's userDynamicProfit holds: generations and direct push), withdrawals.
 * The API takes these names (NFT/getIncomeList's groups).
 */
export const INCOME_FILTERS = ["all", "static_income", "dynamic_income", "withdrawal"] as const;
export type IncomeFilter = (typeof INCOME_FILTERS)[number];

const FILTER_LABELS = {
  all: "incomeLog.all",
  static_income: "income.static",
  dynamic_income: "income.dynamic",
  withdrawal: "income.withdrawals",
} as const satisfies Record<IncomeFilter, string>;

/** Each row: the income it belongs to, and which part of it (or which withdrawal) the row is. */
const TYPE_LABELS = {
  static: { income: "income.static", part: undefined },
  guarantee: { income: "income.static", part: "income.guarantee" },
  generation: { income: "income.dynamic", part: "income.generation" },
  direct: { income: "income.dynamic", part: "income.direct" },
  collect_static: { income: "income.withdrawals", part: "income.static" },
  collect_dynamic: { income: "income.withdrawals", part: "income.dynamic" },
} as const satisfies Record<Income["type"], { income: string; part: string | undefined }>;

/** A row's label keys: its income name and, where it is one part of it, the part. */
export function incomeLabelKey(type: Income["type"]) {
  return TYPE_LABELS[type];
}

/** A row's label: "Dynamic income · direct push", "Withdrawals · Static income", "Static income". */
export function incomeLabel(type: Income["type"], t: (key: IncomeNameKey) => string): string {
  const { income, part } = TYPE_LABELS[type];
  return part === undefined ? t(income) : `${t(income)} · ${t(part)}`;
}

type IncomeNameKey =
  (typeof TYPE_LABELS)[Income["type"]]["income"] | "income.generation" | "income.direct" | "income.guarantee";

export function filterLabelKey(filter: IncomeFilter) {
  return FILTER_LABELS[filter];
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
  if (filter !== "all") query.type = filter satisfies IncomeGroup;
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
