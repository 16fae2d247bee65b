import type { Notice } from "@dwn/api";
import { useCallback } from "react";
import type { FetchPage } from "../../../components/InfiniteList";
import { useApi } from "../../../lib/api";

/** Pages of announcements (notice/getList), newest first. */
export function useNoticePages(): FetchPage<Notice> {
  const call = useApi();
  return useCallback(
    async (page, size) => ({ items: await call("notice/getList", { page: String(page), limit: String(size) }) }),
    [call],
  );
}
