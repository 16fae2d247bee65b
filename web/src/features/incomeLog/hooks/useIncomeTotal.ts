import { useQuery } from "@tanstack/react-query";
import { parseAmount } from "../../../lib/amount";
import { useApi } from "../../../lib/api";
import { useWallet } from "../../wallet";

/** Cumulative gains (IncomePage.total: every credit, whatever the filter); idle when not signed in. */
export function useIncomeTotal(epoch: number) {
  const { account, hasLogin } = useWallet();
  const call = useApi();
  return useQuery({
    queryKey: ["NFT/getIncomeList", account, "total", epoch],
    queryFn: async () => parseAmount((await call("NFT/getIncomeList", { page: "1", limit: "1" })).total),
    enabled: hasLogin && account !== undefined,
  });
}
