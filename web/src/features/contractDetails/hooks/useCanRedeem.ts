import { useQuery } from "@tanstack/react-query";
import { readCanRedeem } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** A redeem window opens and closes with time: ask again while the screen is open. */
const REFRESH_MS = 15_000;

/** canRedeem(id): whether stake `id`'s principal can be redeemed now (public read). */
export function useCanRedeem(id: bigint) {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/canRedeem", contracts.staking, id.toString()],
    queryFn: () => readCanRedeem(client, { staking: contracts.staking, id }),
    refetchInterval: REFRESH_MS,
  });
}
