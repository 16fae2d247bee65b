import { QueryClient } from "@tanstack/react-query";
import { isTransient } from "../lib/readError";

/** The longest wait between two attempts of a read that keeps failing. */
export const MAX_RETRY_DELAY_MS = 5_000;

/**
 * One cache for API and contract reads. Chain figures move with every block, so they go stale
 * quickly. A read that fails for want of an answer (RPC or API down, throttled, slow) is asked
 * again until it answers, 1 s, 2 s, 4 s, then every 5 s apart: its figures stay placeholders
 * meanwhile and the read-failure notice says so (app/ReadFailureNotice). A refusal (the API's
 * sentence, a contract's revert) is not retried. Reads are asked again when the page regains
 * focus (TanStack's default).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (_count, error) => isTransient(error),
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
      },
    },
  });
}
