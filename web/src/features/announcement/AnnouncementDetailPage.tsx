import { useTranslation } from "../../i18n/react";
import { useParams } from "wouter";
import { ApiError, Status } from "@dwn/api";
import { NoData } from "../../components/NoData";
import { PageLoading } from "../../components/PageLoading";
import { PageNavBar } from "../../components/PageNavBar";
import { Section } from "../../components/Section";
import { formatTime } from "../../lib/format";
import { useNotice } from "./hooks/useNotice";
import { linkify } from "./linkify";
import styles from "./AnnouncementDetailPage.module.css";

/** /announcement/:id: one announcement's title, date and text. */
export function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: notice, isPending, isEnabled, error } = useNotice(id);
  // The server's "no such announcement", or an id that cannot be one (not a whole number).
  const missing = !isEnabled || (error instanceof ApiError && error.status === Status.businessRule);
  return (
    <div data-testid="announcement-detail-page">
      <PageNavBar title={t("announcement.detailTitle")} back />
      {missing ? (
        <Section testId="announcement-missing">
          <p className={styles.body}>{t("announcement.noSuchNotice")}</p>
        </Section>
      ) : isPending ? (
        <PageLoading />
      ) : notice ? (
        <Section testId="announcement-detail">
          <h1 className={styles.title} data-testid="announcement-title">
            {notice.title}
          </h1>
          <time className={styles.time}>{t("announcement.publishedAt", { time: formatTime(notice.create_time) })}</time>
          {/* Plain text from the server, shown as written: line breaks kept, no markup; the web
              addresses in it are links, opened in a new tab without access to this one. */}
          <div className={styles.body} data-testid="announcement-body">
            {linkify(notice.body).map((part, i) =>
              "url" in part ? (
                <a key={i} href={part.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  {part.url}
                </a>
              ) : (
                part.text
              ),
            )}
          </div>
        </Section>
      ) : (
        <NoData />
      )}
    </div>
  );
}
