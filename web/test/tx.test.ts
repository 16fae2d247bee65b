import { createI18n } from "../src/i18n/translate";
import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  UserRejectedRequestError,
  WaitForTransactionReceiptTimeoutError,
  type Abi,
} from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import { loadResources } from "../src/i18n/resources";
import { describeTxProblem } from "../src/features/tx/describe";
import { TxError, txProblem } from "../src/features/tx/errors";
import { CONFIRMED_VISIBLE_MS, txStore } from "../src/features/tx/store";
import { formatTime } from "../src/lib/format";

const abi = [...poolAbi, ...stakingAbi, ...tokenAbi] as Abi;

/** What viem throws when a simulated call reverts with `errorName(args)`. */
function reverted(errorName: string, args: readonly unknown[], functionName = "buy") {
  const data = encodeErrorResult({ abi, errorName, args });
  const cause = new ContractFunctionRevertedError({ abi, data, functionName });
  return new ContractFunctionExecutionError(cause, {
    abi,
    functionName,
    args: [1n],
    contractAddress: "0x0000000000000000000000000000000000000001",
  });
}

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });
const sentence = (error: unknown, language: "en-us" | "zh-cn" = "en-us") =>
  describeTxProblem(txProblem(error), i18n.getFixedT(language));

describe("a transaction's problem", () => {
  it("is a refusal when the wallet says 4001, at any depth", () => {
    expect(txProblem(new UserRejectedRequestError(new Error("User rejected the request.")))).toEqual({
      kind: "rejected",
    });
    expect(txProblem(Object.assign(new Error("denied"), { code: 4001 }))).toEqual({ kind: "rejected" });
    const wrapped = new BaseError("send failed", { cause: Object.assign(new Error("denied"), { code: 4001 }) });
    expect(txProblem(wrapped)).toEqual({ kind: "rejected" });
    // A transaction refused in the wallet is not an access request refused.
    expect(sentence(wrapped)).toBe("You rejected the transaction in your wallet.");
    expect(sentence(wrapped, "zh-cn")).toBe("您已在钱包中拒绝了该交易。");
  });

  it("names the contract's custom error and its arguments", () => {
    expect(txProblem(reverted("PoolTierLimitReached", [2n, 5n]))).toEqual({
      kind: "contract",
      name: "PoolTierLimitReached",
      args: [2n, 5n],
    });
  });

  it("never shows an error's own text: an unknown failure is one sentence", () => {
    const raw = new Error("HTTP request failed. URL: http://10.0.0.1:8545/key Request body: {...} Version: viem@2");
    expect(sentence(raw)).toBe("The transaction could not be sent. Please try again.");
    expect(sentence(raw, "zh-cn")).toBe("交易未能发送，请重试。");
  });

  it("tells a missing network fee, a dropped transaction and an unreachable chain apart", () => {
    // viem's own error, a node's words (BSC, geth), Hardhat's words and a wallet's (MetaMask).
    const noGas = [
      new InsufficientFundsError({ cause: new BaseError("insufficient funds for gas * price + value") }),
      new BaseError("send failed", { cause: new Error("insufficient funds for gas * price + value: balance 0") }),
      Object.assign(new Error("Sender doesn't have enough funds to send tx. The max upfront cost is: 63000"), {
        code: -32003,
      }),
    ];
    for (const error of noGas) {
      expect(txProblem(error)).toEqual({ kind: "noGas" });
      expect(sentence(error)).toBe("Not enough BNB to pay the network fee.");
    }
    expect(sentence(noGas[0], "zh-cn")).toBe("BNB 不足，无法支付网络手续费。");
    const slow = new WaitForTransactionReceiptTimeoutError({ hash: `0x${"1".repeat(64)}` });
    expect(txProblem(slow)).toEqual({ kind: "dropped" });
    expect(sentence(slow)).toMatch(/^The transaction was not confirmed within 5 minutes/);
    const down = new HttpRequestError({ url: "http://127.0.0.1:9", details: "fetch failed" });
    expect(txProblem(down)).toEqual({ kind: "unreachable" });
    expect(sentence(down)).toBe("Can't reach the chain: the transaction was not sent. Please try again.");
  });

  it("is what a TxError carries", () => {
    expect(sentence(new TxError({ kind: "reverted" }, "reverted"))).toBe("The transaction failed on chain.");
  });
});

describe("a custom error's sentence", () => {
  it.each([
    ["PoolTierSoldOut", [3n], "Insufficient remaining quantity!", "剩余数量不足！"],
    ["NoStaticIncome", ["0x0000000000000000000000000000000000000002"], "No static income!", "暂无静态收益！"],
    ["NoDynamicIncome", ["0x0000000000000000000000000000000000000002"], "No dynamic income!", "暂无动态收益！"],
    [
      "PoolTierLimitReached",
      [1n, 2n],
      "You already own the most NFTs of this tier (2).",
      "您已持有该等级 NFT 的上限（2）。",
    ],
    [
      "InsufficientReserve",
      [1_500_000_000_000_000_000n, 1n],
      "The reserve cannot pay 1.5 DWN now; your balance is untouched.",
      "储备暂时无法支付 1.5 DWN；您的余额未受影响。",
    ],
    ["StakingInvalidUnits", [0n, 1000n], "The quantity must be between 1 and 1000.", "数量必须在 1 到 1000 之间。"],
    [
      "PoolQuoteMoved",
      [1n, 200n * 10n ** 18n, 100n * 10n ** 18n, 150n * 10n ** 18n],
      "The price or computing power changed before your purchase went through (now 200 USDT + 100 DWN9). Nothing was charged: check the new terms and try again.",
      "价格或算力已变更（现为 200 USDT + 100 DWN9），未扣款，请查看后重试。",
    ],
    [
      "StakingTermsMoved",
      [200n * 10n ** 18n, 0n, 3650n, 0n, 2000n, 2000n, 3600n],
      "The staking terms changed before your stake went through (now 200 DWN + 0 A8, 3650-day cycle). Nothing was taken: check the new terms and try again.",
      "质押条件已变更（现为 200 DWN + 0 A8，周期 3650 天），未扣款，请查看后重试。",
    ],
  ] as const)("%s in both languages", (name, args, english, chinese) => {
    expect(sentence(reverted(name, args))).toBe(english);
    expect(sentence(reverted(name, args), "zh-cn")).toBe(chinese);
  });

  it("puts the window's times in the user's time format", () => {
    const error = reverted("StakingRedeemWindowClosed", [7n, 1_800_000_000n, 1_800_086_400n], "redeem");
    expect(sentence(error)).toBe(
      `The principal can be redeemed from ${formatTime(1_800_000_000)} until ${formatTime(1_800_086_400)}.`,
    );
    const opening = reverted("PoolBuyingNotOpen", [1_900_000_000n, 1n]);
    expect(sentence(opening, "zh-cn")).toBe(`购买将于 ${formatTime(1_900_000_000)} 开放。`);
  });

  it("falls back to naming an error it has no sentence for", () => {
    expect(sentence(reverted("PoolSoulbound", [9n]))).toBe("The contract refused the transaction (PoolSoulbound).");
  });
});

describe("the transaction banner's state", () => {
  afterEach(() => vi.useRealTimers());

  it("follows wallet → pending → confirmed, then clears itself", () => {
    vi.useFakeTimers();
    const id = txStore.begin({ key: "tx.buy" });
    expect(txStore.get()).toEqual({ id, label: { key: "tx.buy" }, phase: "wallet" });
    txStore.update(id, { phase: "pending", hash: "0xabc" });
    expect(txStore.get()).toMatchObject({ phase: "pending", hash: "0xabc" });
    txStore.update(id, { phase: "confirmed" });
    vi.advanceTimersByTime(CONFIRMED_VISIBLE_MS - 1);
    expect(txStore.get()?.phase).toBe("confirmed");
    vi.advanceTimersByTime(1);
    expect(txStore.get()).toBeUndefined();
  });

  it("shows the newest transaction; an older one's updates are ignored", () => {
    const first = txStore.begin({ key: "tx.approve", values: { token: "USDT" } });
    const second = txStore.begin({ key: "tx.buy" });
    txStore.update(first, { phase: "failed", reason: "late" });
    expect(txStore.get()).toEqual({ id: second, label: { key: "tx.buy" }, phase: "wallet" });
    txStore.dismiss(second);
  });

  it("keeps a failure twice as long as a confirmation", () => {
    vi.useFakeTimers();
    const id = txStore.begin({ key: "tx.stake" });
    txStore.update(id, { phase: "failed", reason: "The transaction failed on chain." });
    vi.advanceTimersByTime(2 * CONFIRMED_VISIBLE_MS - 1);
    expect(txStore.get()?.reason).toBe("The transaction failed on chain.");
    vi.advanceTimersByTime(1);
    expect(txStore.get()).toBeUndefined();
  });
});
