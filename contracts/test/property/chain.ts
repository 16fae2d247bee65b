/**
 * Fast access to the devnet for the property test: raw transactions at chosen timestamps, and a
 * whole-state read in one `eth_call` through Multicall3 (each call to the provider costs about as
 * much as the EVM work behind it, so the reads are batched and decoded by hand where trivial).
 */
import hre from "hardhat";
import {
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  multicall3Abi,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { revertOf } from "../support/expect";
import { MULTICALL3_BYTECODE } from "../../deploy/multicall3";
import type { Outcome } from "./model";

type Request = { method: string; params?: unknown[] };
const request = (r: Request): Promise<unknown> => hre.network.provider.request(r);

/** Gas for every transaction: sent without estimation, so a reverting one is mined too. */
const GAS = toHex(8_000_000);

/** Deploys Multicall3 from `from` and returns its address. */
export async function deployMulticall(from: Address): Promise<Address> {
  const hash = (await request({ method: "eth_sendTransaction", params: [{ from, data: MULTICALL3_BYTECODE }] })) as Hex;
  const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
    contractAddress: Address;
  };
  return getAddress(receipt.contractAddress);
}

/** The timestamp of the latest block. */
export async function latestTimestamp(): Promise<bigint> {
  const block = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as { timestamp: Hex };
  return BigInt(block.timestamp);
}

/** Mines an empty block at `timestamp`. */
export async function mineAt(timestamp: bigint): Promise<void> {
  await request({ method: "evm_setNextBlockTimestamp", params: [toHex(timestamp)] });
  await request({ method: "evm_mine", params: [] });
}

/**
 * Sends a transaction mined at exactly `timestamp`. The devnet mines reverting transactions too
 * (the gas is given, so nothing is estimated) and reports the revert data, which `revertOf` decodes.
 */
export async function sendAt(timestamp: bigint, from: Address, to: Address, data: Hex): Promise<Outcome> {
  await request({ method: "evm_setNextBlockTimestamp", params: [toHex(timestamp)] });
  try {
    lastHash = (await request({ method: "eth_sendTransaction", params: [{ from, to, data, gas: GAS }] })) as Hex;
    return { ok: true };
  } catch (error) {
    const { name, args } = revertOf(error);
    return { ok: false, error: name, args };
  }
}

let lastHash: Hex | undefined;

/** The logs of the last transaction `sendAt` sent successfully. */
export async function lastLogs(): Promise<{ address: Address; topics: [Hex, ...Hex[]]; data: Hex }[]> {
  if (!lastHash) return [];
  const receipt = (await request({ method: "eth_getTransactionReceipt", params: [lastHash] })) as {
    logs: { address: Address; topics: [Hex, ...Hex[]]; data: Hex }[];
  };
  return receipt.logs;
}

/** One read: where, what, and how to turn the returned bytes into a comparable value. */
export interface Read {
  key: string;
  target: Address;
  callData: Hex;
  decode: (data: Hex) => unknown;
}

export const asUint = (data: Hex): bigint => BigInt(data);
export const asBool = (data: Hex): boolean => BigInt(data) !== 0n;
export const asAddress = (data: Hex): Address => getAddress(`0x${data.slice(26)}`);

/** A read of `functionName(args)` on `target`, decoded with `decode` (or the ABI when omitted). */
export function read(
  key: string,
  target: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  decode?: (data: Hex) => unknown,
): Read {
  const callData = encodeFunctionData({ abi, functionName, args });
  return {
    key,
    target,
    callData,
    decode: decode ?? ((data: Hex) => decodeFunctionResult({ abi, functionName, data })),
  };
}

/** Runs all `reads` in one `eth_call` at the latest block and returns key → value. */
export class BatchReader {
  private readonly cache = new Map<string, Hex>();

  constructor(private readonly multicall: Address) {}

  async run(reads: readonly Read[], cacheKey?: string): Promise<Map<string, unknown>> {
    let data = cacheKey === undefined ? undefined : this.cache.get(cacheKey);
    if (data === undefined) {
      data = encodeFunctionData({
        abi: multicall3Abi,
        functionName: "aggregate3",
        args: [reads.map((r) => ({ target: r.target, allowFailure: false, callData: r.callData }))],
      });
      if (cacheKey !== undefined) this.cache.set(cacheKey, data);
    }
    const result = (await request({ method: "eth_call", params: [{ to: this.multicall, data }, "latest"] })) as Hex;
    const returned = decodeAggregate3(result);
    if (returned.length !== reads.length) throw new Error(`multicall returned ${returned.length} of ${reads.length}`);
    const out = new Map<string, unknown>();
    reads.forEach((r, i) => out.set(r.key, r.decode(returned[i])));
    return out;
  }
}

/** Decodes `aggregate3`'s `(bool success, bytes returnData)[]` (all calls succeeded) by hand. */
function decodeAggregate3(hex: Hex): Hex[] {
  const body = hex.slice(2);
  const word = (byteOffset: number) => Number(BigInt(`0x${body.slice(byteOffset * 2, byteOffset * 2 + 64)}`));
  const array = word(0);
  const length = word(array);
  const items = array + 32;
  const out: Hex[] = [];
  for (let i = 0; i < length; i++) {
    const element = items + word(items + 32 * i);
    const bytes = element + word(element + 32);
    const size = word(bytes);
    out.push(`0x${body.slice((bytes + 32) * 2, (bytes + 32 + size) * 2)}`);
  }
  return out;
}
