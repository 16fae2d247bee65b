import { useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { stakeSchedulesKey } from "../../../lib/queryKeys";
import { readRenewalDelay, readStakeIdsOf, readStakeInfo } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import type { StakeSchedule } from "../../shared/utils/redeemWindows";

/** A stake not redeemed, with what its windows are computed from. */
export interface ScheduledStake {
  id: bigint;
  schedule: StakeSchedule;
}

/** A new stake or a redeem elsewhere shows within this long (a transaction sent here refreshes at once). */
const REFRESH_MS = 60_000;

/** Every stake of `user` not redeemed, from the chain alone: works with the API down and before sign-in. */
export async function readStakeSchedules(
  client: Client,
  { staking, user }: { staking: Address; user: Address },
): Promise<ScheduledStake[]> {
  const [ids, renewalDelay] = await Promise.all([
    readStakeIdsOf(client, { staking, user }),
    readRenewalDelay(client, staking),
  ]);
  const infos = await Promise.all(ids.map((id) => readStakeInfo(client, { staking, id })));
  return infos
    .filter((info) => !info.redeemed)
    .map((info) => ({
      id: info.id,
      schedule: {
        startTime: info.startTime,
        durationPerCycle: info.durationPerCycle,
        gracePeriod: info.gracePeriod,
        renewalDelay,
      },
    }));
}

/** The connected account's stakes not redeemed, with their schedules. */
export function useStakeSchedules(user: Address) {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: stakeSchedulesKey(contracts.staking, user),
    queryFn: () => readStakeSchedules(client, { staking: contracts.staking, user }),
    refetchInterval: REFRESH_MS,
  });
}
