import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEPT_TXS, readTxs, txHistory } from "../src/features/tx/history";
import { belongsTo, labelText } from "../src/features/tx/label";
import { loadResources } from "../src/i18n/resources";
import { MemoryStorage } from "./support/memory-storage";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;
let storage: MemoryStorage;
const APPROVE = { key: "tx.approve", values: { token: "USDT" } } as const;
const BUY = { key: "tx.buy" } as const;
const BUY_1 = { kind: "buy", target: "1" } as const;

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => vi.unstubAllGlobals());

describe("the transactions this device sent", () => {
  it("are kept per chain and account, newest first, pending until settled", () => {
    const seen = vi.fn();
    const stop = txHistory.subscribe(seen);
    txHistory.add(56, ALICE, { hash: hash(1), label: APPROVE, action: BUY_1, sentAt: 1 });
    txHistory.add(56, ALICE.toLowerCase(), { hash: hash(2), label: BUY, action: BUY_1, sentAt: 2 });
    txHistory.settle(56, ALICE, hash(1), "confirmed");
    txHistory.settle(56, ALICE, hash(2), "failed");
    // Settling again to the same state, or an unknown hash, changes and announces nothing.
    txHistory.settle(56, ALICE, hash(2), "failed");
    txHistory.settle(56, ALICE, hash(9), "confirmed");
    stop();
    expect(seen).toHaveBeenCalledTimes(4);
    expect(readTxs(56, ALICE)).toEqual([
      { hash: hash(2), label: BUY, action: BUY_1, sentAt: 2, state: "failed" },
      { hash: hash(1), label: APPROVE, action: BUY_1, sentAt: 1, state: "confirmed" },
    ]);
    expect(readTxs(97, ALICE)).toEqual([]);
    expect(readTxs(56, "0x0000000000000000000000000000000000000001")).toEqual([]);
  });

  it(`keep the newest ${KEPT_TXS}`, () => {
    for (let n = 1; n <= KEPT_TXS + 5; n++)
      txHistory.add(56, ALICE, { hash: hash(n), label: { key: "tx.stake" }, sentAt: n });
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
        { hash: "0x12", label: BUY, sentAt: 1, state: "pending" },
        { hash: hash(3), label: BUY, sentAt: 3, state: "pending" },
        { hash: hash(4), label: BUY, sentAt: 4, state: "lost" },
        null,
      ]),
    );
    expect(readTxs(56, ALICE)).toEqual([{ hash: hash(3), label: BUY, sentAt: 3, state: "pending" }]);
  });
});

describe("a transaction's label and action", () => {
  it("are kept as a key and its values, so the list reads in the language of the moment", () => {
    txHistory.add(56, ALICE, { hash: hash(1), label: { key: "tx.redeem" }, sentAt: 1 });
    txHistory.add(56, ALICE, { hash: hash(2), label: APPROVE, sentAt: 2 });
    const stored = storage.getItem(`dwn.txs.56.${ALICE.toLowerCase()}`) ?? "";
    // No sentence in either language reaches storage.
    expect(stored).not.toMatch(/Redeem|赎回|Approve|授权/);
    const labels = (lang: LanguageCode) =>
      readTxs(56, ALICE).map((tx) => tx.label && labelText(i18n.getFixedT(lang), tx.label));
    expect(labels("en-us")).toEqual(["Approve USDT", "Redeem principal"]);
    expect(labels("zh-cn")[1]).toBe("赎回本金");
    expect(labels("zh-cn")[0]).toContain("USDT");
  });

  it("of an earlier version, a sentence, is left out while the record stays, so a pending one is still followed", () => {
    storage.setItem(
      `dwn.txs.56.${ALICE.toLowerCase()}`,
      JSON.stringify([
        { hash: hash(1), label: "赎回本金", sentAt: 1, state: "pending" },
        { hash: hash(2), label: { key: "tx.notAKey" }, action: { kind: "fly" }, sentAt: 2, state: "confirmed" },
      ]),
    );
    expect(readTxs(56, ALICE)).toEqual([
      { hash: hash(1), sentAt: 1, state: "pending" },
      { hash: hash(2), sentAt: 2, state: "confirmed" },
    ]);
    txHistory.settle(56, ALICE, hash(1), "confirmed");
    expect(readTxs(56, ALICE)[0]).toEqual({ hash: hash(1), sentAt: 1, state: "confirmed" });
  });

  it("name the action they belong to, by kind and target", () => {
    expect(belongsTo({ kind: "withdraw", target: "static" }, "withdraw", "static")).toBe(true);
    expect(belongsTo({ kind: "withdraw", target: "static" }, "withdraw", "dynamic")).toBe(false);
    expect(belongsTo({ kind: "claim", target: "7" }, "redeem", "7")).toBe(false);
    expect(belongsTo({ kind: "stake" }, "stake")).toBe(true);
    expect(belongsTo(undefined, "stake")).toBe(false);
  });
});

describe("another tab", () => {
  it("writing the history (a storage event) is heard here; other keys are not", () => {
    const seen = vi.fn();
    const target = new EventTarget();
    vi.stubGlobal("addEventListener", target.addEventListener.bind(target));
    vi.stubGlobal("removeEventListener", target.removeEventListener.bind(target));
    const stop = txHistory.subscribe(seen);
    target.dispatchEvent(Object.assign(new Event("storage"), { key: `dwn.txs.56.${ALICE.toLowerCase()}` }));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "language" }));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: null }));
    expect(seen).toHaveBeenCalledTimes(2);
    stop();
    target.dispatchEvent(Object.assign(new Event("storage"), { key: `dwn.txs.56.${ALICE.toLowerCase()}` }));
    expect(seen).toHaveBeenCalledTimes(2);
  });
});
