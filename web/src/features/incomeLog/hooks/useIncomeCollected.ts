import { useQuery } from "@tanstack/react-query";
import { parseAmount } from "../../../lib/amount";
import { useApi } from "../../../lib/api";
import { incomeListKey } from "../../../lib/queryKeys";
import { useWallet } from "../../wallet";

/** Every payout of income so far (IncomePage.collected, whatever the filter); idle when not signed in. */
export function useIncomeCollected() {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: [...incomeListKey(account), "collected"],
    queryFn: async () => parseAmount((await call("NFT/getIncomeList", { page: "1", limit: "1" })).collected),
    enabled: hasLogin && account !== undefined,
  });
}
