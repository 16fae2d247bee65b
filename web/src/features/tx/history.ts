/**
 * Every transaction this device sent, per account and chain, kept in local storage so that the
 * wallet menu's "Recent transactions" survives a reload: what it did, when, its hash, and its
 * state (pending until a receipt says confirmed or failed).
 */

export type TxState = "pending" | "confirmed" | "failed";

export interface SentTx {
  hash: `0x${string}`;
  /** What it does, in the language it was sent in ("Buy NFT", "Approve USDT"). */
  label: string;
  /** Unix milliseconds. */
  sentAt: number;
  state: TxState;
}

/** The newest this many are kept. */
export const KEPT_TXS = 20;

const listeners = new Set<() => void>();
const keyOf = (chainId: number, account: string) => `dwn.txs.${chainId}.${account.toLowerCase()}`;

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
    return Array.isArray(parsed) ? parsed.filter(isSentTx) : [];
  } catch {
    return [];
  }
}

function isSentTx(value: unknown): value is SentTx {
  const tx = value as Partial<SentTx> | null;
  return (
    typeof tx?.hash === "string" &&
    /^0x[0-9a-fA-F]{64}$/.test(tx.hash) &&
    typeof tx.label === "string" &&
    typeof tx.sentAt === "number" &&
    (tx.state === "pending" || tx.state === "confirmed" || tx.state === "failed")
  );
}

function write(chainId: number, account: string, txs: SentTx[]): void {
  try {
    storage()?.setItem(keyOf(chainId, account), JSON.stringify(txs.slice(0, KEPT_TXS)));
  } catch {
    // Storage full or refused: the list is a convenience, the chain keeps the truth.
  }
  for (const listener of listeners) listener();
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
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
