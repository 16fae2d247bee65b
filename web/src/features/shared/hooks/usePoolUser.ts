import { skipToken, useQuery } from "@tanstack/react-query";
import { poolUserKey } from "../../../lib/queryKeys";
import { readPoolUser } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useWallet } from "../../wallet";

/** Static income accrues every second; refresh the figures while the screen is open. */
const REFRESH_MS = 15_000;

/** The connected account's hashrate and pending incomes; idle when not connected. */
export function usePoolUser() {
  const { account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: poolUserKey(contracts.pool, account),
    queryFn: account ? () => readPoolUser(client, { pool: contracts.pool, account }) : skipToken,
    refetchInterval: REFRESH_MS,
  });
}
