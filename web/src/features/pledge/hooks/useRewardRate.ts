import { useQuery } from "@tanstack/react-query";
import { readRewardRate } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** rewardPerUnitPerSecond(): what one unit staked now earns per second, snapshotted by a new stake (public). */
export function useRewardRate() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/rewardPerUnitPerSecond", contracts.staking],
    queryFn: () => readRewardRate(client, contracts.staking),
  });
}
