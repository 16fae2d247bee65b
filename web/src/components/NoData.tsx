import { useTranslation } from "../i18n/react";
import styles from "./NoData.module.css";
import emptyImage from "../assets/empty.svg";

/** The no-data box of spec §2: the empty image with "No data", or "No more~" under a list. */
export function NoData({ variant = "noData" }: { variant?: "noData" | "noMore" }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} data-testid={variant === "noData" ? "no-data" : "no-more"}>
      <img className={styles.image} src={emptyImage} alt="" width={96} height={72} />
      <span>{variant === "noData" ? t("common.noData") : t("common.noMore")}</span>
    </div>
  );
}
