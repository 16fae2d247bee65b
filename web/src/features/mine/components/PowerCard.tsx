import { useTranslation } from "../../../i18n/react";
import { Section } from "../../../components/Section";
import { known } from "../../../components/Placeholder";
import { parseAmount } from "../../../lib/amount";
import { formatCompact } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import { usePoolUser } from "../../shared/hooks/usePoolUser";
import { useTeamInfo } from "../../shared/hooks/useTeamInfo";
import { useWallet } from "../../wallet";
import styles from "./PowerCard.module.css";

/**
 * "NFT computing power": the user's own hashrate (as home and the backpack read it), beside the
 * team's performance and its small-community part; placeholders until read or when not signed in.
 */
export function PowerCard() {
  const { t } = useTranslation();
  const { hasLogin } = useWallet();
  const { data } = useTeamInfo();
  const team = hasLogin ? data : undefined;
  const own = usePoolUser().data;
  return (
    <Section title={t("mine.nftPower")} testId="mine-power">
      <div className={styles.grid}>
        <div className={`${styles.cell} ${styles.own}`}>
          <strong data-testid="mine-hashrate">
            {known(hasLogin ? own?.hashrate : undefined, (hashrate) => formatMoney("figure", hashrate))}
          </strong>
          <span>{t("home.hashrate")}</span>
        </div>
        <div className={styles.cell}>
          <strong data-testid="mine-performance">
            {known(team, (v) => formatCompact(parseAmount(v.performance)))}
          </strong>
          <span>{t("mine.teamPerformance")}</span>
        </div>
        <div className={styles.cell}>
          <strong data-testid="mine-small-performance">
            {known(team, (v) => formatCompact(parseAmount(v.small_performance)))}
          </strong>
          <span>{t("mine.smallCommunityPower")}</span>
        </div>
      </div>
    </Section>
  );
}
