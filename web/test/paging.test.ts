import { describe, expect, it } from "vitest";
import { FIRST_PAGE, PAGE_SIZE, initialPagedState, isListFinished, withPage } from "../src/lib/paging";

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("the paging rule", () => {
  it("pages hold 10 rows and start at page 1", () => {
    expect(PAGE_SIZE).toBe(10);
    expect(FIRST_PAGE).toBe(1);
    expect(initialPagedState()).toEqual({ items: [], nextPage: 1, hasMore: true });
  });

  it("a batch shorter than a page ends the list", () => {
    expect(isListFinished({ loaded: 13, batch: 3 })).toBe(true);
    expect(isListFinished({ loaded: 0, batch: 0 })).toBe(true);
    expect(isListFinished({ loaded: 20, batch: 10 })).toBe(false);
  });

  it("reaching the reported total ends the list, even on a full page", () => {
    expect(isListFinished({ loaded: 20, batch: 10, total: 20 })).toBe(true);
    expect(isListFinished({ loaded: 10, batch: 10, total: 25 })).toBe(false);
  });

  it("honours another page size", () => {
    expect(isListFinished({ loaded: 5, batch: 5, pageSize: 5 })).toBe(false);
    expect(isListFinished({ loaded: 4, batch: 4, pageSize: 5 })).toBe(true);
  });
});

describe("loading pages one after another", () => {
  it("accumulates rows, asks for the next page, and stops after a short page", () => {
    let state = initialPagedState<number>();
    state = withPage(state, { items: rows(0, 10) });
    expect(state).toMatchObject({ nextPage: 2, hasMore: true });
    state = withPage(state, { items: rows(10, 10) });
    expect(state).toMatchObject({ nextPage: 3, hasMore: true });
    state = withPage(state, { items: rows(20, 3) });
    expect(state.hasMore).toBe(false);
    expect(state.items).toEqual(rows(0, 23));
  });

  it("stops when the total is reached", () => {
    const state = withPage(withPage(initialPagedState<number>(), { items: rows(0, 10), total: 20 }), {
      items: rows(10, 10),
      total: 20,
    });
    expect(state).toMatchObject({ nextPage: 3, hasMore: false });
  });

  it("an empty first page is an empty, finished list", () => {
    expect(withPage(initialPagedState<number>(), { items: [] })).toEqual({ items: [], nextPage: 2, hasMore: false });
  });
});
