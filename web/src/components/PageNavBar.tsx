import { useTranslation } from "../i18n/react";
import { ChevronIcon } from "./icons";
import styles from "./PageNavBar.module.css";
import { useGoBack } from "./useGoBack";

/**
 * The nav bar some screens have under the header: a title and, optionally, a back arrow. A
 * screen opened directly from a link has no history to go back to, so back then goes home.
 */
export function PageNavBar({ title, back = false }: { title: string; back?: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack("/home");
  const left = back ? (
    <button type="button" className={styles.back} onClick={goBack} aria-label={t("common.back")} data-testid="nav-back">
      <ChevronIcon size={20} />
    </button>
  ) : null;
  // Plain markup rather than antd-mobile's NavBar, whose empty left side is still a role="button"
  // with no name (an accessibility failure on every screen without a back arrow).
  return (
    <div className={styles.bar} data-testid="page-nav-bar">
      <div className={styles.side}>{left}</div>
      <h1 className={styles.title} data-testid="page-title">
        {title}
      </h1>
      <div className={styles.side} />
    </div>
  );
}
