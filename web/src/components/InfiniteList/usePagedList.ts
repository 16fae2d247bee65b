import {
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { FIRST_PAGE, PAGE_SIZE, nextPageParam, type Page } from "../../lib/paging";

export type { Page };

export type FetchPage<T> = (page: number, pageSize: number) => Promise<Page<T>>;

/**
 * The query of a paged list: page 1 first, then the page after the last one loaded until the
 * end rule says the list is finished (spec §7). A failed page is not asked again by itself: the
 * list shows its retry text (spec §2), and `ownRetry` keeps it out of the screen-wide
 * read-failure notice (app/ReadFailureNotice). An invalidation refetches every page loaded.
 */
export function pagedListOptions<T>(queryKey: QueryKey, fetchPage: FetchPage<T>, pageSize = PAGE_SIZE) {
  return {
    queryKey,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchPage(pageParam, pageSize),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (_last: Page<T>, pages: Page<T>[], lastPageParam: number) =>
      nextPageParam(pages, lastPageParam, pageSize),
    retry: false,
    meta: { ownRetry: true },
  } satisfies UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, number>, QueryKey, number>;
}

/**
 * Appends the next page to a paged list's query (an observer's or the hook's `fetchNextPage`);
 * rejects when that page failed, which leaves the pages as they were. During a refetch (after an
 * invalidation) it waits for the refetch instead of cancelling it, so the fresh pages are kept.
 */
export async function loadNextPage(
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<{ isFetchNextPageError: boolean; error: unknown }>,
): Promise<void> {
  const result = await fetchNextPage({ cancelRefetch: false });
  if (result.isFetchNextPageError) throw result.error;
}

/**
 * The rows of a paged list, cached under `queryKey`, and the `loadMore` that appends the next
 * page. `items` is undefined until the first page has answered. A failed `loadMore` rejects (the
 * infinite scroll shows the retry text) and keeps the rows, so a retry asks for the same page.
 * While the list is refetched (after an invalidation) the rows loaded before stay on screen.
 */
export function usePagedList<T>(queryKey: QueryKey, fetchPage: FetchPage<T>, pageSize = PAGE_SIZE) {
  const query = useInfiniteQuery(pagedListOptions(queryKey, fetchPage, pageSize));
  const { data, fetchNextPage, refetch, isFetching, isRefetchError } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items), [data]);
  const loadMore = useCallback(() => loadNextPage(fetchNextPage), [fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    items,
    /** There is a page after the last one loaded (and the loaded ones are not stale from a failed refetch). */
    hasMore: query.hasNextPage && !isRefetchError,
    /** The first page or the refetch of the loaded pages failed and nothing is being asked now. */
    failed: !isFetching && (query.isLoadingError || isRefetchError),
    /** The last refetch of the loaded pages failed: the rows shown may be out of date. */
    stale: isRefetchError,
    loadMore,
    /** Asks the first page again, or every loaded page after a failed refetch. */
    reload,
    /** Why the last load failed (null when it did not). */
    error: query.error,
  };
}
