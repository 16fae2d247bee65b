import { useTranslation } from "../../../i18n/react";
import styles from "./ShareBanner.module.css";
import bannerImage from "../../../assets/banner.svg";

export function ShareBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} data-testid="share-banner">
      <img className={styles.image} src={bannerImage} alt="" width={351} height={150} />
      <div className={styles.text}>
        <h1>{t("share.bannerTitle")}</h1>
        <p>{t("share.bannerText")}</p>
      </div>
    </div>
  );
}
