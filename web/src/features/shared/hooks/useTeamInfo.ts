import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api";
import { teamInfoKey } from "../../../lib/queryKeys";
import { useWallet } from "../../wallet";

/** The signed-in member's team figures (user/getMemberTeamInfo); idle when not signed in. */
export function useTeamInfo() {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: teamInfoKey(account),
    queryFn: () => call("user/getMemberTeamInfo", {}),
    enabled: hasLogin && account !== undefined,
  });
}
