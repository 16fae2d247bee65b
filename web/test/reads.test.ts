import { describe, expect, it } from "vitest";
import { encodeFunctionData, encodeFunctionResult } from "viem";
import { poolAbi, stakingAbi } from "@dwn/contracts";
import { readPoolUser } from "../src/lib/reads/pool";
import { readView } from "../src/lib/reads/readView";
import { readStakeView } from "../src/lib/reads/staking";
import { multicallClient } from "./support/multicall-node";
import { config, people } from "./support/wallet-harness";

/** A client whose node answers each inner call of the batch from `answer`, and records the batches. */
function clientAnswering(answer: (data: `0x${string}`) => `0x${string}`) {
  return multicallClient(({ data }) => answer(data));
}

describe("contract reads", () => {
  const { pool, staking } = config.contracts;

  it("sends the encoded call to the contract and decodes the result", async () => {
    const { client, batches } = clientAnswering(() =>
      encodeFunctionResult({ abi: poolAbi, functionName: "root", result: people.root.address }),
    );
    expect(await readView(client, { address: pool, abi: poolAbi, functionName: "root" })).toBe(people.root.address);
    expect(batches).toEqual([[{ to: pool, data: encodeFunctionData({ abi: poolAbi, functionName: "root" }) }]]);
  });

  it("reads a user's hashrate and incomes, each from its own function", async () => {
    const figures = { userHashrate: 1800n, userStaticProfit: 5n * 10n ** 17n, userDynamicProfit: 7n };
    const { client } = clientAnswering((data) => {
      for (const [functionName, value] of Object.entries(figures)) {
        const name = functionName as keyof typeof figures;
        if (data === encodeFunctionData({ abi: poolAbi, functionName: name, args: [people.alice.address] }))
          return encodeFunctionResult({ abi: poolAbi, functionName: name, result: value });
      }
      throw new Error(`unexpected call ${data}`);
    });
    expect(await readPoolUser(client, { pool, account: people.alice.address })).toEqual({
      hashrate: 1800n,
      staticProfit: 5n * 10n ** 17n,
      dynamicProfit: 7n,
    });
  });

  it("reads the staking unit price and cycle", async () => {
    const view = { dwnAmount: 100n * 10n ** 18n, a8Amount: 50n * 10n ** 18n, cycle: 30n, gracePeriod: 86_400n };
    const { client } = clientAnswering(() =>
      encodeFunctionResult({ abi: stakingAbi, functionName: "stakeView", result: view }),
    );
    expect(await readStakeView(client, staking)).toEqual(view);
  });

  it("fails with the decoder's error when the address holds no contract", async () => {
    const { client } = clientAnswering(() => "0x");
    await expect(readStakeView(client, staking)).rejects.toThrow(/zero data/);
  });
});
