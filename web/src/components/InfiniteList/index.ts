export { InfiniteList } from "./InfiniteList";
export type { FetchPage, Page } from "./usePagedList";
