import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { chainNow, type ChainTimeSample } from "../../../lib/chainClock";
import { readLatestBlockTime } from "../../../lib/reads/block";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The latest block is read again this often; between reads the device's monotonic clock counts. */
const REREAD_MS = 60_000;
/** A countdown in minutes is drawn again this often. */
const TICK_MS = 15_000;

/** The cache key of the chain time sample, for tests that seed it. */
export const chainTimeKey = (rpcUrl: string) => ["chain/latestBlockTime", rpcUrl] as const;

/**
 * The chain's time now, unix seconds (lib/chainClock.ts), redrawn every {@link TICK_MS}; undefined
 * until the latest block has been read (a failed read shows the screen's failure notice).
 */
export function useChainTime(): bigint | undefined {
  const client = usePublicClient();
  const { chain } = useRuntimeConfig();
  const sample = useQuery({
    queryKey: chainTimeKey(chain.rpcUrl),
    queryFn: async (): Promise<ChainTimeSample> => {
      const blockTime = await readLatestBlockTime(client);
      return { blockTime, readAt: performance.now() };
    },
    refetchInterval: REREAD_MS,
  });
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return sample.data && chainNow(sample.data, performance.now());
}
