import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { Section } from "../../../components/Section";
import { formatMoney } from "../../../lib/money";
import { useFeeRates } from "../../shared/hooks/useFeeRates";
import { ratePercent } from "../../shared/utils/fees";
import { useStakeView } from "../../shared/hooks/useStakeView";
import { useRewardRate } from "../hooks/useRewardRate";
import { cycleReward, SECONDS_PER_DAY } from "../utils/amounts";
import { SYMBOL } from "../../shared/utils/tokens";
import styles from "./ProductsTab.module.css";
import { ServedBlockNote } from "../../../components/ServedBlockNote";

/**
 * What a stake of `units` will do, before it is sent: the redeem and claim fee rates, that the A8
 * is consumed (sent to the fee recipient) and only the DWN comes back, the reward per unit per
 * day at today's rate, and one cycle's estimated reward. All from the staking contract.
 */
export function StakeTerms({ units }: { units: bigint }) {
  const { t } = useTranslation();
  const view = useStakeView();
  const rates = useFeeRates();
  const rate = useRewardRate();
  const udbk = (value: bigint) => t("pledge.tokenAmount", { amount: formatMoney("reward", value), token: SYMBOL.udbk });
  return (
    <Section title={t("pledge.termsTitle")} testId="pledge-terms">
      <dl className={styles.list}>
        <dt>{t("pledge.redeemFee")}</dt>
        <dd data-testid="pledge-redeem-fee">{known(rates.data, (r) => `${ratePercent(r.unstakeFeeRate)}%`)}</dd>
        <dt>{t("pledge.claimFee")}</dt>
        <dd data-testid="pledge-claim-fee">{known(rates.data, (r) => `${ratePercent(r.collectFeeRate)}%`)}</dd>
        <dt>{t("pledge.rewardPerUnitDay")}</dt>
        <dd data-testid="pledge-reward-rate">{known(rate.data, (r) => udbk(r * SECONDS_PER_DAY))}</dd>
        <dt>{t("pledge.cycleEstimate")}</dt>
        <dd data-testid="pledge-cycle-estimate">
          {rate.data !== undefined && view.data
            ? udbk(cycleReward({ units, rewardPerUnitPerSecond: rate.data, cycleDays: view.data.cycle }))
            : known(undefined, String)}
        </dd>
      </dl>
      <p className={styles.text} data-testid="pledge-a8-consumed">
        {t("pledge.a8Consumed")}
      </p>
      <ServedBlockNote queries={[view, rates, rate]} />
    </Section>
  );
}
