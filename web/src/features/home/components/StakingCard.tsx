import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { Section } from "../../../components/Section";
import { known } from "../../../components/Placeholder";
import { ServedBlockNote } from "../../../components/ServedBlockNote";
import { formatMoney } from "../../../lib/money";
import { useStakeCount } from "../hooks/useStakeCount";
import { useStakeView } from "../../shared/hooks/useStakeView";
import styles from "./StakingCard.module.css";
import { formatDecimal } from "../../../lib/format";

/** The staking summary: the user's stakes not yet redeemed, the unit price and the cycle; placeholders until read. */
export function StakingCard() {
  const { t } = useTranslation();
  const view = useStakeView();
  const count = useStakeCount();
  return (
    <Section
      title={t("home.staking")}
      extra={
        <Link to="/pledge" className={styles.more} data-testid="home-staking-link">
          {t("pledge.goStake")}
        </Link>
      }
      testId="home-staking"
    >
      <dl className={styles.list}>
        <dt>{t("home.myStakes")}</dt>
        <dd data-testid="home-stake-count">{known(count.data, String)}</dd>
        <dt>{t("home.unitPrice")}</dt>
        <dd data-testid="home-unit-price">
          {known(view.data, (v) =>
            t("home.unitPriceValue", { dwn: formatMoney("price", v.dwnAmount), a8: formatMoney("price", v.a8Amount) }),
          )}
        </dd>
        <dt>{t("home.cycle")}</dt>
        <dd data-testid="home-cycle">
          {known(view.data, (v) => t("common.days", { days: formatDecimal(v.cycle, 0) }))}
        </dd>
      </dl>
      <ServedBlockNote queries={[view]} />
    </Section>
  );
}
