import type { Client } from "viem";
import { publicClientFor } from "./chain";
import { useRuntimeConfig } from "./runtime";

/** The read client for the deployment's RPC (one per runtime config). */
export function usePublicClient(): Client {
  return publicClientFor(useRuntimeConfig());
}
