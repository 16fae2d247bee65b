import { describe, expect, it } from "vitest";
import type { StakePayView } from "../src/lib/reads/staking";
import {
  approvalsNeeded,
  emissionPerDay,
  graceHours,
  insufficientToken,
  maxUnits,
  runwayDays,
  stakeTotals,
} from "../src/features/pledge/utils/amounts";
import { PLEDGE_CURRENT_TAB, PLEDGE_RECORDS_ACTIVE, tabIndexes } from "../src/features/shared/utils/storage";
import { MIN_UNITS, numericText, unitsFromText } from "../src/features/pledge/utils/units";
import { MemoryStorage } from "./support/memory-storage";

const e18 = 10n ** 18n;
/** The devnet's terms (contracts/deploy/params.ts): 100 DWN + 50 A8 a unit, 30 days, 24 h grace. */
const view = { dwnAmount: 100n * e18, a8Amount: 50n * e18, cycle: 30n, gracePeriod: 86_400n };
/** The devnet's reward: 11574074074074 UDBK-wei a unit a second, about 1 UDBK a unit a day. */
const RATE = 11_574_074_074_074n;

const pay = (over: Partial<StakePayView> = {}): StakePayView => ({
  dwnbalance: 1_000n * e18,
  a8balance: 1_000n * e18,
  dwnallowance: 0n,
  a8allowance: 0n,
  ...over,
});

describe("the totals a number of units costs", () => {
  it("is dwnAmount × units and a8Amount × units, exact in bigint", () => {
    expect(stakeTotals(view, 1n)).toEqual({ dwn: 100n * e18, a8: 50n * e18 });
    expect(stakeTotals(view, 3n)).toEqual({ dwn: 300n * e18, a8: 150n * e18 });
    // Far beyond a float's 53 bits, still exact.
    expect(stakeTotals(view, 123_456_789_012_345n)).toEqual({
      dwn: 12_345_678_901_234_500n * e18,
      a8: 6_172_839_450_617_250n * e18,
    });
    expect(stakeTotals({ dwnAmount: 7n, a8Amount: 0n }, 5n)).toEqual({ dwn: 35n, a8: 0n });
  });
});

describe("the balance checks of spec §5", () => {
  const totals = stakeTotals(view, 2n);

  it("passes when both balances cover their totals, exactly equal included", () => {
    expect(insufficientToken(totals, pay())).toBeUndefined();
    expect(insufficientToken(totals, pay({ dwnbalance: 200n * e18, a8balance: 100n * e18 }))).toBeUndefined();
  });

  it("stops at DWN first, then at A8", () => {
    expect(insufficientToken(totals, pay({ dwnbalance: 200n * e18 - 1n }))).toBe("dwn");
    expect(insufficientToken(totals, pay({ dwnbalance: 0n, a8balance: 0n }))).toBe("dwn");
    expect(insufficientToken(totals, pay({ a8balance: 100n * e18 - 1n }))).toBe("a8");
  });
});

describe("Max: the most units the balances pay for", () => {
  it("is the smaller of what each balance covers, rounded down, and what Max then costs is covered", () => {
    // 1,000 DWN covers 10 units, 1,000 A8 covers 20: DWN limits.
    expect(maxUnits(view, pay())).toBe(10n);
    expect(maxUnits(view, pay({ a8balance: 149n * e18 }))).toBe(2n);
    expect(maxUnits(view, pay({ dwnbalance: 100n * e18 - 1n }))).toBe(0n);
    for (const [dwn, a8] of [
      [12_345n * e18 + 7n, 999n * e18],
      [5n * e18, 5n * e18],
    ]) {
      const balances = pay({ dwnbalance: dwn, a8balance: a8 });
      const most = maxUnits(view, balances);
      expect(insufficientToken(stakeTotals(view, most), balances)).toBeUndefined();
      expect(insufficientToken(stakeTotals(view, most + 1n), balances)).toBeDefined();
    }
  });

  it("a unit price of 0 limits nothing", () => {
    expect(maxUnits({ dwnAmount: 100n * e18, a8Amount: 0n }, pay())).toBe(10n);
  });
});

describe("the approvals before a stake", () => {
  const totals = stakeTotals(view, 2n);

  it("approves DWN, then A8, each whose allowance is below its total", () => {
    expect(approvalsNeeded(totals, pay())).toEqual(["dwn", "a8"]);
    expect(approvalsNeeded(totals, pay({ dwnallowance: 200n * e18 - 1n, a8allowance: 100n * e18 - 1n }))).toEqual([
      "dwn",
      "a8",
    ]);
  });

  it("skips an allowance that already covers its total", () => {
    expect(approvalsNeeded(totals, pay({ dwnallowance: 2n ** 256n - 1n }))).toEqual(["a8"]);
    expect(approvalsNeeded(totals, pay({ a8allowance: 100n * e18 }))).toEqual(["dwn"]);
    expect(approvalsNeeded(totals, pay({ dwnallowance: 200n * e18, a8allowance: 100n * e18 }))).toEqual([]);
  });
});

describe("the grace period in the instruction sentence", () => {
  it("is seconds ÷ 3600, in hours, at most 2 decimals, cut", () => {
    expect(graceHours(86_400n)).toBe("24");
    expect(graceHours(3_600n)).toBe("1");
    expect(graceHours(5_400n)).toBe("1.5");
    expect(graceHours(4_000n)).toBe("1.11");
    expect(graceHours(3_601n)).toBe("1");
    expect(graceHours(0n)).toBe("0");
  });
});

describe("the reward reserve's runway", () => {
  it("is the whole days the reserve pays the current emission for", () => {
    const emission = 3n * RATE;
    expect(emissionPerDay(emission)).toBe(2_999_999_999_999_980_800n);
    // 10,000,000 UDBK ÷ 2.9999999999999808 UDBK a day = 3,333,333.35… days.
    expect(runwayDays(10_000_000n * e18, emission)).toBe(3_333_333n);
    expect(runwayDays(emissionPerDay(emission) - 1n, emission)).toBe(0n);
    expect(runwayDays(emissionPerDay(emission), emission)).toBe(1n);
  });

  it("has no runway without emission", () => {
    expect(runwayDays(10n * e18, 0n)).toBeUndefined();
    expect(emissionPerDay(0n)).toBe(0n);
  });
});

describe("the units field (spec §5, 0 decimals)", () => {
  it("keeps only digits, and the first point with no digit after it", () => {
    expect(numericText("12")).toBe("12");
    expect(numericText("1.5")).toBe("1.");
    expect(numericText("1.")).toBe("1.");
    expect(numericText("-3")).toBe("3");
    expect(numericText("1e3")).toBe("13");
    expect(numericText(" 4 a,0 ")).toBe("40");
    expect(numericText("abc")).toBe("");
    expect(numericText("1.2.3")).toBe("1.");
  });

  it("keeps at most N decimals for a field of N decimals", () => {
    expect(numericText("1.2345", 2)).toBe("1.23");
    expect(numericText("1.2.3", 2)).toBe("1.23");
    expect(numericText(".5", 2)).toBe(".5");
    expect(numericText("0.0x1", 4)).toBe("0.01");
  });

  it("reads the digits as an integer of at least 1, the default", () => {
    expect(MIN_UNITS).toBe(1n);
    expect(unitsFromText("")).toBe(1n);
    expect(unitsFromText("0")).toBe(1n);
    expect(unitsFromText("000")).toBe(1n);
    expect(unitsFromText("x")).toBe(1n);
    expect(unitsFromText("007")).toBe(7n);
    // "1.5" is 1 unit, not 15: what follows the point is not part of a whole number.
    expect(unitsFromText("1.5")).toBe(1n);
    expect(unitsFromText("2.9")).toBe(2n);
    expect(unitsFromText(".9")).toBe(1n);
    expect(unitsFromText("1000000")).toBe(1_000_000n);
  });

  it("has no maximum and stays exact past a float's 53 bits", () => {
    expect(unitsFromText("123456789012345678901234567890")).toBe(123_456_789_012_345_678_901_234_567_890n);
  });

  it("formats to the plain integer on blur", () => {
    expect(unitsFromText("0012").toString()).toBe("12");
    expect(unitsFromText("").toString()).toBe("1");
  });
});

describe("the tab indexes kept in local storage", () => {
  it("are stored under the spec's keys", () => {
    expect(PLEDGE_CURRENT_TAB).toBe("pledgeCurrentTab");
    expect(PLEDGE_RECORDS_ACTIVE).toBe("pledgeRecordsActive");
  });

  it("default to 0", () => {
    const storage = new MemoryStorage();
    expect(tabIndexes(storage).read(PLEDGE_CURRENT_TAB)).toBe(0);
    expect(tabIndexes(storage).read(PLEDGE_RECORDS_ACTIVE)).toBe(0);
  });

  it("survive a write and a later read, each under its own key", () => {
    const storage = new MemoryStorage();
    tabIndexes(storage).write(PLEDGE_CURRENT_TAB, 1);
    tabIndexes(storage).write(PLEDGE_RECORDS_ACTIVE, 2);
    expect(storage.snapshot()).toEqual({ pledgeCurrentTab: "1", pledgeRecordsActive: "2" });
    expect(tabIndexes(storage).read(PLEDGE_CURRENT_TAB)).toBe(1);
    expect(tabIndexes(storage).read(PLEDGE_RECORDS_ACTIVE)).toBe(2);
  });

  it("read a value outside the tabs as 0 and never store one", () => {
    const storage = new MemoryStorage({ pledgeCurrentTab: "2", pledgeRecordsActive: "-1" });
    expect(tabIndexes(storage).read(PLEDGE_CURRENT_TAB)).toBe(0);
    expect(tabIndexes(storage).read(PLEDGE_RECORDS_ACTIVE)).toBe(0);
    for (const text of ["abc", "1.5", "", "3"]) {
      expect(tabIndexes(new MemoryStorage({ pledgeRecordsActive: text })).read(PLEDGE_RECORDS_ACTIVE)).toBe(0);
    }
    tabIndexes(storage).write(PLEDGE_CURRENT_TAB, 2);
    tabIndexes(storage).write(PLEDGE_RECORDS_ACTIVE, 1.5);
    expect(storage.snapshot()).toEqual({ pledgeCurrentTab: "2", pledgeRecordsActive: "-1" });
  });

  it("keep working when storage throws", () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => tabIndexes(broken).write(PLEDGE_CURRENT_TAB, 1)).not.toThrow();
  });
});
