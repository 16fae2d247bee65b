import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { readTiers } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

export function tiersQuery(client: Client, pool: Address) {
  return queryOptions({ queryKey: ["pool/info", pool], queryFn: () => readTiers(client, pool) });
}

/** The pool's NFT tiers (info()): public, read whether or not a wallet is connected. */
export function useTiers() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery(tiersQuery(client, contracts.pool));
}
