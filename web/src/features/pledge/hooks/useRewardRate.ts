import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { readRewardRate } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** rewardPerUnitPerSecond(): what one unit staked now earns per second, snapshotted by a new stake (public). */
export function useRewardRate() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery(rewardRateQuery(client, contracts.staking));
}

export function rewardRateQuery(client: Client, staking: Address) {
  return queryOptions({
    queryKey: ["staking/rewardPerUnitPerSecond", staking],
    queryFn: () => readRewardRate(client, staking),
  });
}
