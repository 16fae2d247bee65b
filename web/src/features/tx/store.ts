import type { Hash } from "viem";
import type { TxLabel } from "./label";

/**
 * The transaction the user is following, as the banner shows it: waiting for the wallet,
 * pending on chain (with its hash), then confirmed or failed. One at a time: a flow with an
 * approval and a purchase shows the approval, then the purchase.
 */
export type TxPhase = "wallet" | "pending" | "confirmed" | "failed";

export interface TxEntry {
  id: number;
  /** What the transaction does ("Approve USDT", "Buy NFT", …), shown in the language of the moment. */
  label: TxLabel;
  phase: TxPhase;
  hash?: Hash;
  /** Why it failed, as a sentence in the user's language. */
  reason?: string;
}

type Listener = () => void;

let current: TxEntry | undefined;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

/** A confirmed transaction's banner stays this long; a failed one twice as long. */
export const CONFIRMED_VISIBLE_MS = 4_000;

function publish(entry: TxEntry | undefined) {
  current = entry;
  for (const listener of listeners) listener();
}

export const txStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): TxEntry | undefined {
    return current;
  },
  begin(label: TxLabel): number {
    clearTimeout(hideTimer);
    const id = nextId++;
    publish({ id, label, phase: "wallet" });
    return id;
  },
  update(id: number, change: Partial<Omit<TxEntry, "id">>): void {
    if (current?.id !== id) return;
    publish({ ...current, ...change });
    if (change.phase === "confirmed" || change.phase === "failed") {
      clearTimeout(hideTimer);
      const visible = change.phase === "failed" ? 2 * CONFIRMED_VISIBLE_MS : CONFIRMED_VISIBLE_MS;
      hideTimer = setTimeout(() => txStore.dismiss(id), visible);
    }
  },
  dismiss(id: number): void {
    if (current?.id === id) publish(undefined);
  },
};
