import { useTranslation } from "react-i18next";
import styles from "./StartupError.module.css";

/** Shown instead of the app when its runtime config cannot be loaded (server down, offline). */
export function StartupError() {
  const { t } = useTranslation();
  return (
    <div className={styles.box} data-testid="startup-error">
      <p>{t("common.failedToGetData")}</p>
      <button
        type="button"
        className={styles.retry}
        onClick={() => window.location.reload()}
        data-testid="startup-retry"
      >
        {t("common.requestFailedReload")}
      </button>
    </div>
  );
}
