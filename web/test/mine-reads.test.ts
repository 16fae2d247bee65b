import { describe, expect, it } from "vitest";
import { decodeFunctionData, encodeFunctionResult, type Abi } from "viem";
import { poolAbi, tokenAbi } from "@dwn/contracts";
import { readAllowances, readBalances } from "../src/lib/reads/erc20";
import { readBuyQuote, readPoolReserve, readTiers } from "../src/lib/reads/pool";
import { multicallClient } from "./support/multicall-node";
import { config, people } from "./support/wallet-harness";

const e18 = 10n ** 18n;
const { usdt, dwn9, dwn, pool } = config.contracts;

/** A node answering each read from `answer(to, functionName, args)`, encoded with `abi`. */
function node(abi: Abi, answer: (to: string, functionName: string, args: readonly unknown[]) => unknown) {
  const calls: string[] = [];
  const { client } = multicallClient(({ to, data }) => {
    const { functionName, args = [] } = decodeFunctionData({ abi, data });
    calls.push(`${to}.${functionName}(${args.join(",")})`);
    return encodeFunctionResult({ abi, functionName, result: answer(to, functionName, args) } as never);
  });
  return { client, calls };
}

const tier = (id: bigint) => ({
  id,
  supply: 1000n,
  sold: id,
  usdtprice: 100n * id * e18,
  dwn8price: 100n * id * e18,
  multiple: 15_000n,
  limit: 10n,
});

describe("the NFT sale's reads", () => {
  it("lists the tiers from info()", async () => {
    const tiers = [1n, 2n, 3n, 4n, 5n].map(tier);
    const { client, calls } = node(poolAbi as Abi, () => tiers);
    expect(await readTiers(client, pool)).toEqual(tiers);
    expect(calls).toEqual([`${pool}.info()`]);
  });

  it("reads a tier's quote from buyView(id)", async () => {
    const quote = {
      id: 3n,
      payusdt: 1000n * e18,
      paydwn8: 1000n * e18,
      multiple: 18_000n,
      hashrate: 1800n * e18,
      makeupPercent: 10_100n,
      makeupCount: 2n,
      makeupHashrate: 36_180n * 10n ** 15n,
    };
    const { client, calls } = node(poolAbi as Abi, () => quote);
    expect(await readBuyQuote(client, { pool, id: 3n })).toEqual(quote);
    expect(calls).toEqual([`${pool}.buyView(3)`]);
  });

  it("reads the reserve as DWN's balanceOf(pool) beside the pool's emission", async () => {
    const abi = [...poolAbi, ...tokenAbi] as Abi;
    const { client, calls } = node(abi, (to, functionName) =>
      functionName === "balanceOf" ? 9_000_000n * e18 : 10n ** 16n,
    );
    expect(await readPoolReserve(client, { pool, dwn })).toEqual({
      reserve: 9_000_000n * e18,
      staticRewardPerSecond: 10n ** 16n,
    });
    expect(calls.sort()).toEqual([`${dwn}.balanceOf(${pool})`, `${pool}.staticRewardPerSecond()`].sort());
  });
});

describe("the token reads", () => {
  const amounts: Record<string, bigint> = { [usdt]: 7n * e18, [dwn9]: 3n };

  it("reads each token's balance under its name", async () => {
    const { client, calls } = node(tokenAbi as Abi, (to) => amounts[to]);
    expect(await readBalances(client, { tokens: { usdt, dwn9 }, account: people.alice.address })).toEqual({
      usdt: 7n * e18,
      dwn9: 3n,
    });
    expect(calls).toEqual([`${usdt}.balanceOf(${people.alice.address})`, `${dwn9}.balanceOf(${people.alice.address})`]);
  });

  it("reads each token's allowance from the owner to the spender", async () => {
    const { client, calls } = node(tokenAbi as Abi, (to) => amounts[to]);
    const owner = people.alice.address;
    expect(await readAllowances(client, { tokens: { usdt, dwn9 }, owner, spender: pool })).toEqual({
      usdt: 7n * e18,
      dwn9: 3n,
    });
    expect(calls).toEqual([`${usdt}.allowance(${owner},${pool})`, `${dwn9}.allowance(${owner},${pool})`]);
  });
});
