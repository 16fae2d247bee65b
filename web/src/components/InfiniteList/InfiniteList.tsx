import DotLoading from "antd-mobile/es/components/dot-loading";
import InfiniteScroll from "antd-mobile/es/components/infinite-scroll";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NoData } from "../NoData";
import { usePagedList, type FetchPage } from "./usePagedList";
import styles from "./InfiniteList.module.css";

/** Spec §9: the next page starts loading 300 px before the bottom. */
const THRESHOLD_PX = 300;

interface InfiniteListProps<T> {
  /** Loads one page; its error's message is not shown, the retry text is (spec §2). */
  fetchPage: FetchPage<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => string;
  /** A change starts the list again from page 1 (another account, a new sign-in, a language). */
  resetKey: string;
  header?: ReactNode;
  testId: string;
}

/** An infinite-scroll list with the spec's paging, retry and end texts. */
export function InfiniteList<T>(props: InfiniteListProps<T>) {
  // Remounting on a new reset key drops the old rows and any page still in flight.
  return <PagedList key={props.resetKey} {...props} />;
}

function PagedList<T>({ fetchPage, renderItem, itemKey, header, testId }: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const { items, hasMore, loadMore } = usePagedList(fetchPage);
  const footer = (more: boolean, failed: boolean, retry: () => void) => {
    if (failed) {
      return (
        <button type="button" className={styles.retry} onClick={retry} data-testid={`${testId}-retry`}>
          {t("common.requestFailedReload")}
        </button>
      );
    }
    if (more) return <DotLoading />;
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
      <InfiniteScroll className={styles.footer} loadMore={loadMore} hasMore={hasMore} threshold={THRESHOLD_PX}>
        {footer}
      </InfiniteScroll>
    </div>
  );
}
