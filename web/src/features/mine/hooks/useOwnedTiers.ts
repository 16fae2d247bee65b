import { skipToken, useQuery } from "@tanstack/react-query";
import { ownedTiersKey } from "../../../lib/queryKeys";
import { readOwnedTiers } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useWallet } from "../../wallet";

/** How many NFTs of each tier `ids` the connected account holds, in the order of `ids`; idle when not connected. */
export function useOwnedTiers(ids: readonly bigint[]) {
  const { account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: [...ownedTiersKey(contracts.pool, account), ids.map(String)],
    queryFn:
      account && ids.length > 0 ? () => readOwnedTiers(client, { pool: contracts.pool, account, ids }) : skipToken,
  });
}
