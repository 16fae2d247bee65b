import type { LanguageCode } from "../../i18n/languages";

/**
 * The pull-to-refresh's strings, as the `pull` namespace: they travel with its lazily
 * loaded chunk, not in the first visit's strings.
 */
const enUs = {
  pulling: "Pull down to refresh",
  release: "Release to refresh",
  refreshing: "Refreshing…",
  done: "Up to date",
};

export type PullMessages = typeof enUs;

export const pullStrings: Partial<Record<LanguageCode, typeof enUs>> = {
  "en-us": enUs,
  "zh-cn": { pulling: "下拉刷新", release: "释放立即刷新", refreshing: "刷新中…", done: "已是最新" },
  "zh-tw": { pulling: "下拉刷新", release: "釋放立即刷新", refreshing: "刷新中…", done: "已是最新" },
};
