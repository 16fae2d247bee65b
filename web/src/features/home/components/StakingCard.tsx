import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Section } from "../../../components/Section";
import { useToastOnError } from "../../../components/useToastOnError";
import { formatAmount } from "../../../lib/format";
import { useStakeCount } from "../hooks/useStakeCount";
import { useStakeView } from "../hooks/useStakeView";
import styles from "./StakingCard.module.css";

/** The staking summary: the user's number of stakes, the unit price and the cycle. */
export function StakingCard() {
  const { t } = useTranslation();
  const view = useStakeView();
  const count = useStakeCount();
  useToastOnError(view.error ?? count.error);
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
        <dd data-testid="home-stake-count">{count.data ?? 0}</dd>
        <dt>{t("home.unitPrice")}</dt>
        <dd data-testid="home-unit-price">
          {t("home.unitPriceValue", {
            dwn: formatAmount(view.data?.dwnAmount ?? 0n),
            a8: formatAmount(view.data?.a8Amount ?? 0n),
          })}
        </dd>
        <dt>{t("home.cycle")}</dt>
        <dd data-testid="home-cycle">{t("common.days", { days: String(view.data?.cycle ?? 0n) })}</dd>
      </dl>
    </Section>
  );
}
