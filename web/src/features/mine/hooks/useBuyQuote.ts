import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address, Client } from "viem";
import { readBuyQuote } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

function buyQuoteQuery(client: Client, pool: Address, id: bigint) {
  return queryOptions({
    queryKey: ["pool/buyView", pool, id.toString()],
    queryFn: () => readBuyQuote(client, { pool, id }),
  });
}

/** The quote of tier `id` while the buy popup shows it; refreshed with every other query. */
export function useBuyQuote(id: bigint | undefined) {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({ ...buyQuoteQuery(client, contracts.pool, id ?? 0n), enabled: id !== undefined });
}

/** Spec §4 step 2: fetches a tier's quote now (the popup opens on it). */
export function useFetchBuyQuote() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useCallback(
    (id: bigint) => queryClient.fetchQuery({ ...buyQuoteQuery(client, contracts.pool, id), staleTime: 0 }),
    [client, contracts.pool, queryClient],
  );
}
