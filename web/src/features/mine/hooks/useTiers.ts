import { useQuery } from "@tanstack/react-query";
import { readTiers } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** The pool's NFT tiers (info()): public, read whether or not a wallet is connected. */
export function useTiers() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["pool/info", contracts.pool],
    queryFn: () => readTiers(client, contracts.pool),
  });
}
