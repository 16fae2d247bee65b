import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { readStakeView } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

export function stakeViewQuery(client: Client, staking: Address) {
  return queryOptions({ queryKey: ["staking/stakeView", staking], queryFn: () => readStakeView(client, staking) });
}

/** The staking unit price and cycle: public, read whether or not a wallet is connected. */
export function useStakeView() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery(stakeViewQuery(client, contracts.staking));
}
