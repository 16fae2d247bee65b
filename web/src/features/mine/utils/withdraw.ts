/** The two incomes a user collects from the pool. */
export type IncomeKind = "static" | "dynamic";

/** Spec §5 "Income withdrawal": nothing to collect stops before the dialog. */
export function withdrawProblem(kind: IncomeKind, amount: bigint) {
  if (amount > 0n) return null;
  return kind === "static" ? "messages.noStaticIncome" : "messages.noDynamicIncome";
}

/** Per kind: the dialog's title (spec §4), the banner's label and the pool function that pays it. */
export const WITHDRAWALS = {
  static: { title: "messages.staticIncome", label: "tx.collectStatic", functionName: "collectStaticProfit" },
  dynamic: { title: "messages.dynamicIncome", label: "tx.collectDynamic", functionName: "collectDynamicProfit" },
} as const;
