import { QueryClient } from "@tanstack/react-query";
import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { createElement } from "react";
import { decodeFunctionData, maxUint256, parseUnits, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import { createQueryClient } from "../src/app/queryClient";
import { NetworkFee } from "../src/features/tx/NetworkFee";
import { loadResources } from "../src/i18n/resources";
import { config } from "./support/wallet-harness";
import { markup } from "./support/markup";
import { buyFeePlan } from "../src/features/mine/utils/buyFee";
import { stakeFeePlan } from "../src/features/pledge/utils/stakeFee";
import {
  estimateNetworkFee,
  formatNetworkFee,
  networkFeeWei,
  oneCall,
  type FeeCall,
} from "../src/features/tx/networkFee";
import { networkFeeStrings } from "../src/features/tx/networkFeeStrings";

/** 3 gwei, written out: the spec's gas price for every write on BSC. */
const THREE_GWEI = 3_000_000_000n;
const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
const pool = address(1);
const usdt = address(2);
const dwn9 = address(3);
const staking = address(4);
const dwn = address(5);
const a8 = address(6);

describe("a network fee reads in BNB, rounded up, never as 0", () => {
  it("shows 6 decimals with trailing zeros trimmed", () => {
    // 82,000 gas at 3 gwei: 0.000246 BNB exactly.
    expect(formatNetworkFee(82_000n * THREE_GWEI)).toEqual({ amount: "0.000246", below: false });
    expect(formatNetworkFee(parseUnits("0.00024", 18))).toEqual({ amount: "0.00024", below: false });
    expect(formatNetworkFee(parseUnits("1.5", 18))).toEqual({ amount: "1.5", below: false });
  });

  it("rounds a fee between two figures up, so the cost is never shown smaller than it is", () => {
    expect(formatNetworkFee(parseUnits("0.000123", 18) + 1n).amount).toBe("0.000124");
    expect(formatNetworkFee(parseUnits("0.000123", 18) - 1n).amount).toBe("0.000123");
  });

  it("says a fee below 0.000001 BNB is below it, rather than 0", () => {
    for (const wei of [0n, 1n, 10n ** 12n - 1n])
      expect(formatNetworkFee(wei)).toEqual({ amount: "0.000001", below: true });
    expect(formatNetworkFee(10n ** 12n)).toEqual({ amount: "0.000001", below: false });
  });

  it("is never below the fee nor a step of 0.000001 above it (any fee from 1 µBNB to 10 BNB)", () => {
    let seed = 7n;
    for (let i = 0; i < 2_000; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      const wei = 10n ** 12n + (seed % 10n ** 19n);
      const shown = parseUnits(formatNetworkFee(wei).amount, 18);
      expect(shown >= wei && shown - wei < 10n ** 12n, `${wei}`).toBe(true);
    }
  });

  it("has its line in both languages", () => {
    expect(networkFeeStrings["en-us"]?.label).toBe("Network fee");
    expect(networkFeeStrings["zh-cn"]?.label).toBe("网络费用");
    expect(Object.keys(networkFeeStrings["zh-cn"] ?? {}).sort()).toEqual(
      Object.keys(networkFeeStrings["en-us"] ?? {})
        .filter((key) => !key.endsWith("_one"))
        .sort(),
    );
  });
});

describe("the fee of every step the user signs is summed at 3 gwei", () => {
  it("multiplies the summed gas by 3 gwei", () => {
    expect(networkFeeWei([46_000n])).toBe(138_000_000_000_000n);
    expect(networkFeeWei([46_000n, 46_100n, 180_000n])).toBe((46_000n + 46_100n + 180_000n) * THREE_GWEI);
  });

  it("estimates each call of the plan, from first to last, and sums them", async () => {
    const asked: FeeCall[] = [];
    const gas = new Map([
      [usdt, 46_000n],
      [dwn9, 46_100n],
    ]);
    const estimate = await estimateNetworkFee(
      (call) => {
        asked.push(call);
        return Promise.resolve(gas.get(call.to) ?? 0n);
      },
      {
        now: [
          { to: usdt, data: "0x01" },
          { to: dwn9, data: "0x02" },
        ],
        later: "purchase",
      },
    );
    expect(asked.map((call) => call.to)).toEqual([usdt, dwn9]);
    expect(estimate).toEqual({ wei: 92_100n * THREE_GWEI, steps: 2, later: "purchase" });
  });

  it("fails as a whole when one step cannot be estimated: a part is never shown as the total", async () => {
    await expect(
      estimateNetworkFee((call) => (call.to === dwn9 ? Promise.reject(new Error("reverted")) : Promise.resolve(1n)), {
        now: [
          { to: usdt, data: "0x" },
          { to: dwn9, data: "0x" },
        ],
      }),
    ).rejects.toThrow("reverted");
  });
});

describe("a purchase's steps are the approvals it is short of, then the buy", () => {
  const quote = { id: 3n, payusdt: 300n * 10n ** 18n, paydwn8: 30n * 10n ** 18n, hashrate: 900n, makeupHashrate: 9n };
  const contracts = { pool, usdt, dwn9 };

  it("approves each short token its exact price; the buy is estimated after approval", () => {
    const plan = buyFeePlan(quote, { usdt: 0n, dwn9: quote.paydwn8 - 1n }, contracts);
    expect(plan.later).toBe("purchase");
    expect(plan.now.map((call) => call.to)).toEqual([usdt, dwn9]);
    expect(plan.now.map((call) => decodeFunctionData({ abi: tokenAbi, data: call.data }))).toEqual([
      { functionName: "approve", args: [pool, quote.payusdt] },
      { functionName: "approve", args: [pool, quote.paydwn8] },
    ]);
    expect(buyFeePlan(quote, { usdt: quote.payusdt, dwn9: 0n }, contracts).now.map((call) => call.to)).toEqual([dwn9]);
  });

  it("with both allowances covering the quote, is the buy held to the quote, estimated now", () => {
    const plan = buyFeePlan(quote, { usdt: quote.payusdt, dwn9: quote.paydwn8 }, contracts);
    expect(plan.later).toBeUndefined();
    expect(plan.now).toHaveLength(1);
    expect(plan.now[0].to).toBe(pool);
    expect(decodeFunctionData({ abi: poolAbi, data: plan.now[0].data })).toEqual({
      functionName: "buy",
      args: [3n, quote.payusdt, quote.paydwn8, 909n],
    });
  });
});

describe("a stake's steps are the approvals it is short of, then the stake", () => {
  const shown = {
    dwn: 200n * 10n ** 18n,
    a8: 20n * 10n ** 18n,
    cycleDays: 30n,
    rewardPerUnitPerSecond: 11n,
    unstakeFeeRate: 500n,
    collectFeeRate: 300n,
    gracePeriod: 86_400n,
  };
  const contracts = { staking, dwn, a8 };
  const pay = { dwnbalance: shown.dwn, a8balance: shown.a8, dwnallowance: shown.dwn, a8allowance: shown.a8 };

  it("approves DWN then A8 for 2^256 − 1 where short; the stake is estimated after approval", () => {
    const plan = stakeFeePlan(2n, shown, { ...pay, dwnallowance: 0n, a8allowance: 0n }, contracts);
    expect(plan.later).toBe("stake");
    expect(plan.now.map((call) => call.to)).toEqual([dwn, a8]);
    for (const call of plan.now) {
      expect(decodeFunctionData({ abi: tokenAbi, data: call.data })).toEqual({
        functionName: "approve",
        args: [staking, maxUint256],
      });
    }
    expect(stakeFeePlan(2n, shown, { ...pay, a8allowance: 0n }, contracts).now.map((call) => call.to)).toEqual([a8]);
  });

  it("with both allowances covering the totals, is the stake held to every term shown, estimated now", () => {
    const plan = stakeFeePlan(2n, shown, pay, contracts);
    expect(plan.later).toBeUndefined();
    expect(plan.now.map((call) => call.to)).toEqual([staking]);
    expect(decodeFunctionData({ abi: stakingAbi, data: plan.now[0].data })).toEqual({
      functionName: "stake",
      args: [2n, shown.dwn, shown.a8, 30n, 11n, 500n, 300n, 86_400n],
    });
  });
});

describe("the fee line, as the user reads it", () => {
  const account = address(40);
  const request = oneCall(account, pool, "0x5e1f0a62");
  const key = ["networkFee", config.chain.id, account, pool, "0x5e1f0a62"];

  async function render(client: QueryClient, language: LanguageCode = "en-us") {
    const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language });
    const html = markup(createElement(NetworkFee, { request }), { i18n, client, config, router: false });
    return html
      .replace(/<[^>]+>/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ")
      .trim();
  }

  it("is a placeholder while it is estimated, never 0", async () => {
    expect(await render(createQueryClient())).toBe("Network fee --");
  });

  it("names the BNB of the estimate, in English and Chinese", async () => {
    const client = createQueryClient();
    client.setQueryData(key, { wei: 82_000n * THREE_GWEI, steps: 1 });
    expect(await render(client)).toBe(`Network fee ≈ 0.000246 ${config.chain.currency.symbol}`);
    expect(await render(client, "zh-cn")).toBe(`网络费用 ≈ 0.000246 ${config.chain.currency.symbol}`);
    client.setQueryData(key, { wei: 5n, steps: 1 });
    expect(await render(client)).toBe(`Network fee < 0.000001 ${config.chain.currency.symbol}`);
  });

  it("behind approvals, sums them and says the purchase's own fee comes after approval", async () => {
    const client = createQueryClient();
    client.setQueryData(key, { wei: 92_100n * THREE_GWEI, steps: 2, later: "purchase" });
    expect(await render(client)).toBe(
      `Network fee ≈ 0.000277 ${config.chain.currency.symbol} for 2 approvals + the purchase's fee, estimated after approval`,
    );
    expect(await render(client, "zh-cn")).toBe(
      `网络费用 ≈ 0.000277 ${config.chain.currency.symbol} 2 笔授权的费用，另加购买本身的费用（授权后估算）`,
    );
  });

  it("is a short sentence with a retry when it cannot be estimated, never the error's text", async () => {
    // Rendered as it stands once its retry failed too (not as a mount that would ask again).
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    await client.prefetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new Error("Execution reverted: eth_estimateGas at http://127.0.0.1:8545")),
      retry: false,
    });
    expect(await render(client)).toBe("Network fee The network fee cannot be estimated now. Try again");
    expect(await render(client, "zh-cn")).toBe("网络费用 暂时无法估算网络费用。 重试");
  });
});
