import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { readFeeRates } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The staking contract's unstake and collect fee rates, in basis points (public read). */
export function useFeeRates() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery(feeRatesQuery(client, contracts.staking));
}

export function feeRatesQuery(client: Client, staking: Address) {
  return queryOptions({ queryKey: ["staking/feeRates", staking], queryFn: () => readFeeRates(client, staking) });
}
