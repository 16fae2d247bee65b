import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { formatMoney } from "../../../lib/money";
import { usePoolUser } from "../../shared/hooks/usePoolUser";
import { useWallet } from "../../wallet";
import { useIncomeCollected } from "../hooks/useIncomeCollected";
import { cumulativeGains, withdrawable } from "../utils/incomes";
import styles from "./IncomeSummary.module.css";

/**
 * Cumulative gains and what can be withdrawn now, from the same two sources so that the first is
 * never below the second: withdrawable is the chain's static + dynamic income not yet collected;
 * cumulative is that plus every payout the API has indexed. Each is a placeholder until read.
 */
export function IncomeSummary() {
  const { t } = useTranslation();
  const { hasLogin } = useWallet();
  const collected = useIncomeCollected();
  const pool = usePoolUser();
  const now = hasLogin ? pool.data : undefined;
  const total = now && collected.data !== undefined ? cumulativeGains(now, collected.data) : undefined;
  return (
    <section className={styles.card} data-testid="income-summary">
      <div className={styles.cell}>
        <span>{t("incomeLog.cumulativeGains")}</span>
        <strong data-testid="income-total">{known(total, (v) => `${formatMoney("income", v)} DWN`)}</strong>
      </div>
      <div className={styles.cell}>
        <span>{t("incomeLog.withdrawable")}</span>
        <strong data-testid="income-withdrawable">
          {known(now, (v) => `${formatMoney("income", withdrawable(v))} DWN`)}
        </strong>
      </div>
      <p className={styles.note} data-testid="income-summary-note">
        {t("incomeLog.summaryNote")}
      </p>
    </section>
  );
}
