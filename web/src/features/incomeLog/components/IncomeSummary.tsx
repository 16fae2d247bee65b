import { useTranslation } from "react-i18next";
import { useToastOnError } from "../../../components/useToastOnError";
import { formatAmount } from "../../../lib/format";
import { usePoolUser } from "../../home/hooks/usePoolUser";
import type { IndexerLag } from "../../tx";
import { useWallet } from "../../wallet";
import { useIncomeTotal } from "../hooks/useIncomeTotal";
import { withdrawable } from "../utils/incomes";
import styles from "./IncomeSummary.module.css";

/** Cumulative gains from the API and what can be withdrawn now from the chain (static + dynamic). */
export function IncomeSummary({ lag }: { lag: IndexerLag }) {
  const { t } = useTranslation();
  const { hasLogin } = useWallet();
  const total = useIncomeTotal(lag.epoch);
  const pool = usePoolUser();
  useToastOnError(total.error ?? pool.error);
  return (
    <section className={styles.card} data-testid="income-summary">
      <div className={styles.cell}>
        <span>{t("incomeLog.cumulativeGains")}</span>
        <strong data-testid="income-total">{formatAmount(hasLogin ? (total.data ?? 0n) : 0n)}</strong>
      </div>
      <div className={styles.cell}>
        <span>{t("incomeLog.withdrawable")}</span>
        <strong data-testid="income-withdrawable">{formatAmount(pool.data ? withdrawable(pool.data) : 0n)}</strong>
      </div>
    </section>
  );
}
