import { useQuery } from "@tanstack/react-query";
import { readPendingRewards } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** Rewards accrue every second of cycle time; refresh them while a screen shows them. */
const REFRESH_MS = 15_000;

/** getPendingRewards(ids): the UDBK each stake could collect now, in the order of `ids` (public read). */
export function usePendingRewards(ids: readonly bigint[]) {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/pendingRewards", contracts.staking, ids.join(",")],
    queryFn: () => readPendingRewards(client, { staking: contracts.staking, ids }),
    enabled: ids.length > 0,
    refetchInterval: REFRESH_MS,
  });
}
