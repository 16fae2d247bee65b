import type { Income } from "@dwn/api";
import { useTranslation } from "../../../i18n/react";
import { ExplorerLink } from "../../../components/ExplorerLink";
import { formatTime } from "../../../lib/format";
import { incomeLabel, isWithdrawal, signedAmount } from "../utils/incomes";
import styles from "./IncomeRow.module.css";

/** One income credit or withdrawal: its kind, the signed DWN amount, when it happened and its transaction. */
export function IncomeRow({ income }: { income: Income }) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <span className={styles.cell}>
        <span data-testid="income-type">{incomeLabel(income.type, t)}</span>
        <span className={styles.time} data-testid="income-time">
          {formatTime(income.timestamp)}
        </span>
        <ExplorerLink hash={income.tx_hash} />
      </span>
      <strong
        className={isWithdrawal(income.type) ? `${styles.amount} ${styles.out}` : styles.amount}
        data-testid="income-amount"
      >
        {signedAmount(income)} <small>DWN</small>
      </strong>
    </div>
  );
}
