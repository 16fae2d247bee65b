import { poolAbi, stakingAbi, timelockAbi } from "@dwn/contracts";
import { encodeEventTopics, encodeAbiParameters, keccak256, toHex, type Address, type Hex } from "viem";
import type { ChainLog } from "../../src/apply/apply";

/**
 * Pool logs made without a chain, encoded with the real ABI so that they go through the
 * indexer's own decoding: for apply-stage tests and benchmarks.
 */
export function createLogFactory(
  pool: Address = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
  timelock: Address = "0x0000000000000000000000000000000000007100",
  staking: Address = "0x0000000000000000000000000000000000007200",
) {
  let block = 1n;
  let index = 0;
  let tokenId = 0n;

  function make(topics: readonly `0x${string}`[], data: `0x${string}`, address: Address = pool): ChainLog {
    const log = {
      address,
      topics: topics as [`0x${string}`, ...`0x${string}`[]],
      data,
      blockNumber: block,
      blockHash: keccak256(toHex(block)),
      logIndex: index,
      transactionHash: keccak256(toHex(`${block}:${index}`)),
      transactionIndex: 0,
      removed: false,
    };
    index += 1;
    return log;
  }

  return {
    /** Later logs go in a new block. */
    nextBlock() {
      block += 1n;
      index = 0;
    },
    get block() {
      return block;
    },
    bind(user: Address, inviter: Address): ChainLog {
      const topics = encodeEventTopics({ abi: poolAbi, eventName: "InviterBound", args: { user, inviter } });
      return make(topics as `0x${string}`[], "0x");
    },
    purchase(user: Address, tierId: bigint, hashrate: bigint, makeupHashrate = 0n): ChainLog {
      tokenId += 1n;
      const topics = encodeEventTopics({
        abi: poolAbi,
        eventName: "NftPurchased",
        args: { user, tierId, tokenId },
      });
      const data = encodeAbiParameters(
        [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "uint256" }],
        [hashrate, hashrate / 2n, hashrate, makeupHashrate],
      );
      return make(topics as `0x${string}`[], data);
    },
    /** The timelock's CallScheduled for call `index` of operation `id`. */
    scheduled(id: Hex, index: bigint, target: Address, data: Hex, delay: bigint): ChainLog {
      const topics = encodeEventTopics({ abi: timelockAbi, eventName: "CallScheduled", args: { id, index } });
      const body = encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }, { type: "bytes" }, { type: "bytes32" }, { type: "uint256" }],
        [target, 0n, data, `0x${"0".repeat(64)}`, delay],
      );
      return make(topics as `0x${string}`[], body, timelock);
    },
    executed(id: Hex, index: bigint, target: Address, data: Hex): ChainLog {
      const topics = encodeEventTopics({ abi: timelockAbi, eventName: "CallExecuted", args: { id, index } });
      const body = encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }, { type: "bytes" }],
        [target, 0n, data],
      );
      return make(topics as `0x${string}`[], body, timelock);
    },
    cancelled(id: Hex): ChainLog {
      const topics = encodeEventTopics({ abi: timelockAbi, eventName: "Cancelled", args: { id } });
      return make(topics as `0x${string}`[], "0x", timelock);
    },
    /** The staking's Staked for stake `id`: `units` units from time 0, 30-day cycles and a 1-day grace. */
    staked(id: bigint, user: Address, units: bigint): ChainLog {
      const topics = encodeEventTopics({ abi: stakingAbi, eventName: "Staked", args: { id, user } });
      const body = encodeAbiParameters(
        Array.from({ length: 9 }, () => ({ type: "uint256" })),
        [units, units * 10n ** 18n, units, 0n, 30n * 86_400n, 86_400n, 1000n, 100n, 100n],
      );
      return make(topics as `0x${string}`[], body, staking);
    },
    redeemed(id: bigint, user: Address, amount: bigint, fee: bigint): ChainLog {
      const topics = encodeEventTopics({ abi: stakingAbi, eventName: "Redeemed", args: { id, user } });
      const body = encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [amount, fee]);
      return make(topics as `0x${string}`[], body, staking);
    },
  };
}

/** A deterministic address for member number `n`. */
export const memberAddress = (n: number): Address => `0x${(n + 1).toString(16).padStart(40, "0")}`;
