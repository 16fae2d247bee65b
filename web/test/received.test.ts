import { encodeAbiParameters, encodeEventTopics, type TransactionReceipt } from "viem";
import { describe, expect, it } from "vitest";
import { poolAbi, stakingAbi } from "@dwn/contracts";
import { receivedText, withReceived } from "../src/features/tx/received";

const POOL = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
const STAKING = "0x0165878A594ca255338adfa4d48449f69242Eb8F";
const ME = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const e18 = 10n ** 18n;

function receipt(logs: { address: string; topics: readonly `0x${string}`[]; data: `0x${string}` }[]) {
  return { logs: logs.map((log, i) => ({ ...log, logIndex: i })) } as unknown as TransactionReceipt;
}
const collected = (user: `0x${string}`, amount: bigint, fee: bigint, address = STAKING) => ({
  address,
  topics: encodeEventTopics({
    abi: stakingAbi,
    eventName: "RewardCollected",
    args: { id: 7n, user },
  }) as `0x${string}`[],
  data: encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [amount, fee]),
});

describe("what a receipt paid", () => {
  it("is the event's amount net of its fee, cut to 4 places, with its token", () => {
    const r = receipt([collected(ME, 2_999_999n * 10n ** 12n, 90n * 10n ** 15n)]);
    expect(receivedText(r, ME, STAKING)).toBe("+2.9099 UDBK");
    expect(withReceived("Successful collection", receivedText(r, ME, STAKING))).toBe(
      "Successful collection · +2.9099 UDBK",
    );
  });

  it("is nothing when the payout went to someone else, or came from another contract", () => {
    expect(receivedText(receipt([collected(OTHER, e18, 0n)]), ME, STAKING)).toBeUndefined();
    expect(receivedText(receipt([collected(ME, e18, 0n, POOL)]), ME, STAKING)).toBeUndefined();
    expect(withReceived("Withdrawal successful", undefined)).toBe("Withdrawal successful");
  });

  it("reads the pool's income collections", () => {
    const log = {
      address: POOL,
      topics: encodeEventTopics({
        abi: poolAbi,
        eventName: "StaticProfitCollected",
        args: { user: ME },
      }) as `0x${string}`[],
      data: encodeAbiParameters([{ type: "uint256" }], [3125n * e18]),
    };
    expect(receivedText(receipt([log]), ME, POOL)).toBe("+3,125 DWN");
  });
});
