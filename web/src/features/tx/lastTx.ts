/**
 * The block of the user's latest confirmed transaction in this page load: lists filled by the
 * indexer compare it with the indexed block, so a record not indexed yet is announced, not
 * silently missing.
 */
let lastBlock: bigint | undefined;
const listeners = new Set<() => void>();

export function recordTxBlock(block: bigint): void {
  if (lastBlock !== undefined && lastBlock >= block) return;
  lastBlock = block;
  for (const listener of listeners) listener();
}

export const lastTx = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): bigint | undefined {
    return lastBlock;
  },
};
