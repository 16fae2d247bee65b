import { isTxAction, isTxLabel, type TxAction, type TxLabel } from "./label";

/**
 * Every transaction this device sent, per account and chain, kept in local storage so that the
 * wallet menu's "Recent transactions", the header's pending badge and the actions' "Pending…"
 * survive a reload and reach the other tabs: what it did (a key of the app's strings, so it
 * reads in the language of the moment), the action it belongs to, when, its hash, and its state
 * (pending until a receipt says confirmed or failed).
 */

export type TxState = "pending" | "confirmed" | "failed";

export interface SentTx {
  hash: `0x${string}`;
  /** What it does; none for a transaction an earlier version stored as a sentence. */
  label?: TxLabel;
  /** The action it belongs to (a withdrawal, a tier's purchase…), when it belongs to one. */
  action?: TxAction;
  /** Unix milliseconds. */
  sentAt: number;
  state: TxState;
}

/** The newest this many are kept. */
export const KEPT_TXS = 20;

const listeners = new Set<() => void>();
const PREFIX = "dwn.txs.";
const keyOf = (chainId: number, account: string) => `${PREFIX}${chainId}.${account.toLowerCase()}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The account's transactions on the chain, newest first; none when storage is unreadable. */
export function readTxs(chainId: number, account: string): SentTx[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(keyOf(chainId, account)) ?? "[]");
    return Array.isArray(parsed) ? parsed.flatMap(asSentTx) : [];
  } catch {
    return [];
  }
}

/** A stored record as this version reads it (an earlier one's sentence label is left out), or nothing. */
function asSentTx(value: unknown): SentTx[] {
  if (typeof value !== "object" || value === null) return [];
  const { hash, label, action, sentAt, state } = value as Record<string, unknown>;
  if (
    typeof hash !== "string" ||
    !/^0x[0-9a-fA-F]{64}$/.test(hash) ||
    typeof sentAt !== "number" ||
    (state !== "pending" && state !== "confirmed" && state !== "failed")
  ) {
    return [];
  }
  return [
    {
      hash: hash as `0x${string}`,
      ...(isTxLabel(label) && { label }),
      ...(isTxAction(action) && { action }),
      sentAt,
      state,
    },
  ];
}

function notify(): void {
  for (const listener of listeners) listener();
}

function write(chainId: number, account: string, txs: SentTx[]): void {
  try {
    storage()?.setItem(keyOf(chainId, account), JSON.stringify(txs.slice(0, KEPT_TXS)));
  } catch {
    // Storage full or refused: the list is a convenience, the chain keeps the truth.
  }
  notify();
}

/** Another tab wrote the history (or cleared storage): this tab's listeners hear it too. */
function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith(PREFIX)) notify();
}

export const txHistory = {
  /** Records a transaction just sent, as pending. */
  add(chainId: number, account: string, tx: Omit<SentTx, "state">): void {
    const rest = readTxs(chainId, account).filter((t) => t.hash !== tx.hash);
    write(chainId, account, [{ ...tx, state: "pending" }, ...rest]);
  },
  /** Sets the state of a recorded transaction (after its receipt). */
  settle(chainId: number, account: string, hash: string, state: TxState): void {
    const txs = readTxs(chainId, account);
    if (!txs.some((t) => t.hash === hash && t.state !== state)) return;
    write(
      chainId,
      account,
      txs.map((t) => (t.hash === hash ? { ...t, state } : t)),
    );
  },
  /** Calls `listener` on every change, in this tab or another; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0) globalThis.addEventListener?.("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) globalThis.removeEventListener?.("storage", onStorage);
    };
  },
};
