import { useQuery } from "@tanstack/react-query";
import { readStakeView } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The staking unit price and cycle: public, read whether or not a wallet is connected. */
export function useStakeView() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/stakeView", contracts.staking],
    queryFn: () => readStakeView(client, contracts.staking),
  });
}
