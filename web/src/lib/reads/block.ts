import type { Client } from "viem";

/** The timestamp (unix seconds) of the chain's latest block. */
export async function readLatestBlockTime(client: Client): Promise<bigint> {
  const block = await client.request({ method: "eth_getBlockByNumber", params: ["latest", false] });
  if (!block) throw new Error("The node returned no latest block");
  return BigInt(block.timestamp);
}
