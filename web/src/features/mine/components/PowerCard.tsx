import { useTranslation } from "react-i18next";
import { Section } from "../../../components/Section";
import { useToastOnError } from "../../../components/useToastOnError";
import { parseAmount } from "../../../lib/amount";
import { formatCompact } from "../../../lib/format";
import { useTeamInfo } from "../../share/hooks/useTeamInfo";
import { useWallet } from "../../wallet";
import styles from "./PowerCard.module.css";

/** "NFT computing power": the team's performance and its small-community part; 0 when not signed in. */
export function PowerCard() {
  const { t } = useTranslation();
  const { hasLogin } = useWallet();
  const { data, error } = useTeamInfo();
  useToastOnError(error);
  const team = hasLogin ? data : undefined;
  return (
    <Section title={t("mine.nftPower")} testId="mine-power">
      <div className={styles.grid}>
        <div className={styles.cell}>
          <strong data-testid="mine-performance">{formatCompact(parseAmount(team?.performance))}</strong>
          <span>{t("mine.myNftPower")}</span>
        </div>
        <div className={styles.cell}>
          <strong data-testid="mine-small-performance">{formatCompact(parseAmount(team?.small_performance))}</strong>
          <span>{t("mine.smallCommunityPower")}</span>
        </div>
      </div>
    </Section>
  );
}
