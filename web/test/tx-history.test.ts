import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEPT_TXS, readTxs, txHistory } from "../src/features/tx/history";
import { MemoryStorage } from "./support/memory-storage";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => vi.unstubAllGlobals());

describe("the transactions this device sent", () => {
  it("are kept per chain and account, newest first, pending until settled", () => {
    const seen = vi.fn();
    const stop = txHistory.subscribe(seen);
    txHistory.add(56, ALICE, { hash: hash(1), label: "Approve USDT", sentAt: 1 });
    txHistory.add(56, ALICE.toLowerCase(), { hash: hash(2), label: "Buy NFT", sentAt: 2 });
    txHistory.settle(56, ALICE, hash(1), "confirmed");
    txHistory.settle(56, ALICE, hash(2), "failed");
    // Settling again to the same state, or an unknown hash, changes and announces nothing.
    txHistory.settle(56, ALICE, hash(2), "failed");
    txHistory.settle(56, ALICE, hash(9), "confirmed");
    stop();
    expect(seen).toHaveBeenCalledTimes(4);
    expect(readTxs(56, ALICE)).toEqual([
      { hash: hash(2), label: "Buy NFT", sentAt: 2, state: "failed" },
      { hash: hash(1), label: "Approve USDT", sentAt: 1, state: "confirmed" },
    ]);
    expect(readTxs(97, ALICE)).toEqual([]);
    expect(readTxs(56, "0x0000000000000000000000000000000000000001")).toEqual([]);
  });

  it(`keep the newest ${KEPT_TXS}`, () => {
    for (let n = 1; n <= KEPT_TXS + 5; n++) txHistory.add(56, ALICE, { hash: hash(n), label: "Stake", sentAt: n });
    const kept = readTxs(56, ALICE);
    expect(kept).toHaveLength(KEPT_TXS);
    expect(kept[0].hash).toBe(hash(KEPT_TXS + 5));
    expect(kept.at(-1)?.hash).toBe(hash(6));
  });

  it("ignore what is not a transaction record in storage", () => {
    storage.setItem(`dwn.txs.56.${ALICE.toLowerCase()}`, "not json");
    expect(readTxs(56, ALICE)).toEqual([]);
    storage.setItem(
      `dwn.txs.56.${ALICE.toLowerCase()}`,
      JSON.stringify([
        { hash: "0x12", label: "x", sentAt: 1, state: "pending" },
        { hash: hash(3), label: "ok", sentAt: 3, state: "pending" },
        null,
      ]),
    );
    expect(readTxs(56, ALICE)).toEqual([{ hash: hash(3), label: "ok", sentAt: 3, state: "pending" }]);
  });
});
