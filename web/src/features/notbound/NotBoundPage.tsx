import Button from "antd-mobile/es/components/button";
import { useTranslation } from "../../i18n/react";
import { useLocation } from "wouter";
import styles from "./NotBoundPage.module.css";
import emptyImage from "../../assets/empty.svg";

/**
 * /not_bound: where a wallet without an inviter lands when no invite address is in the URL
 * (the wallet feature has disconnected it). The way in is a friend's invite link.
 */
export function NotBoundPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <div className={styles.page} data-testid="not-bound-page">
      <img src={emptyImage} alt="" width={120} height={90} />
      <h1 className={styles.title}>{t("notBound.title")}</h1>
      <p className={styles.text}>{t("notBound.text")}</p>
      <Button color="primary" fill="outline" onClick={() => navigate("/home")} data-testid="not-bound-home">
        {t("notBound.home")}
      </Button>
    </div>
  );
}
