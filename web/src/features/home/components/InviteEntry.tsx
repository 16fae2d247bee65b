import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { ChevronIcon, ShareIcon } from "../../../components/icons";
import styles from "./InviteEntry.module.css";

/** The way to /share from home. */
export function InviteEntry() {
  const { t } = useTranslation();
  return (
    <Link to="/share" className={styles.entry} data-testid="home-invite">
      <span className={styles.icon}>
        <ShareIcon />
      </span>
      <span className={styles.text}>
        <strong>{t("home.invite")}</strong>
        <span>{t("home.inviteText")}</span>
      </span>
      <span className={styles.action}>
        {t("home.inviteAction")}
        <ChevronIcon size={14} />
      </span>
    </Link>
  );
}
