import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useApi } from "../../../lib/api";
import { stakeListsKey } from "../../../lib/queryKeys";
import { useWallet } from "../../wallet";

/** Spec §7, §9: the stake list is asked for in one page of up to 999 rows. */
const STAKE_LIST_PAGE = { page: "1", rows: "999" } as const;

/** The cache key of one status's stake list, for whoever must reload it (the detail screen after a claim). */
export function stakeListKey(account: Address | undefined, status: number) {
  return [...stakeListsKey(account), String(status)] as const;
}

/** The signed-in user's stakes in `status` (DESIGN.md §6: the status sent is the sub-tab index). */
export function useStakeList(status: number) {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: stakeListKey(account, status),
    queryFn: () => call("stake/getStakeList", { ...STAKE_LIST_PAGE, status: String(status) }),
    enabled: hasLogin && account !== undefined,
  });
}
