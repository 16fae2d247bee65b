import { useQuery } from "@tanstack/react-query";
import { parseAmount } from "../../../lib/amount";
import { useApi } from "../../../lib/api";
import { useWallet } from "../../wallet";

/** The reward stake `id` has earned so far, claimed or not: `num` of stake/getStakeById; idle when not signed in. */
export function useStakeRewardTotal(id: string) {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: ["stake/getStakeById", account, id, "num"],
    queryFn: async () => parseAmount((await call("stake/getStakeById", { id, page: "1", limit: "1" })).num),
    enabled: hasLogin && account !== undefined,
  });
}
