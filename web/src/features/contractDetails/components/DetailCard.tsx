import { useTranslation } from "react-i18next";
import { Section } from "../../../components/Section";
import { parseAmount } from "../../../lib/amount";
import { formatAmount, formatTime } from "../../../lib/format";
import { StatusBadge } from "../../pledge/components/StatusBadge";
import type { PledgeRecord } from "../../pledge/utils/pledgeIdsObj";
import { SYMBOL } from "../../pledge/utils/tokens";
import styles from "./DetailCard.module.css";

/**
 * The stake's card (spec §2 /contractDetails): id and status, the DWN staked, the cycle days,
 * the reward earned so far (the API's `num`), the UDBK claimable now (read from the chain), the
 * start and the end of the current cycle.
 */
export function DetailCard({
  record,
  totalReward,
  claimable,
}: {
  record: PledgeRecord;
  totalReward: bigint;
  claimable: bigint;
}) {
  const { t } = useTranslation();
  const amount = (value: bigint, token: string) => t("pledge.tokenAmount", { amount: formatAmount(value), token });
  return (
    <Section
      title={<span data-testid="detail-id">#{record.id}</span>}
      extra={<StatusBadge status={record.status} />}
      testId="detail-card"
    >
      <dl className={styles.list}>
        <dt>{t("contractDetails.amount")}</dt>
        <dd data-testid="detail-pay-dwn">{amount(parseAmount(record.pay_dwn), SYMBOL.dwn)}</dd>
        <dt>{t("contractDetails.period")}</dt>
        <dd data-testid="detail-days">{t("common.days", { days: String(record.days) })}</dd>
        <dt>{t("contractDetails.totalReward")}</dt>
        <dd data-testid="detail-total-reward">{amount(totalReward, SYMBOL.udbk)}</dd>
        <dt>{t("contractDetails.claimable")}</dt>
        <dd data-testid="detail-claimable">{amount(claimable, SYMBOL.udbk)}</dd>
        <dt>{t("contractDetails.startTime")}</dt>
        <dd data-testid="detail-start">{formatTime(record.start_timestamp)}</dd>
        <dt>{t("contractDetails.endTime")}</dt>
        <dd data-testid="detail-end">{formatTime(record.end_timestamp)}</dd>
      </dl>
    </Section>
  );
}
