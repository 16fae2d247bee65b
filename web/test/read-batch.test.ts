/**
 * The batching of contract reads (src/lib/reads/readView.ts) against the project's devnet (a
 * real Hardhat node, deployed and seeded, with Multicall3 at its canonical address): the reads a
 * screen makes together reach the node as one `eth_call`, and each caller gets its own result
 * or its own error, classified as lib/readError.ts classified a read of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, custom, decodeErrorResult, encodeFunctionData, http, type Client, type Hex } from "viem";
import { hardhat } from "viem/chains";
import { poolAbi, stakingAbi } from "@dwn/contracts";
import { MULTICALL3_ADDRESS } from "@dwn/contracts/multicall3";
import { freePort, startDevnet, type Devnet } from "../../server/test/support/devnet";
import { isRevert, isTransient, readProblem } from "../src/lib/readError";
import { readView } from "../src/lib/reads/readView";
import { readStakeInfo } from "../src/lib/reads/staking";

let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet();
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
});

/** A read client as the app builds one (HTTP, JSON-RPC batching) that records each request the node receives. */
function recordingClient(rpcUrl: string, options: { retryCount?: number } = {}) {
  const requests: { method: string; params?: unknown }[] = [];
  const node = http(rpcUrl, { batch: true, ...options })({ chain: hardhat });
  const client: Client = createClient({
    chain: hardhat,
    transport: custom(
      {
        async request(args: { method: string; params?: unknown }) {
          requests.push(args);
          return node.request(args as Parameters<typeof node.request>[0]);
        },
      },
      // The recorder passes each request on once; retrying is the HTTP transport's, as in the app.
      { retryCount: 0 },
    ),
  });
  return { client, requests };
}

/** The stake id no one has: stakeInfo reverts with StakingUnknownStake for it. */
const NO_STAKE = 10n ** 9n;

describe("contract reads made together", () => {
  it("go to the node as one eth_call to Multicall3, and each caller gets its own result", async () => {
    const { pool, staking } = devnet.record.contracts;
    const { client, requests } = recordingClient(devnet.rpcUrl);
    const [root, terms, hashrate] = await Promise.all([
      readView(client, { address: pool, abi: poolAbi, functionName: "root" }),
      readView(client, { address: staking, abi: stakingAbi, functionName: "stakeView" }),
      readView(client, { address: pool, abi: poolAbi, functionName: "userHashrate", args: [devnet.record.root] }),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe("eth_call");
    expect((requests[0].params as [{ to: Hex }])[0].to).toBe(MULTICALL3_ADDRESS);
    // Each figure as viem's own readContract reads it from the node, one eth_call each.
    const read = devnet.publicClient;
    expect(root).toBe(await read.readContract({ address: pool, abi: poolAbi, functionName: "root" }));
    expect(root).toBe(devnet.record.root);
    expect(terms).toEqual(await read.readContract({ address: staking, abi: stakingAbi, functionName: "stakeView" }));
    expect(hashrate).toBe(
      await read.readContract({
        address: pool,
        abi: poolAbi,
        functionName: "userHashrate",
        args: [devnet.record.root],
      }),
    );
  });

  it("made at different moments go out separately", async () => {
    const { pool } = devnet.record.contracts;
    const { client, requests } = recordingClient(devnet.rpcUrl);
    await readView(client, { address: pool, abi: poolAbi, functionName: "root" });
    await readView(client, { address: pool, abi: poolAbi, functionName: "root" });
    expect(requests.map((r) => r.method)).toEqual(["eth_call", "eth_call"]);
  });

  it("a read the contract reverts rejects its own caller only, as a revert, as when read alone", async () => {
    const { pool, staking } = devnet.record.contracts;
    const { client, requests } = recordingClient(devnet.rpcUrl);
    const [missing, root] = await Promise.allSettled([
      readStakeInfo(client, { staking, id: NO_STAKE }),
      readView(client, { address: pool, abi: poolAbi, functionName: "root" }),
    ]);
    expect(requests).toHaveLength(1);
    expect(root).toEqual({ status: "fulfilled", value: devnet.record.root });
    expect(missing.status).toBe("rejected");
    const error = (missing as PromiseRejectedResult).reason as { data: Hex };
    // The contract's own revert data, for the caller that made the call.
    expect(decodeErrorResult({ abi: stakingAbi, data: error.data })).toMatchObject({
      errorName: "StakingUnknownStake",
      args: [NO_STAKE],
    });
    // The node's own error for the same call sent by itself is classified the same way: a revert
    // (useStakeInfo's "no such stake"), not worth retrying, shown as a chain read that failed.
    const alone = await devnet.publicClient
      .request({
        method: "eth_call",
        params: [
          {
            to: staking,
            data: encodeFunctionData({ abi: stakingAbi, functionName: "stakeInfo", args: [NO_STAKE] }),
          },
          "latest",
        ],
      })
      .catch((e: unknown) => e);
    for (const e of [alone, error]) {
      expect(isRevert(e)).toBe(true);
      expect(isTransient(e)).toBe(false);
      expect(readProblem(e)).toEqual({ kind: "chain" });
    }
  });

  it("all fail with the RPC's error when the node cannot be reached", async () => {
    const { pool, staking } = devnet.record.contracts;
    // A loopback port nothing listens on.
    const { client, requests } = recordingClient(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 });
    const results = await Promise.allSettled([
      readView(client, { address: pool, abi: poolAbi, functionName: "root" }),
      readStakeInfo(client, { staking, id: 1n }),
    ]);
    expect(requests).toHaveLength(1);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const [first, second] = results.map((r) => (r as PromiseRejectedResult).reason as Error);
    expect(second).toBe(first);
    expect(first.name).toBe("HttpRequestError");
    expect(isRevert(first)).toBe(false);
    expect(isTransient(first)).toBe(true);
    expect(readProblem(first)).toEqual({ kind: "chain" });
  });
});
