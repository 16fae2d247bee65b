import { useSyncExternalStore } from "react";

/** The live events' stream as the screens see it (features/live/LiveEvents.tsx keeps it). */
export interface LiveStatus {
  /** The stream delivers: what it tells need not be polled for. */
  healthy: boolean;
  /** The indexed head the stream last named; undefined until it names one. */
  head?: bigint;
}

const closed: LiveStatus = { healthy: false };
let status: LiveStatus = closed;
const listeners = new Set<() => void>();

function publish(next: LiveStatus): void {
  if (next.healthy === status.healthy && next.head === status.head) return;
  status = next;
  for (const listener of listeners) listener();
}

/** One page has one stream at a time: its connection writes here, the screens read. */
export const liveStatus = {
  get: (): LiveStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setHealthy: (healthy: boolean) => publish({ ...status, healthy }),
  /** A head never goes back: an older block named late changes nothing. */
  setHead: (head: bigint) =>
    publish({ ...status, head: status.head !== undefined && status.head > head ? status.head : head }),
  /** The session ended: no stream, no head. */
  reset: () => publish(closed),
};

/** The live stream's state; a page without one (signed out, code not loaded) is never healthy. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get);
}
