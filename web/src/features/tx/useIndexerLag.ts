import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Reply, SystemStatus } from "@dwn/api";
import { useLiveStatus } from "../live";
import { lastTx } from "./lastTx";

/** While behind, the indexer's progress is asked for every 2 s (unless the live events tell it). */
const POLL_MS = 2_000;

async function fetchSystemStatus(): Promise<SystemStatus> {
  const response = await fetch("/api/system/status", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /api/system/status answered HTTP ${response.status}.`);
  const reply = (await response.json()) as Reply<SystemStatus>;
  return reply.data;
}

export interface IndexerLag {
  /** The indexer has not reached the block of the user's latest transaction yet. */
  behind: boolean;
  block?: bigint;
  indexed?: number;
}

/**
 * Whether the API's lists may still miss the user's latest transaction. Once the indexer has
 * caught up, every query is refreshed (the paged lists load their pages again). While the live
 * events' stream delivers, the head it names is the indexer's progress and nothing is polled;
 * without it (signed out, or a stream that failed or fell silent) the status is polled again.
 */
export function useIndexerLag(): IndexerLag {
  const block = useSyncExternalStore(lastTx.subscribe, lastTx.get);
  const queryClient = useQueryClient();
  const live = useLiveStatus();
  const streamed = live.healthy ? live.head : undefined;
  const { data } = useQuery({
    queryKey: ["system/status", block?.toString()],
    queryFn: fetchSystemStatus,
    enabled: block !== undefined && streamed === undefined,
    refetchInterval: (query) =>
      block !== undefined && (query.state.data?.indexedBlock ?? -1) < block ? POLL_MS : false,
  });
  const indexed = streamed ?? (data === undefined ? undefined : BigInt(data.indexedBlock));
  const behind = block !== undefined && (indexed === undefined || indexed < block);
  const wasBehind = useRef(false);
  useEffect(() => {
    if (wasBehind.current && !behind) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "system/status" });
    }
    wasBehind.current = behind;
  }, [behind, queryClient]);
  return { behind, block, indexed: indexed === undefined ? undefined : Number(indexed) };
}
