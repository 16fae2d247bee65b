import { useCallback, useRef, useState } from "react";
import { PAGE_SIZE, initialPagedState, withPage, type PagedState } from "../../lib/paging";

/** One page of rows; `total` when the endpoint reports how many there are in all. */
export interface Page<T> {
  items: T[];
  total?: number;
}

export type FetchPage<T> = (page: number, pageSize: number) => Promise<Page<T>>;

/**
 * The accumulated rows of a paged list and the `loadMore` that appends the next page. A failed
 * load rejects (the caller shows the retry text) and leaves the state as it was, so a retry
 * asks for the same page. The infinite scroll never runs two loads at once.
 */
export function usePagedList<T>(fetchPage: FetchPage<T>, pageSize = PAGE_SIZE) {
  // The ref is what loadMore reads; the state is what renders. Both change together, in loadMore.
  const latest = useRef<PagedState<T>>(initialPagedState());
  const [state, setState] = useState(latest.current);

  const loadMore = useCallback(async () => {
    const after = withPage(latest.current, await fetchPage(latest.current.nextPage, pageSize), pageSize);
    latest.current = after;
    setState(after);
  }, [fetchPage, pageSize]);

  return { items: state.items, hasMore: state.hasMore, loadMore };
}
