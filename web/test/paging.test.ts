import { describe, expect, it } from "vitest";
import { FIRST_PAGE, PAGE_SIZE, isListFinished, nextPageParam } from "../src/lib/paging";

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("the paging rule", () => {
  it("pages hold 10 rows and start at page 1", () => {
    expect(PAGE_SIZE).toBe(10);
    expect(FIRST_PAGE).toBe(1);
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

describe("the page asked for next", () => {
  it("is the page after the last one loaded, until a short page ends the list", () => {
    expect(nextPageParam([{ items: rows(0, 10) }], 1)).toBe(2);
    expect(nextPageParam([{ items: rows(0, 10) }, { items: rows(10, 10) }], 2)).toBe(3);
    expect(nextPageParam([{ items: rows(0, 10) }, { items: rows(10, 10) }, { items: rows(20, 3) }], 3)).toBeUndefined();
  });

  it("is none once the total is reached", () => {
    const pages = [
      { items: rows(0, 10), total: 20 },
      { items: rows(10, 10), total: 20 },
    ];
    expect(nextPageParam(pages, 2)).toBeUndefined();
    expect(nextPageParam(pages.slice(0, 1), 1)).toBe(2);
  });

  it("is none after an empty first page", () => {
    expect(nextPageParam([{ items: [] }], 1)).toBeUndefined();
  });

  it("honours another page size", () => {
    expect(nextPageParam([{ items: rows(0, 5) }], 1, 5)).toBe(2);
    expect(nextPageParam([{ items: rows(0, 5) }], 1)).toBeUndefined();
  });
});
