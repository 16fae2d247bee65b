import type { Income } from "@dwn/api";
import { describe, expect, it } from "vitest";
import {
  filterLabelKey,
  incomeLabelKey,
  incomeQuery,
  INCOME_FILTERS,
  isWithdrawal,
  signedAmount,
  timeRange,
  withdrawable,
} from "../src/features/incomeLog/utils/incomes";
import { nftPower } from "../src/features/backpack/utils/nftPower";

const e18 = 10n ** 18n;
const seconds = (date: Date) => String(date.getTime() / 1000);

describe("the income log's rows", () => {
  it("label the API's types: generation is dynamic income, collections are withdrawals", () => {
    const labels = Object.fromEntries(
      (["static", "generation", "direct", "guarantee", "collect_static", "collect_dynamic"] as const).map((type) => [
        type,
        incomeLabelKey(type),
      ]),
    );
    expect(labels).toEqual({
      static: "incomeLog.types.static",
      generation: "incomeLog.types.dynamic",
      direct: "incomeLog.types.direct",
      guarantee: "incomeLog.types.guarantee",
      collect_static: "incomeLog.withdrawals.static",
      collect_dynamic: "incomeLog.withdrawals.dynamic",
    });
    expect(isWithdrawal("collect_static")).toBe(true);
    expect(isWithdrawal("collect_dynamic")).toBe(true);
    expect(isWithdrawal("direct")).toBe(false);
  });

  it("sign the amount: + for income, - for a withdrawal, 4 decimals cut (income is never shown rounded up)", () => {
    const row = (type: Income["type"], amount: string) => signedAmount({ type, amount });
    expect(row("static", "1500000000000000000")).toBe("+1.5");
    expect(row("direct", "20000000000000000000")).toBe("+20");
    expect(row("generation", "123456789")).toBe("+0");
    expect(row("collect_static", "2345678900000000000")).toBe("-2.3456");
    expect(row("collect_dynamic", "20000000000000000000")).toBe("-20");
    // A malformed amount reads as 0 rather than breaking the row.
    expect(row("guarantee", "1e18")).toBe("+0");
  });
});

describe("the type filter", () => {
  it("offers all rows and the four income kinds, in the API's names", () => {
    expect(INCOME_FILTERS).toEqual(["all", "static", "generation", "direct", "guarantee"]);
    expect(INCOME_FILTERS.map(filterLabelKey)).toEqual([
      "incomeLog.all",
      "incomeLog.types.static",
      "incomeLog.types.dynamic",
      "incomeLog.types.direct",
      "incomeLog.types.guarantee",
    ]);
  });
});

describe("the time filter", () => {
  it("is off with no day picked", () => {
    expect(timeRange({})).toEqual({ range: undefined });
  });

  it("asks for the missing day when only one is picked", () => {
    expect(timeRange({ end: new Date(2026, 0, 5) })).toEqual({ problem: "incomeLog.selectStart" });
    expect(timeRange({ start: new Date(2026, 0, 5) })).toEqual({ problem: "incomeLog.selectEnd" });
  });

  it("runs from the start day's first second to the end day's last, in unix seconds", () => {
    expect(timeRange({ start: new Date(2026, 0, 5, 13, 30), end: new Date(2026, 0, 7, 8) })).toEqual({
      range: {
        start_time: seconds(new Date(2026, 0, 5)),
        end_time: String(Number(seconds(new Date(2026, 0, 8))) - 1),
      },
    });
    const oneDay = timeRange({ start: new Date(2026, 2, 1), end: new Date(2026, 2, 1) });
    expect(oneDay).toEqual({
      range: { start_time: seconds(new Date(2026, 2, 1)), end_time: String(Number(seconds(new Date(2026, 2, 2))) - 1) },
    });
  });

  it("becomes the list's payload with the type", () => {
    expect(incomeQuery("all", undefined)).toEqual({});
    expect(incomeQuery("generation", undefined)).toEqual({ type: "generation" });
    expect(incomeQuery("direct", { start_time: "100", end_time: "200" })).toEqual({
      type: "direct",
      start_time: "100",
      end_time: "200",
    });
  });
});

describe("the totals", () => {
  it("withdrawable is the static plus the dynamic income, exactly", () => {
    expect(withdrawable({ staticProfit: 0n, dynamicProfit: 0n })).toBe(0n);
    expect(withdrawable({ staticProfit: 1n, dynamicProfit: 2n ** 128n })).toBe(2n ** 128n + 1n);
    expect(withdrawable({ staticProfit: 15n * 10n ** 17n, dynamicProfit: 25n * 10n ** 17n })).toBe(4n * e18);
  });

  it("an NFT's computing power is its hashrate plus its compensation", () => {
    expect(nftPower({ hashrate: "150000000000000000000", makeup_hashrate: "1500000000000000000" })).toBe(
      1515n * 10n ** 17n,
    );
    expect(nftPower({ hashrate: "150000000000000000000", makeup_hashrate: "0" })).toBe(150n * e18);
    expect(nftPower({ hashrate: "", makeup_hashrate: "7" })).toBe(7n);
  });
});
