import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ChevronIcon } from "../../../components/icons";
import { useToastOnError } from "../../../components/useToastOnError";
import { formatAmount, formatCompact } from "../../../lib/format";
import { ConnectButton, useWallet } from "../../wallet";
import { usePoolUser } from "../hooks/usePoolUser";
import styles from "./IncomeCard.module.css";

/** The user's computing power and the DWN income waiting to be collected; zeros when not connected. */
export function IncomeCard() {
  const { t } = useTranslation();
  const { account } = useWallet();
  const { data, error } = usePoolUser();
  useToastOnError(error);
  const staticProfit = data?.staticProfit ?? 0n;
  const dynamicProfit = data?.dynamicProfit ?? 0n;
  return (
    <section className={styles.card} data-testid="home-income">
      <p className={styles.welcome}>{t("home.welcome")}</p>
      <div className={styles.figures}>
        <div>
          <span className={styles.label}>{t("home.hashrate")}</span>
          <strong className={styles.value} data-testid="home-hashrate">
            {formatCompact(data?.hashrate ?? 0n)}
          </strong>
        </div>
        <div>
          <span className={styles.label}>{t("home.pendingIncome")}</span>
          <strong className={styles.value} data-testid="home-pending-income">
            {formatAmount(staticProfit + dynamicProfit)} <small>DWN</small>
          </strong>
        </div>
      </div>
      <dl className={styles.split}>
        <dt>{t("home.staticIncome")}</dt>
        <dd data-testid="home-static-income">{formatAmount(staticProfit)}</dd>
        <dt>{t("home.dynamicIncome")}</dt>
        <dd data-testid="home-dynamic-income">{formatAmount(dynamicProfit)}</dd>
      </dl>
      <Link to="/mine" className={styles.assets} data-testid="home-assets-link">
        {t("nav.assets")}
        <ChevronIcon size={14} />
      </Link>
      {!account && (
        <div className={styles.connect}>
          <p>{t("home.connectHint")}</p>
          <ConnectButton testId="home-connect" />
        </div>
      )}
    </section>
  );
}
