import type { Notice, ServedNotice } from "@dwn/api";
import type { InfiniteData } from "@tanstack/react-query";
import type { ScreenContext } from "../../app/screens";
import { useTranslation } from "../../i18n/react";
import { InfiniteList } from "../../components/InfiniteList";
import { PageNavBar } from "../../components/PageNavBar";
import { Section } from "../../components/Section";
import { useLanguage } from "../../i18n/useLanguage";
import { FIRST_PAGE, type Page } from "../../lib/paging";
import { seedServed, servedFigures, type Seed } from "../../lib/served";
import { NoticeRow } from "./components/NoticeRow";
import { useNoticePages } from "./hooks/useNoticePages";

/** The query of the announcements' pages in `language`. */
const noticeListKey = (language: string) => ["notice/getList", language] as const;

/** /announcement: every announcement, paged, in the current language. */
export function AnnouncementListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const fetchPage = useNoticePages();
  return (
    <div data-testid="announcement-page">
      <PageNavBar title={t("announcement.title")} />
      <Section testId="announcement-section">
        <InfiniteList
          queryKey={noticeListKey(language)}
          fetchPage={fetchPage}
          itemKey={(notice) => String(notice.id)}
          renderItem={(notice) => <NoticeRow notice={notice} />}
          testId="announcement-list"
        />
      </Section>
    </div>
  );
}

/** The announcements the page carries, each checked; undefined when it carries none or they do not parse. */
function servedNotices(value: unknown): Record<string, ServedNotice[]> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  const lists: Record<string, ServedNotice[]> = {};
  for (const [language, list] of Object.entries(value)) {
    if (!Array.isArray(list)) return undefined;
    lists[language] = [];
    for (const item of list as unknown[]) {
      const { id, title, create_time, update_time } = (typeof item === "object" && item !== null ? item : {}) as Record<
        string,
        unknown
      >;
      if (!whole(id) || typeof title !== "string" || !whole(create_time) || !whole(update_time)) return undefined;
      lists[language].push({ id, title, create_time, update_time });
    }
  }
  return lists;
}

/**
 * Puts the newest announcements the page carries (lib/served.ts) in the cache as the list's
 * first page, in each language, so the screen (and the server's rendering of its shell) shows
 * them at once; the list asks the API for them again once the screen has settled. A list shows
 * no body, which the page does not carry. False when the page carries none.
 */
export function prefetchAnnouncements({ queryClient, config }: ScreenContext): boolean {
  const notices = servedNotices(servedFigures(config.contracts)?.notices);
  if (!notices) return false;
  return seedServed(queryClient, config.contracts, () =>
    Object.entries(notices).map(([language, list]): Seed => {
      const first: InfiniteData<Page<Notice>, number> = {
        pages: [{ items: list.map((notice) => ({ ...notice, body: "" })) }],
        pageParams: [FIRST_PAGE],
      };
      return [noticeListKey(language), first];
    }),
  );
}
