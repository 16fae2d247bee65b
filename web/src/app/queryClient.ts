import { QueryClient } from "@tanstack/react-query";

/**
 * One cache for API and contract reads. Chain figures move with every block, so they go stale
 * quickly; a failed read is retried once before the screen shows its error.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
    },
  });
}
