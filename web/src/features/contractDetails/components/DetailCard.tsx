import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { Section } from "../../../components/Section";
import { formatDecimal, formatTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import type { StakeInfo } from "../../../lib/reads/staking";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { SYMBOL } from "../../shared/utils/tokens";
import { durationParts } from "../../shared/utils/duration";
import { stakeMoment } from "../utils/countdown";
import styles from "./DetailCard.module.css";

const asStatus = (status: bigint): 0 | 1 | 2 => (status === 1n ? 1 : status === 2n ? 2 : 0);

/**
 * The stake's card (spec §2 /contractDetails), every figure from the chain's stakeInfo or the
 * API, never from the link: id and status, the DWN staked, the cycle days, the reward earned so
 * far (the API's `num`, the owner's only: `totalReward` is omitted for someone else's stake),
 * the UDBK claimable now (getPendingRewards), the start and the end of the current cycle, and
 * how long until the redeem window opens or closes. Placeholders until each is read.
 */
export function DetailCard({
  id,
  info,
  totalReward,
  claimable,
  now,
}: {
  id: bigint;
  info: StakeInfo | undefined;
  /** undefined while it loads; "omit" for a stake the user does not own. */
  totalReward: bigint | undefined | "omit";
  claimable: bigint | undefined;
  /** The chain's time (unix seconds), for the countdown; none is shown until it is known. */
  now: bigint | undefined;
}) {
  const { t } = useTranslation();
  const amount = (text: string, token: string) => t("pledge.tokenAmount", { amount: text, token });
  const moment = info && now !== undefined ? stakeMoment(info, now) : undefined;
  return (
    <Section
      title={<span data-testid="detail-id">#{id.toString()}</span>}
      extra={info && <StatusBadge status={asStatus(info.status)} />}
      testId="detail-card"
    >
      <dl className={styles.list}>
        <dt>{t("contractDetails.amount")}</dt>
        <dd data-testid="detail-pay-dwn">
          {known(info, (v) => amount(formatMoney("principal", v.dwnAmount), SYMBOL.dwn))}
        </dd>
        <dt>{t("contractDetails.period")}</dt>
        <dd data-testid="detail-days">
          {known(info, (v) => t("common.days", { days: formatDecimal(v.durationPerCycle / 86_400n, 0) }))}
        </dd>
        {totalReward !== "omit" && (
          <>
            <dt>{t("contractDetails.totalReward")}</dt>
            <dd data-testid="detail-total-reward">
              {known(totalReward, (v) => amount(formatMoney("reward", v), SYMBOL.udbk))}
            </dd>
          </>
        )}
        <dt>{t("contractDetails.claimable")}</dt>
        <dd data-testid="detail-claimable">{known(claimable, (v) => amount(formatMoney("reward", v), SYMBOL.udbk))}</dd>
        <dt>{t("contractDetails.startTime")}</dt>
        <dd data-testid="detail-start">{known(info, (v) => formatTime(v.startTime))}</dd>
        <dt>{t("contractDetails.endTime")}</dt>
        <dd data-testid="detail-end">{known(info, (v) => formatTime(v.endTime))}</dd>
      </dl>
      {moment && moment.kind !== "ended" && (
        <p className={styles.countdown} data-testid="detail-countdown">
          {moment.kind === "renews"
            ? t("contractDetails.renewsSoon")
            : t(moment.kind === "opens" ? "contractDetails.redeemOpensIn" : "contractDetails.redeemClosesIn", {
                ...durationParts(moment.seconds),
              })}
        </p>
      )}
    </Section>
  );
}
