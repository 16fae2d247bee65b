import { useQuery } from "@tanstack/react-query";
import { readRenewalDelay } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The staking contract's RENEWAL_DELAY (seconds): a constant, read once. */
export function useRenewalDelay() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/renewalDelay", contracts.staking],
    queryFn: () => readRenewalDelay(client, contracts.staking),
    staleTime: Infinity,
  });
}
