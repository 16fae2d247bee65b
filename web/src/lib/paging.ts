import { LIST_PAGE_SIZE } from "@dwn/api";

/** Lists load 10 rows a page, starting at page 1 (spec §7, §9): as many as the page carries announcements. */
export const PAGE_SIZE = LIST_PAGE_SIZE;
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

/** One page of rows; `total` when the endpoint reports how many there are in all. */
export interface Page<T> {
  items: T[];
  total?: number;
}

/**
 * The page to ask for after the pages loaded so far, or `undefined` once the list is finished
 * (spec §7: the page increases after each load). A failed load adds no page, so a retry asks
 * for the same page again.
 */
export function nextPageParam<T>(
  pages: readonly Page<T>[],
  lastPageParam: number,
  pageSize = PAGE_SIZE,
): number | undefined {
  const last = pages.at(-1);
  if (!last) return FIRST_PAGE;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return isListFinished({ loaded, batch: last.items.length, total: last.total, pageSize })
    ? undefined
    : lastPageParam + 1;
}
