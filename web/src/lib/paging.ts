/** Lists load 10 rows a page, starting at page 1 (spec §7, §9). */
export const PAGE_SIZE = 10;
export const FIRST_PAGE = 1;

/**
 * Whether a paged list has everything after a batch arrived (spec §7): the rows loaded so far
 * reach the total the server reported, or the batch came back shorter than a page (the
 * endpoints that answer with a bare array report no total).
 */
export function isListFinished({
  loaded,
  batch,
  total,
  pageSize = PAGE_SIZE,
}: {
  /** Rows accumulated, this batch included. */
  loaded: number;
  /** Rows in this batch. */
  batch: number;
  total?: number;
  pageSize?: number;
}): boolean {
  return batch < pageSize || (total !== undefined && loaded >= total);
}

/** Where a paged list stands: the rows so far, the page to ask for next, whether there is more. */
export interface PagedState<T> {
  items: T[];
  nextPage: number;
  hasMore: boolean;
}

export function initialPagedState<T>(): PagedState<T> {
  return { items: [], nextPage: FIRST_PAGE, hasMore: true };
}

/** The state after a page arrived. A failed load changes nothing, so a retry asks for the same page. */
export function withPage<T>(
  state: PagedState<T>,
  { items, total }: { items: T[]; total?: number },
  pageSize = PAGE_SIZE,
): PagedState<T> {
  const all = [...state.items, ...items];
  return {
    items: all,
    nextPage: state.nextPage + 1,
    hasMore: !isListFinished({ loaded: all.length, batch: items.length, total, pageSize }),
  };
}
