import { useQuery } from "@tanstack/react-query";
import { parseAmount } from "../../../lib/amount";
import { useApi } from "../../../lib/api";
import { stakeRecordsKey } from "../../../lib/queryKeys";
import { useWallet } from "../../wallet";

/**
 * The reward stake `id` has earned so far, claimed or not: `num` of stake/getStakeById; idle when
 * not signed in, or until the chain says the stake is the user's (`owned`).
 */
export function useStakeRewardTotal(id: string, owned: boolean) {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: [...stakeRecordsKey(account), id, "num"],
    queryFn: async () => parseAmount((await call("stake/getStakeById", { id, page: "1", limit: "1" })).num),
    enabled: owned && hasLogin && account !== undefined,
  });
}
