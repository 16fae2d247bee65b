import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Address } from "viem";
import { useRuntimeConfig } from "../../lib/runtime";
import { startLiveEvents } from "./run";

/** The signed-in session's live events, followed while mounted (one per account and token). */
export function LiveEvents({ account, token }: { account: Address; token: string }) {
  const queryClient = useQueryClient();
  const { pool, staking } = useRuntimeConfig().contracts;
  useEffect(
    () => startLiveEvents({ token, scope: { account, contracts: { pool, staking } }, queryClient }),
    [token, account, pool, staking, queryClient],
  );
  return null;
}
