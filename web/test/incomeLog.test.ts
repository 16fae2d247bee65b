import { incomeGroups, type Income } from "@dwn/api";
import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { describe, expect, it } from "vitest";
import {
  filterLabelKey,
  incomeLabel,
  incomeQuery,
  INCOME_FILTERS,
  isWithdrawal,
  signedAmount,
  timeRange,
  withdrawable,
} from "../src/features/incomeLog/utils/incomes";
import { nftPower } from "../src/features/backpack/utils/nftPower";
import { loadResources } from "../src/i18n/resources";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });
const fixed = (language: LanguageCode) => i18n.getFixedT(language);
const en = fixed("en-us");
const zh = fixed("zh-cn");

const e18 = 10n ** 18n;
const seconds = (date: Date) => String(date.getTime() / 1000);

describe("the income log's rows", () => {
  it("name the income each row belongs to, then which part of it; collections are withdrawals", () => {
    const labels = Object.fromEntries(
      (["static", "generation", "direct", "guarantee", "collect_static", "collect_dynamic"] as const).map((type) => [
        type,
        incomeLabel(type, en),
      ]),
    );
    expect(labels).toEqual({
      static: "Static income",
      guarantee: "Static income · Guaranteed return",
      generation: "Dynamic income · Generation income",
      direct: "Dynamic income · Direct push income",
      collect_static: "Withdrawals · Static income",
      collect_dynamic: "Withdrawals · Dynamic income",
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
  it("offers all rows, static income, dynamic income and withdrawals, each in the API's group", () => {
    expect(INCOME_FILTERS).toEqual(["all", "static_income", "dynamic_income", "withdrawal"]);
    expect(INCOME_FILTERS.map((filter) => en(filterLabelKey(filter)))).toEqual([
      "All",
      "Static income",
      "Dynamic income",
      "Withdrawals",
    ]);
  });
});

describe("one name for each income, one meaning everywhere (DESIGN.md §6)", () => {
  // What the contract credits where (DESIGN.md §3), written out: userDynamicProfit holds
  // generation income and direct push; static income holds static and guaranteed return.
  const MEANING = {
    static: ["static", "guarantee"],
    dynamic: ["generation", "direct"],
    withdrawals: ["collect_static", "collect_dynamic"],
  } as const;

  for (const [language, t] of [
    ["en-us", en],
    ["zh-cn", zh],
  ] as const) {
    it(`names dynamic and static income the same on home, /mine, the withdraw toasts and the income log (${language})`, () => {
      for (const kind of ["static", "dynamic"] as const) {
        const name = t(`income.${kind}`);
        const key = kind === "static" ? "staticIncome" : "dynamicIncome";
        expect(t(`home.${key}`), `home (${kind})`).toBe(name);
        expect(t(`messages.${key}`), `withdraw popup and toast (${kind})`).toBe(name);
        expect(t(filterLabelKey(`${kind}_income`)), `filter (${kind})`).toBe(name);
      }
    });

    it(`gives each row the name of the income it counts in, and its filter shows it (${language})`, () => {
      for (const [name, types] of Object.entries(MEANING)) {
        for (const type of types) {
          expect(incomeLabel(type, t).startsWith(t(`income.${name as keyof typeof MEANING}`)), type).toBe(true);
          expect(incomeGroups[groupOf(name)] as readonly string[], type).toContain(type);
        }
      }
    });
  }

  it("asks the API for the income's whole group", () => {
    expect(incomeQuery("dynamic_income", undefined)).toEqual({ type: "dynamic_income" });
    expect(incomeGroups).toEqual({
      static_income: ["static", "guarantee"],
      dynamic_income: ["generation", "direct"],
      withdrawal: ["collect_static", "collect_dynamic"],
    });
  });
});

const groupOf = (name: string) =>
  name === "static" ? "static_income" : name === "dynamic" ? "dynamic_income" : "withdrawal";

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
    expect(incomeQuery("static_income", undefined)).toEqual({ type: "static_income" });
    expect(incomeQuery("withdrawal", { start_time: "100", end_time: "200" })).toEqual({
      type: "withdrawal",
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
