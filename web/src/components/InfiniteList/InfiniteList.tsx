import { hashKey, type QueryKey } from "@tanstack/react-query";
import DotLoading from "antd-mobile/es/components/dot-loading";
import InfiniteScroll from "antd-mobile/es/components/infinite-scroll";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { NoData } from "../NoData";
import { usePagedList, type FetchPage } from "./usePagedList";
import styles from "./InfiniteList.module.css";

/** Spec §9: the next page starts loading 300 px before the bottom. */
const THRESHOLD_PX = 300;

interface InfiniteListProps<T> {
  /**
   * The list's cache key: whatever the rows depend on (the account, a filter, the language).
   * Invalidating it (every transaction and sign-in does) loads the list's pages again.
   */
  queryKey: QueryKey;
  /** Loads one page; its error's message is not shown, the retry text is (spec §2). */
  fetchPage: FetchPage<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => string;
  header?: ReactNode;
  /**
   * What the list says above its retry text when its first page failed with `error` (a refusal's
   * sentence, say); nothing when it returns null. Without it, only the retry text shows.
   */
  failureText?: (error: unknown) => ReactNode;
  testId: string;
}

/** An infinite-scroll list with the spec's paging, retry and end texts. */
export function InfiniteList<T>(props: InfiniteListProps<T>) {
  // Another key is another list: the infinite scroll's state (a failed page) starts afresh.
  return <PagedList key={hashKey(props.queryKey)} {...props} />;
}

function PagedList<T>({ queryKey, fetchPage, renderItem, itemKey, header, failureText, testId }: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const list = usePagedList(queryKey, fetchPage);
  const retryButton = (retry: () => void) => (
    <button type="button" className={styles.retry} onClick={retry} data-testid={`${testId}-retry`}>
      {t("common.requestFailedReload")}
    </button>
  );
  if (list.items === undefined) {
    // Before the first page has answered: the loading dots, or the retry text if it failed.
    return (
      <div data-testid={testId}>
        {list.failed && failureText && list.error != null && (
          <p className={styles.failure} role="alert" data-testid={`${testId}-failure`}>
            {failureText(list.error)}
          </p>
        )}
        <div className={styles.footer}>{list.failed ? retryButton(list.reload) : <DotLoading />}</div>
      </div>
    );
  }
  const items = list.items;
  const footer = (more: boolean, failed: boolean, retry: () => void) => {
    if (failed) return retryButton(retry);
    if (list.failed) return retryButton(list.reload);
    // A list whose refetch failed shows the dots while it is asked again (else the retry text).
    if (more || list.stale) return <DotLoading />;
    if (items.length === 0) return <NoData />;
    return <span data-testid={`${testId}-no-more`}>{t("common.noMore")}</span>;
  };
  return (
    <div data-testid={testId}>
      {items.length > 0 && header}
      {items.map((item, index) => (
        <div key={itemKey(item, index)} data-testid={`${testId}-row`}>
          {renderItem(item, index)}
        </div>
      ))}
      <InfiniteScroll
        className={styles.footer}
        loadMore={list.loadMore}
        hasMore={list.hasMore}
        threshold={THRESHOLD_PX}
      >
        {footer}
      </InfiniteScroll>
    </div>
  );
}
