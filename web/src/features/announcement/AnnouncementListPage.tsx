import { useTranslation } from "../../i18n/react";
import { InfiniteList } from "../../components/InfiniteList";
import { PageNavBar } from "../../components/PageNavBar";
import { Section } from "../../components/Section";
import { useLanguage } from "../../i18n/useLanguage";
import { NoticeRow } from "./components/NoticeRow";
import { useNoticePages } from "./hooks/useNoticePages";

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
          queryKey={["notice/getList", language]}
          fetchPage={fetchPage}
          itemKey={(notice) => String(notice.id)}
          renderItem={(notice) => <NoticeRow notice={notice} />}
          testId="announcement-list"
        />
      </Section>
    </div>
  );
}
