import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { NoData } from "../../components/NoData";
import { PageLoading } from "../../components/PageLoading";
import { PageNavBar } from "../../components/PageNavBar";
import { Section } from "../../components/Section";
import { formatTime } from "../../lib/format";
import { useNotice } from "./hooks/useNotice";
import styles from "./AnnouncementDetailPage.module.css";

/** /announcement/:id: one announcement's title, date and text. */
export function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: notice, isPending, isEnabled } = useNotice(id);
  return (
    <div data-testid="announcement-detail-page">
      <PageNavBar title={t("announcement.detailTitle")} back />
      {isPending && isEnabled ? (
        <PageLoading />
      ) : notice ? (
        <Section testId="announcement-detail">
          <h1 className={styles.title} data-testid="announcement-title">
            {notice.title}
          </h1>
          <time className={styles.time}>{t("announcement.publishedAt", { time: formatTime(notice.create_time) })}</time>
          {/* Plain text from the server, shown as written: line breaks kept, no markup. */}
          <div className={styles.body} data-testid="announcement-body">
            {notice.body}
          </div>
        </Section>
      ) : (
        <NoData />
      )}
    </div>
  );
}
