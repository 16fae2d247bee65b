import { describe, expect, it } from "vitest";
import { formatAmount, formatCompact } from "../src/lib/format";
import type { BuyQuote } from "../src/lib/reads/pool";
import { approvalsNeeded, balanceProblem } from "../src/features/mine/utils/purchase";
import { purchase, type PurchaseSteps } from "../src/features/mine/utils/purchaseFlow";
import { runwayDays, SECONDS_PER_DAY } from "../src/features/mine/utils/runway";
import {
  describedTier,
  formatMultiple,
  isSoldOut,
  makeupValues,
  tierImage,
  tierRemaining,
} from "../src/features/shared/utils/tiers";
import { WITHDRAWALS, withdrawProblem } from "../src/features/mine/utils/withdraw";
import nft3 from "../src/assets/nft3.svg";
import nft5 from "../src/assets/nft5.svg";

const e18 = 10n ** 18n;

/** Tier 1 of the devnet's parameters, one day after buying opened at 1.01 a day. */
const quote: BuyQuote = {
  id: 1n,
  payusdt: 100n * e18,
  paydwn8: 100n * e18,
  multiple: 15_000n,
  hashrate: 150n * e18,
  makeupPercent: 10_100n,
  makeupCount: 1n,
  makeupHashrate: 15n * 10n ** 17n,
};

describe("a tier", () => {
  it("has supply − sold remaining, and is sold out at 0 or below", () => {
    expect(tierRemaining({ supply: 1000n, sold: 3n })).toBe(997n);
    expect(isSoldOut({ supply: 1000n, sold: 3n })).toBe(false);
    expect(isSoldOut({ supply: 1n, sold: 0n })).toBe(false);
    expect(tierRemaining({ supply: 5n, sold: 5n })).toBe(0n);
    expect(isSoldOut({ supply: 5n, sold: 5n })).toBe(true);
    expect(isSoldOut({ supply: 0n, sold: 0n })).toBe(true);
  });

  it("has a description and an image for ids 1 to 5 only", () => {
    expect([1n, 2n, 3n, 4n, 5n].map((id) => describedTier(id))).toEqual(["1", "2", "3", "4", "5"]);
    expect(describedTier(3)).toBe("3");
    expect(describedTier(0n)).toBeUndefined();
    expect(describedTier(6n)).toBeUndefined();
    expect(tierImage(3n)).toBe(nft3);
    expect(tierImage(5)).toBe(nft5);
    expect(new Set([1n, 2n, 3n, 4n, 5n].map((id) => tierImage(id))).size).toBe(5);
    expect(tierImage(6n)).toBe(tierImage(1n));
  });

  it("shows its multiple with 4 decimals, trailing zeros trimmed", () => {
    expect(formatMultiple(15_000n)).toBe("1.5");
    expect(formatMultiple(25_000n)).toBe("2.5");
    expect(formatMultiple(20_000n)).toBe("2");
    expect(formatMultiple(10_001n)).toBe("1.0001");
    expect(formatMultiple(100_000n)).toBe("10");
  });
});

describe("the compensation, {makeupPercent}^{makeupCount}", () => {
  it("shows the raw daily factor / 10000 and the whole days", () => {
    expect(makeupValues({ makeupPercent: 10_100n, makeupCount: 3n })).toEqual({
      makeupPercent: "1.01",
      makeupCount: "3",
    });
    expect(makeupValues({ makeupPercent: 10_000n, makeupCount: 0n })).toEqual({
      makeupPercent: "1",
      makeupCount: "0",
    });
    expect(makeupValues({ makeupPercent: 10_025n, makeupCount: 365n })).toEqual({
      makeupPercent: "1.0025",
      makeupCount: "365",
    });
    expect(makeupValues({ makeupPercent: 11_000n, makeupCount: 30n })).toEqual({
      makeupPercent: "1.1",
      makeupCount: "30",
    });
  });
});

describe("the amounts of the assets screen", () => {
  it("round prices, balances and hashrates to 4 decimals, exactly, and cut what the user is about to receive", () => {
    // A buy button, "{usdtprice} USDT", and the quote's payments.
    expect(formatAmount(quote.payusdt)).toBe("100");
    expect(formatAmount(5_000n * e18)).toBe("5,000");
    expect(formatAmount(quote.hashrate)).toBe("150");
    expect(formatAmount(quote.makeupHashrate)).toBe("1.5");
    // A balance of 99.99999 USDT rounds to 100; income to withdraw is cut, never overstated.
    expect(formatAmount(99_999_990_000_000_000_000n)).toBe("100");
    expect(formatAmount(99_999_990_000_000_000_000n, { cut: true })).toBe("99.9999");
    // Static income accrues in wei.
    expect(formatAmount(123_456_789_012_345_678n)).toBe("0.1235");
    expect(formatAmount(123_456_789_012_345_678n, { cut: true })).toBe("0.1234");
    expect(formatAmount(1n)).toBe("0");
    expect(formatAmount(0n)).toBe("0");
  });

  it("shows team computing power with a suffix when large", () => {
    expect(formatCompact(150n * e18)).toBe("150");
    expect(formatCompact(12_345n * e18)).toBe("12.35K");
    expect(formatCompact(12_344n * e18)).toBe("12.34K");
    expect(formatCompact(3_500_000n * e18)).toBe("3.50M");
  });
});

describe("the balance checks of a purchase", () => {
  const enough = { usdt: 100n * e18, dwn9: 100n * e18 };

  it("pass when both balances cover the price exactly", () => {
    expect(balanceProblem(quote, enough)).toBeNull();
  });

  it("say USDT when USDT is short by one wei, whatever DWN9 is", () => {
    expect(balanceProblem(quote, { ...enough, usdt: 100n * e18 - 1n })).toBe("messages.insufficientUsdt");
    expect(balanceProblem(quote, { usdt: 0n, dwn9: 0n })).toBe("messages.insufficientUsdt");
  });

  it("say DWN9 when only DWN9 is short", () => {
    expect(balanceProblem(quote, { ...enough, dwn9: 100n * e18 - 1n })).toBe("messages.insufficientDwn9");
  });
});

describe("the approvals of a purchase", () => {
  it("are none when both allowances cover the price", () => {
    expect(approvalsNeeded(quote, { usdt: 100n * e18, dwn9: 2n ** 256n - 1n })).toEqual([]);
  });

  it("are the exact price of each token that is short, USDT first", () => {
    expect(approvalsNeeded(quote, { usdt: 0n, dwn9: 0n })).toEqual([
      { token: "usdt", symbol: "USDT", amount: 100n * e18 },
      { token: "dwn9", symbol: "DWN9", amount: 100n * e18 },
    ]);
    expect(approvalsNeeded(quote, { usdt: 100n * e18, dwn9: 99n * e18 })).toEqual([
      { token: "dwn9", symbol: "DWN9", amount: 100n * e18 },
    ]);
  });
});

/** Steps that record what the purchase did, with the given balances and allowances. */
function recorder(
  state: { balances?: { usdt: bigint; dwn9: bigint }; allowances?: { usdt: bigint; dwn9: bigint } },
  fail: { approve?: string; buy?: Error; read?: Error } = {},
) {
  const log: string[] = [];
  const steps: PurchaseSteps = {
    async readBalances() {
      log.push("balances");
      if (fail.read) throw fail.read;
      return state.balances ?? { usdt: 1000n * e18, dwn9: 1000n * e18 };
    },
    async readAllowances() {
      log.push("allowances");
      return state.allowances ?? { usdt: 0n, dwn9: 0n };
    },
    async whileAuthorizing(work) {
      log.push("toast on");
      try {
        return await work();
      } finally {
        log.push("toast off");
      }
    },
    async approve({ symbol, amount }) {
      log.push(`approve ${symbol} ${amount / e18}`);
      if (fail.approve === symbol) throw new Error("rejected");
    },
    sending() {
      log.push("popup closed");
    },
    async buy() {
      log.push("buy");
      if (fail.buy) throw fail.buy;
    },
  };
  return { log, steps };
}

describe("a purchase", () => {
  it("reads allowances under the blocking toast, approves what is short, closes the popup, then buys", async () => {
    const { log, steps } = recorder({});
    expect(await purchase(quote, steps)).toEqual({ ok: true });
    expect(log).toEqual([
      "balances",
      "toast on",
      "allowances",
      "toast off",
      "approve USDT 100",
      "approve DWN9 100",
      "popup closed",
      "buy",
    ]);
  });

  it("buys at once when both allowances suffice", async () => {
    const { log, steps } = recorder({ allowances: { usdt: 100n * e18, dwn9: 100n * e18 } });
    expect(await purchase(quote, steps)).toEqual({ ok: true });
    expect(log).toEqual(["balances", "toast on", "allowances", "toast off", "popup closed", "buy"]);
  });

  it("stops before any allowance or write when a balance is short", async () => {
    const usdt = recorder({ balances: { usdt: 99n * e18, dwn9: 0n } });
    expect(await purchase(quote, usdt.steps)).toEqual({
      ok: false,
      stage: "balance",
      problem: "messages.insufficientUsdt",
    });
    expect(usdt.log).toEqual(["balances"]);
    const dwn9 = recorder({ balances: { usdt: 100n * e18, dwn9: 99n * e18 } });
    expect(await purchase(quote, dwn9.steps)).toEqual({
      ok: false,
      stage: "balance",
      problem: "messages.insufficientDwn9",
    });
  });

  it("stops at a failed approval, leaving the popup open and nothing bought", async () => {
    const { log, steps } = recorder({ allowances: { usdt: 0n, dwn9: 0n } }, { approve: "DWN9" });
    const outcome = await purchase(quote, steps);
    expect(outcome).toMatchObject({ ok: false, stage: "approve" });
    expect(log).toEqual(["balances", "toast on", "allowances", "toast off", "approve USDT 100", "approve DWN9 100"]);
  });

  it("reports a failed buy after the popup closed", async () => {
    const reverted = new Error("PoolTierSoldOut");
    const { log, steps } = recorder({ allowances: { usdt: e18 * 100n, dwn9: e18 * 100n } }, { buy: reverted });
    expect(await purchase(quote, steps)).toEqual({ ok: false, stage: "buy", error: reverted });
    expect(log.slice(-2)).toEqual(["popup closed", "buy"]);
  });

  it("reports a failed read without writing", async () => {
    const down = new Error("RPC down");
    const { log, steps } = recorder({}, { read: down });
    expect(await purchase(quote, steps)).toEqual({ ok: false, stage: "read", error: down });
    expect(log).toEqual(["balances"]);
  });
});

describe("the reserve's runway", () => {
  it("is reserve / (emission per second × 86400), in whole days", () => {
    // The devnet: 10,000,000 DWN at 0.01 DWN a second = 864 DWN a day.
    expect(runwayDays({ reserve: 10_000_000n * e18, staticRewardPerSecond: 10n ** 16n })).toBe(11_574n);
    expect(runwayDays({ reserve: 864n * e18, staticRewardPerSecond: 10n ** 16n })).toBe(1n);
    expect(runwayDays({ reserve: 864n * e18 - 1n, staticRewardPerSecond: 10n ** 16n })).toBe(0n);
    expect(runwayDays({ reserve: 0n, staticRewardPerSecond: 1n })).toBe(0n);
    expect(SECONDS_PER_DAY).toBe(86_400n);
  });

  it("is exact beyond a float's 53 bits", () => {
    const reserve = 2n ** 200n;
    expect(runwayDays({ reserve, staticRewardPerSecond: 3n })).toBe(reserve / 259_200n);
  });

  it("is none when nothing is emitted", () => {
    expect(runwayDays({ reserve: 10n * e18, staticRewardPerSecond: 0n })).toBeNull();
  });
});

describe("a withdrawal", () => {
  it("needs income above zero, and names which", () => {
    expect(withdrawProblem("static", 0n)).toBe("messages.noStaticIncome");
    expect(withdrawProblem("dynamic", 0n)).toBe("messages.noDynamicIncome");
    expect(withdrawProblem("static", 1n)).toBeNull();
    expect(withdrawProblem("dynamic", 5n * e18)).toBeNull();
  });

  it("asks under the income's name and collects with the pool's function of that kind", () => {
    expect(WITHDRAWALS.static).toEqual({
      title: "messages.staticIncome",
      label: "tx.collectStatic",
      functionName: "collectStaticProfit",
    });
    expect(WITHDRAWALS.dynamic).toEqual({
      title: "messages.dynamicIncome",
      label: "tx.collectDynamic",
      functionName: "collectDynamicProfit",
    });
  });
});
