import { useQuery } from "@tanstack/react-query";
import { isRevert } from "../../../lib/readError";
import { readStakeInfo, type StakeInfo } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** A stake's status changes with time: read it again while the screen is open. */
const REFRESH_MS = 15_000;

/**
 * stakeInfo(id) from the chain: the only source of the detail screen's figures (never its link).
 * null when the chain says there is no such stake (the read reverts); a failure to reach the
 * chain is an error, retried, and not mistaken for "no such stake".
 */
export function useStakeInfo(id: bigint) {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["staking/stakeInfo", contracts.staking, id.toString()],
    queryFn: async (): Promise<StakeInfo | null> => {
      try {
        return await readStakeInfo(client, { staking: contracts.staking, id });
      } catch (error) {
        if (isRevert(error)) return null;
        throw error;
      }
    },
    refetchInterval: REFRESH_MS,
  });
}
