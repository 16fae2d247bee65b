import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { Placeholder } from "../../../components/Placeholder";
import { Section } from "../../../components/Section";
import { formatTime } from "../../../lib/format";
import { useLatestNotice } from "../hooks/useLatestNotice";
import styles from "./LatestNotice.module.css";

/** The newest announcement, with the way to the full list. */
export function LatestNotice() {
  const { t } = useTranslation();
  const { data: notice } = useLatestNotice();
  return (
    <Section
      title={t("home.latestNotice")}
      extra={
        <Link to="/announcement" className={styles.more} data-testid="home-notice-more">
          {t("common.more")}
        </Link>
      }
      testId="home-notice"
    >
      {notice === undefined ? (
        <Placeholder />
      ) : notice ? (
        <Link to={`/announcement/${notice.id}`} className={styles.notice} data-testid="home-notice-latest">
          <span className={styles.title}>{notice.title}</span>
          <time className={styles.time}>{formatTime(notice.create_time)}</time>
        </Link>
      ) : (
        <p className={styles.empty}>{t("home.noNotice")}</p>
      )}
    </Section>
  );
}
