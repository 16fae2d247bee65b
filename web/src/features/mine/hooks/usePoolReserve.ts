import { useQuery } from "@tanstack/react-query";
import { readPoolReserve } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** Collects draw on the reserve; refresh it while the screen is open. */
const REFRESH_MS = 30_000;

/** The pool's DWN reserve and its static emission: public figures. */
export function usePoolReserve() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({
    queryKey: ["pool/reserve", contracts.pool, contracts.dwn],
    queryFn: () => readPoolReserve(client, { pool: contracts.pool, dwn: contracts.dwn }),
    refetchInterval: REFRESH_MS,
  });
}
