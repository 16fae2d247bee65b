import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RuntimeConfig } from "@dwn/api";
import type { Client } from "viem";
import { readPoolReserve } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";

/** Collects draw on the reserve; refresh it while the screen is open. */
const REFRESH_MS = 30_000;

export function poolReserveQuery(client: Client, { pool, dwn }: Pick<RuntimeConfig["contracts"], "pool" | "dwn">) {
  return queryOptions({ queryKey: ["pool/reserve", pool, dwn], queryFn: () => readPoolReserve(client, { pool, dwn }) });
}

/** The pool's DWN reserve and its static emission: public figures. */
export function usePoolReserve() {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  return useQuery({ ...poolReserveQuery(client, contracts), refetchInterval: REFRESH_MS });
}
