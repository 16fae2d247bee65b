import type { StakeRecord } from "@dwn/api";
import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { known } from "../../../components/Placeholder";
import { parseAmount } from "../../../lib/amount";
import { formatDecimal, formatTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import { contractDetailsPath } from "../../shared/utils/pledgeIdsObj";
import { SYMBOL } from "../../shared/utils/tokens";
import { StatusBadge } from "../../shared/components/StatusBadge";
import styles from "./StakeRecordCard.module.css";

/**
 * One stake of the records tab (spec §2): its id and status, the DWN principal, the cycle days,
 * the UDBK it could collect now, its start, and the link to its details. The badge and the link
 * carry the sub-tab's status, as the spec's screen does.
 */
export function StakeRecordCard({
  record,
  status,
  pending,
  address,
}: {
  record: StakeRecord;
  status: 0 | 1 | 2;
  /** getPendingRewards for this stake; undefined while it loads. */
  pending: bigint | undefined;
  /** The page's inviter `address` parameter, passed on to the details link. */
  address: string | null;
}) {
  const { t } = useTranslation();
  const amount = (text: string, token: string) => t("pledge.tokenAmount", { amount: text, token });
  const details = contractDetailsPath({ ...record, status, udbk_num: (pending ?? 0n).toString() }, address);
  return (
    <article className={styles.card} data-testid="stake-record" data-id={record.id}>
      <header className={styles.head}>
        <span className={styles.id} data-testid="stake-id">
          #{record.id}
        </span>
        <StatusBadge status={status} />
      </header>
      <dl className={styles.list}>
        <dt>{t("contractDetails.amount")}</dt>
        <dd data-testid="stake-pay-dwn">{amount(formatMoney("principal", parseAmount(record.pay_dwn)), SYMBOL.dwn)}</dd>
        <dt>{t("contractDetails.period")}</dt>
        <dd data-testid="stake-days">{t("common.days", { days: formatDecimal(BigInt(record.days), 0) })}</dd>
        <dt>{t("pledge.reward")}</dt>
        <dd data-testid="stake-udbk">{known(pending, (v) => amount(formatMoney("reward", v), SYMBOL.udbk))}</dd>
        <dt>{t("contractDetails.startTime")}</dt>
        <dd data-testid="stake-start">{formatTime(record.start_timestamp)}</dd>
      </dl>
      <Link to={details} className={styles.details} data-testid="stake-details">
        {t("pledge.details")}
      </Link>
    </article>
  );
}
