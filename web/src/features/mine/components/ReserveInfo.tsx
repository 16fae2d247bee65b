import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { formatMoney } from "../../../lib/money";
import { usePoolReserve } from "../hooks/usePoolReserve";
import { runwayDays } from "../utils/runway";
import styles from "./CollectSection.module.css";
import { formatDecimal } from "../../../lib/format";
import { ServedBlockNote } from "../../../components/ServedBlockNote";

/** Transparency: the DWN the pool holds to pay income, and for how many days it pays the current emission. */
export function ReserveInfo() {
  const { t } = useTranslation();
  const reserve = usePoolReserve();
  const { data } = reserve;
  const days = data ? runwayDays(data) : null;
  return (
    <>
      <dl className={styles.reserve} data-testid="mine-reserve">
        <dt>{t("mine.reserve")}</dt>
        <dd data-testid="mine-reserve-amount">{known(data, (d) => `${formatMoney("figure", d.reserve)} DWN`)}</dd>
        <dt>{t("mine.runway")}</dt>
        <dd data-testid="mine-reserve-runway">
          {known(data, () => (days === null ? t("mine.unknown") : t("common.days", { days: formatDecimal(days, 0) })))}
        </dd>
      </dl>
      <ServedBlockNote queries={[reserve]} />
    </>
  );
}
