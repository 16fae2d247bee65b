import { describe, expect, it } from "vitest";
import { decodeFunctionData, encodeFunctionResult, type Hex } from "viem";
import { stakingAbi, tokenAbi } from "@dwn/contracts";
import {
  readCanRedeem,
  readFeeRates,
  readPendingRewards,
  readStakePayView,
  readStakingReserve,
} from "../src/lib/reads/staking";
import { multicallClient } from "./support/multicall-node";
import { config, people } from "./support/wallet-harness";

const e18 = 10n ** 18n;
const { staking, udbk } = config.contracts;
const RATE = 11_574_074_074_074n;

type Answer = (call: { to: string; functionName: string; args: readonly unknown[] }) => Hex;

/** A client whose node answers each read from `answer`, with the call decoded; it records every call. */
function clientAnswering(answer: Answer) {
  const calls: string[] = [];
  const { client } = multicallClient(({ to, data }) => {
    const abi = to === udbk ? tokenAbi : stakingAbi;
    const { functionName, args = [] } = decodeFunctionData({ abi, data });
    calls.push(`${functionName}(${args.join(",")})`);
    return answer({ to, functionName, args });
  });
  return { client, calls };
}

const stakeInfo = (id: bigint, units: bigint, status: bigint, rate = RATE) => ({
  id,
  dwnAmount: units * 100n * e18,
  hashrate: units,
  startTime: 1n,
  endTime: 2n,
  durationPerCycle: 30n * 86_400n,
  unstakeGraceTimestamp: 3n,
  lastCollectTime: 1n,
  pastUnClaimedReward: 0n,
  user: people.alice.address,
  redeemed: status === 2n,
  status,
  cycleIndex: 0n,
  gracePeriod: 86_400n,
  rewardPerUnitPerSecond: rate,
});

describe("staking reads of the pledge screens", () => {
  it("reads a user's balances and allowances", async () => {
    const view = { a8balance: 1n, dwnbalance: 2n, a8allowance: 3n, dwnallowance: 2n ** 256n - 1n };
    const { client, calls } = clientAnswering(() =>
      encodeFunctionResult({ abi: stakingAbi, functionName: "stakePayView", result: view }),
    );
    expect(await readStakePayView(client, { staking, account: people.alice.address })).toEqual(view);
    expect(calls).toEqual([`stakePayView(${people.alice.address})`]);
  });

  it("reads pending rewards in the order of the ids, and asks nothing for none", async () => {
    const { client, calls } = clientAnswering(() =>
      encodeFunctionResult({ abi: stakingAbi, functionName: "getPendingRewards", result: [5n, 0n, 7n] }),
    );
    expect(await readPendingRewards(client, { staking, ids: [3n, 1n, 2n] })).toEqual([5n, 0n, 7n]);
    expect(await readPendingRewards(client, { staking, ids: [] })).toEqual([]);
    expect(calls).toEqual(["getPendingRewards(3,1,2)"]);
  });

  it("reads whether a stake can be redeemed and both fee rates", async () => {
    const { client } = clientAnswering(({ functionName }) =>
      functionName === "canRedeem"
        ? encodeFunctionResult({ abi: stakingAbi, functionName: "canRedeem", result: true })
        : encodeFunctionResult({
            abi: stakingAbi,
            functionName: functionName as "unstakeFeeRate",
            result: functionName === "unstakeFeeRate" ? 500n : 300n,
          }),
    );
    expect(await readCanRedeem(client, { staking, id: 4n })).toBe(true);
    expect(await readFeeRates(client, staking)).toEqual({ unstakeFeeRate: 500n, collectFeeRate: 300n });
  });

  it("sums the emission of the stakes inside a cycle only, at each stake's own rate", async () => {
    const infos = [
      stakeInfo(1n, 2n, 0n),
      stakeInfo(2n, 1n, 1n), // in its redeem window: accrues nothing
      stakeInfo(3n, 5n, 2n), // redeemed
      stakeInfo(4n, 3n, 0n, 2n * RATE),
    ];
    const { client, calls } = clientAnswering(({ functionName, args }) => {
      if (functionName === "balanceOf")
        return encodeFunctionResult({ abi: tokenAbi, functionName: "balanceOf", result: 10_000_000n * e18 });
      if (functionName === "stakeCount")
        return encodeFunctionResult({ abi: stakingAbi, functionName: "stakeCount", result: BigInt(infos.length) });
      const info = infos[Number(args[0]) - 1];
      return encodeFunctionResult({ abi: stakingAbi, functionName: "stakeInfo", result: info });
    });
    expect(await readStakingReserve(client, { staking, udbk })).toEqual({
      reserve: 10_000_000n * e18,
      emissionPerSecond: 2n * RATE + 3n * 2n * RATE,
    });
    expect(calls.filter((c) => c.startsWith("stakeInfo")).sort()).toEqual([
      "stakeInfo(1)",
      "stakeInfo(2)",
      "stakeInfo(3)",
      "stakeInfo(4)",
    ]);
    expect(calls).toContain(`balanceOf(${staking})`);
  });

  it("reads more stakes than one batch, and none when there are none", async () => {
    let count = 0n;
    const { client, calls } = clientAnswering(({ functionName, args }) => {
      if (functionName === "balanceOf") return encodeFunctionResult({ abi: tokenAbi, functionName, result: 1n });
      if (functionName === "stakeCount") return encodeFunctionResult({ abi: stakingAbi, functionName, result: count });
      return encodeFunctionResult({
        abi: stakingAbi,
        functionName: "stakeInfo",
        result: stakeInfo(args[0] as bigint, 1n, 0n, 1n),
      });
    });
    expect(await readStakingReserve(client, { staking, udbk })).toEqual({ reserve: 1n, emissionPerSecond: 0n });
    expect(calls.some((c) => c.startsWith("stakeInfo"))).toBe(false);
    count = 120n;
    expect((await readStakingReserve(client, { staking, udbk })).emissionPerSecond).toBe(120n);
    expect(new Set(calls.filter((c) => c.startsWith("stakeInfo"))).size).toBe(120);
  });
});
