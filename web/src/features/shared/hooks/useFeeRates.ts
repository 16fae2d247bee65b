import { useQuery } from "@tanstack/react-query";
import { readFeeRates } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The staking contract's unstake and collect fee rates, in basis points (public read). */
export function useFeeRates() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/feeRates", contracts.staking],
    queryFn: () => readFeeRates(client, contracts.staking),
  });
}
