import { skipToken, useQuery } from "@tanstack/react-query";
import { readBalances } from "../../../lib/reads/erc20";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useWallet } from "../../wallet";

/** The connected account's USDT and DWN9 balances; idle when not connected. */
export function usePayBalances() {
  const { account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const { usdt, dwn9 } = contracts;
  return useQuery({
    queryKey: ["erc20/payBalances", usdt, dwn9, account],
    queryFn: account ? () => readBalances(client, { tokens: { usdt, dwn9 }, account }) : skipToken,
  });
}
