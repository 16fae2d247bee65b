import { useQuery } from "@tanstack/react-query";
import { readStakingReserve } from "../../../lib/reads/staking";
import { useSettled } from "../../../lib/idle";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The reserve moves slowly and its emission takes one read per stake: read it once a minute at most. */
const STALE_MS = 60_000;

/** The staking contract's UDBK reserve and current emission (public read). */
export function useStakingReserve() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  // One read per stake, on a card below the screen's first figures: once the screen has settled.
  const settled = useSettled();
  return useQuery({
    queryKey: ["staking/reserve", contracts.staking, contracts.udbk],
    queryFn: () => readStakingReserve(client, { staking: contracts.staking, udbk: contracts.udbk }),
    staleTime: STALE_MS,
    enabled: settled,
  });
}
