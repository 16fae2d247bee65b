import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api";
import { stakeListsKey } from "../../../lib/queryKeys";
import { useWallet } from "../../wallet";

/** How many stakes the signed-in user holds now: every status but redeemed (stake/getStakeList, rows 999). */
export function useStakeCount() {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: [...stakeListsKey(account), "all"],
    // An empty status asks for every status (server/src/serve/input.ts optionalInteger).
    queryFn: async () =>
      (await call("stake/getStakeList", { page: "1", rows: "999", status: "" })).filter((s) => !s.redeemed).length,
    enabled: hasLogin && account !== undefined,
  });
}
