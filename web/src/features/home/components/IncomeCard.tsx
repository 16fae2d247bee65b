import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { ChevronIcon } from "../../../components/icons";
import { known } from "../../../components/Placeholder";
import { formatMoney } from "../../../lib/money";
import { ConnectButton, useWallet } from "../../wallet";
import { usePoolUser } from "../../shared/hooks/usePoolUser";
import styles from "./IncomeCard.module.css";

/** The user's computing power and the DWN income waiting to be collected; placeholders until read (or when not connected). */
export function IncomeCard() {
  const { t } = useTranslation();
  const { account } = useWallet();
  const { data } = usePoolUser();
  return (
    <section className={styles.card} data-testid="home-income">
      <p className={styles.welcome}>{t("home.welcome")}</p>
      <div className={styles.figures}>
        <div>
          <span className={styles.label}>{t("home.hashrate")}</span>
          <strong className={styles.value} data-testid="home-hashrate">
            {known(data?.hashrate, (hashrate) => formatMoney("figure", hashrate))}
          </strong>
        </div>
        <div>
          <span className={styles.label}>{t("home.pendingIncome")}</span>
          <strong className={styles.value} data-testid="home-pending-income">
            {known(data, (d) => formatMoney("income", d.staticProfit + d.dynamicProfit))} <small>DWN</small>
          </strong>
        </div>
      </div>
      <dl className={styles.split}>
        <dt>{t("home.staticIncome")}</dt>
        <dd data-testid="home-static-income">{known(data, (d) => `${formatMoney("income", d.staticProfit)} DWN`)}</dd>
        <dt>{t("home.dynamicIncome")}</dt>
        <dd data-testid="home-dynamic-income">{known(data, (d) => `${formatMoney("income", d.dynamicProfit)} DWN`)}</dd>
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
