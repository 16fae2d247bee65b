import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { Section } from "../../../components/Section";
import { formatMoney } from "../../../lib/money";
import { useStakingReserve } from "../hooks/useStakingReserve";
import { emissionPerDay, runwayDays } from "../utils/amounts";
import { SYMBOL } from "../../shared/utils/tokens";
import styles from "./ProductsTab.module.css";
import { formatDecimal } from "../../../lib/format";

/**
 * Transparency: the UDBK the staking contract holds to pay rewards, what it pays out per day
 * at the current emission, and how many days the reserve lasts at that rate (no runway when
 * nothing is emitted).
 */
export function ReserveCard() {
  const { t } = useTranslation();
  const { data } = useStakingReserve();
  const runway = data ? runwayDays(data.reserve, data.emissionPerSecond) : undefined;
  const amount = (value: bigint) =>
    t("pledge.tokenAmount", { amount: formatMoney("figure", value), token: SYMBOL.udbk });
  return (
    <Section title={t("pledge.reserveTitle")} testId="pledge-reserve">
      <dl className={styles.list}>
        <dt>{t("pledge.reserve")}</dt>
        <dd data-testid="pledge-reserve-amount">{known(data, (d) => amount(d.reserve))}</dd>
        <dt>{t("pledge.emission")}</dt>
        <dd data-testid="pledge-reserve-emission">{known(data, (d) => amount(emissionPerDay(d.emissionPerSecond)))}</dd>
        {runway !== undefined && (
          <>
            <dt>{t("pledge.runway")}</dt>
            <dd data-testid="pledge-reserve-runway">{t("common.days", { days: formatDecimal(runway, 0) })}</dd>
          </>
        )}
      </dl>
    </Section>
  );
}
