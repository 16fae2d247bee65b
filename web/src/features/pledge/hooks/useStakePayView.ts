import { skipToken, useQuery } from "@tanstack/react-query";
import { stakePayViewKey } from "../../../lib/queryKeys";
import { readStakePayView } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useWallet } from "../../wallet";

/** The connected account's DWN and A8 balances and allowances to the staking contract; idle when not connected. */
export function useStakePayView() {
  const { account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: stakePayViewKey(contracts.staking, account),
    queryFn: account ? () => readStakePayView(client, { staking: contracts.staking, account }) : skipToken,
  });
}
