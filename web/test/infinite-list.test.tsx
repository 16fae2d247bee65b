import { InfiniteQueryObserver, QueryClient, QueryClientProvider, type InfiniteData } from "@tanstack/react-query";
import { createI18n } from "../src/i18n/translate";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "../src/i18n/react";
import { describe, expect, it, vi } from "vitest";
import { isFailing } from "../src/app/ReadFailureNotice";
import { InfiniteList, type FetchPage, type Page } from "../src/components/InfiniteList";
import { loadNextPage, pagedListOptions } from "../src/components/InfiniteList/usePagedList";
import { loadResources } from "../src/i18n/resources";

const i18n = createI18n({ resources: await loadResources(["en-us"]), language: "en-us" });

/**
 * An endpoint serving `rows` newest first, 10 (or `size`) a page from page 1, as the API does;
 * it records every page asked for and can be made to fail the next request.
 */
function endpoint(count: number, { total = false } = {}) {
  const rows = Array.from({ length: count }, (_, i) => `row ${i}`);
  const asked: number[] = [];
  let failNext = false;
  const fetchPage: FetchPage<string> = async (page, size) => {
    asked.push(page);
    if (failNext) {
      failNext = false;
      throw new Error("GET http://127.0.0.1:9/api/user/getFriendList answered HTTP 502");
    }
    const items = rows.slice((page - 1) * size, page * size);
    return total ? { items, total: rows.length } : { items };
  };
  return {
    rows,
    asked,
    fetchPage,
    failNext: () => (failNext = true),
    /** New rows arrive (a transaction was indexed): they come first, as the lists are newest first. */
    prepend: (...fresh: string[]) => rows.unshift(...fresh),
  };
}

const newClient = () => new QueryClient();

/** The list's query as a mounted screen holds it: an observer with a listener, its first page asked. */
async function mountList(client: QueryClient, fetchPage: FetchPage<string>) {
  const observer = new InfiniteQueryObserver(client, pagedListOptions(["list"], fetchPage));
  const seen: (string[] | undefined)[] = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data?.pages.flatMap((page) => page.items)));
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  const items = () => observer.getCurrentResult().data?.pages.flatMap((page) => page.items);
  const more = () => loadNextPage((options) => observer.fetchNextPage(options));
  return { observer, seen, items, more, unsubscribe };
}

describe("a paged list's pages", () => {
  it("accumulate page after page, and a short page ends the list", async () => {
    const api = endpoint(23);
    const list = await mountList(newClient(), api.fetchPage);
    expect(list.items()).toEqual(api.rows.slice(0, 10));
    expect(list.observer.getCurrentResult().hasNextPage).toBe(true);
    await list.more();
    await list.more();
    expect(list.items()).toEqual(api.rows);
    expect(api.asked).toEqual([1, 2, 3]);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);
    // The end is the end: scrolling further asks for nothing.
    await list.more();
    expect(api.asked).toEqual([1, 2, 3]);
    list.unsubscribe();
  });

  it("end once the reported total is loaded, even on a full page", async () => {
    const api = endpoint(20, { total: true });
    const list = await mountList(newClient(), api.fetchPage);
    await list.more();
    expect(list.items()).toHaveLength(20);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);
    expect(api.asked).toEqual([1, 2]);
    list.unsubscribe();
  });

  it("of an empty list is one empty, finished page", async () => {
    const api = endpoint(0);
    const list = await mountList(newClient(), api.fetchPage);
    expect(list.items()).toEqual([]);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);
    list.unsubscribe();
  });

  it("keep the rows when a page fails, and a retry asks the same page again", async () => {
    const api = endpoint(25);
    const client = newClient();
    const list = await mountList(client, api.fetchPage);
    api.failNext();
    await expect(list.more()).rejects.toThrow(/HTTP 502/);
    expect(list.items()).toEqual(api.rows.slice(0, 10));
    expect(api.asked).toEqual([1, 2]);
    // The failed page is not asked again by itself, and the list says so itself, not the screen-wide notice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.asked).toEqual([1, 2]);
    const query = client.getQueryCache().find({ queryKey: ["list"] });
    expect(query?.state.status).toBe("error");
    expect(query && isFailing(query)).toBe(false);
    // The retry.
    await list.more();
    expect(api.asked).toEqual([1, 2, 2]);
    expect(list.items()).toEqual(api.rows.slice(0, 20));
    list.unsubscribe();
  });

  it("load again after an invalidation, every page loaded, keeping the old rows until the new ones are in", async () => {
    const api = endpoint(15);
    const client = newClient();
    const list = await mountList(client, api.fetchPage);
    await list.more();
    const before = [...api.rows];
    expect(list.items()).toEqual(before);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);

    api.prepend("new 1", "new 2");
    list.seen.length = 0;
    await client.invalidateQueries();
    expect(api.asked).toEqual([1, 2, 1, 2]);
    expect(list.items()).toEqual(["new 1", "new 2", ...before]);
    // Never empty, never fewer rows meanwhile: the old rows, then the new ones.
    expect(list.seen.length).toBeGreaterThan(0);
    for (const shown of list.seen) expect([before, api.rows]).toContainEqual(shown);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);
    list.unsubscribe();
  });

  it("a page asked for during that reload waits for it instead of mixing old and new pages", async () => {
    const api = endpoint(10);
    const client = newClient();
    const list = await mountList(client, api.fetchPage);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(true);
    api.prepend("new 1", "new 2", "new 3");
    const reload = client.invalidateQueries();
    await list.more();
    await reload;
    await list.more();
    expect(list.items()).toEqual(api.rows);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);
    list.unsubscribe();
  });
});

const render = (client: QueryClient, fetchPage: FetchPage<string>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <InfiniteList
          queryKey={["list"]}
          fetchPage={fetchPage}
          itemKey={(row) => row}
          renderItem={(row) => <span>{row}</span>}
          header={<p data-testid="list-header" />}
          testId="list"
        />
      </I18nProvider>
    </QueryClientProvider>,
  );

/** A client holding the list's pages already, as after they answered. */
function answered(pages: Page<string>[]) {
  const client = newClient();
  client.setQueryData<InfiniteData<Page<string>, number>>(["list"], {
    pages,
    pageParams: pages.map((_, i) => i + 1),
  });
  return client;
}

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

describe("a paged list on screen", () => {
  const never: FetchPage<string> = () => new Promise(() => undefined);

  it("shows the loading dots before the first page answers, never the no-data box", () => {
    const html = render(newClient(), never);
    expect(html).toContain("adm-dot-loading");
    expect(count(html, "no-data")).toBe(0);
    expect(count(html, "list-row")).toBe(0);
    expect(count(html, "list-header")).toBe(0);
  });

  it("shows the no-data box when the list is empty", () => {
    const html = render(answered([{ items: [] }]), never);
    expect(count(html, "no-data")).toBe(1);
    expect(count(html, "list-header")).toBe(0);
    expect(html).not.toContain("adm-dot-loading");
  });

  it("shows the rows under the header, then No more~ at the end", () => {
    const html = render(answered([{ items: ["a", "b", "c"] }]), never);
    expect(count(html, "list-header")).toBe(1);
    expect(count(html, "list-row")).toBe(3);
    expect(html).toMatch(/data-testid="list-no-more"[^>]*>No more~</);
    expect(count(html, "no-data")).toBe(0);
  });

  it("shows the loading dots under a full page, the next one to come", () => {
    const rows = Array.from({ length: 10 }, (_, i) => `row ${i}`);
    const html = render(answered([{ items: rows }]), never);
    expect(count(html, "list-row")).toBe(10);
    expect(html).toContain("adm-dot-loading");
    expect(count(html, "list-no-more")).toBe(0);
  });
});

describe("a paged list whose first page was refused", () => {
  /** A client whose list's first page failed with `error`, not asked again when drawn. */
  async function refused(error: Error) {
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    const fail: FetchPage<string> = () => Promise.reject(error);
    await client.fetchInfiniteQuery(pagedListOptions(["list"], fail)).catch(() => undefined);
    return { client, fail };
  }

  it("says the sentence failureText gives for the error, above the retry text", async () => {
    const { client, fail } = await refused(new Error("prefix must be 0x followed by 6 to 40 hex characters"));
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <InfiniteList
            queryKey={["list"]}
            fetchPage={fail}
            itemKey={(row) => row}
            renderItem={(row) => <span>{row}</span>}
            failureText={(error) => (error instanceof Error ? error.message : null)}
            testId="list"
          />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(html).toMatch(/data-testid="list-failure"[^>]*>prefix must be 0x followed by 6 to 40 hex characters</);
    expect(html).toMatch(/data-testid="list-retry"[^>]*>Request failed, click to reload</);
  });

  it("shows only the retry text without failureText", async () => {
    const { client, fail } = await refused(new Error("prefix must be 0x followed by 6 to 40 hex characters"));
    const html = render(client, fail);
    expect(count(html, "list-failure")).toBe(0);
    expect(count(html, "list-retry")).toBe(1);
    expect(html).not.toContain("prefix must be");
  });
});
