import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../i18n/react";
import { useApi } from "../../../lib/api";
import { teamBranchKey } from "../../../lib/queryKeys";
import { useWallet } from "../../wallet";

/**
 * A member's branch as user/getTeamBranch answers it (the summary, breadcrumbs and largest leg;
 * one friend, the list pages its own). Idle when not signed in. `ownRetry`: the screen says
 * itself why it failed (a refusal's sentence: this address is not in the team), with its retry.
 */
export function useBranch(address: string) {
  const { account, hasLogin } = useWallet();
  const { i18n } = useTranslation();
  const call = useApi();
  return useQuery({
    queryKey: [...teamBranchKey(account), address, "summary", i18n.language],
    queryFn: () => call("user/getTeamBranch", { address, page: "1", limit: "1" }),
    enabled: hasLogin && account !== undefined,
    meta: { ownRetry: true },
  });
}
