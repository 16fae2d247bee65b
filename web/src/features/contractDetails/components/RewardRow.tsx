import type { ClaimRow, RewardRow as Reward } from "@dwn/api";
import { useTranslation } from "../../../i18n/react";
import { ExplorerLink } from "../../../components/ExplorerLink";
import { parseAmount } from "../../../lib/amount";
import { formatTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import styles from "./RewardList.module.css";

/**
 * A row of the reward-record list: a day's reward ("+", blue), or a claim (it has a collect_id)
 * showing what the user received, net of the fee the contract kept, with the fee beside it, as
 * the claim popup did.
 */
export function RewardRow({ row }: { row: Reward | ClaimRow }) {
  const { t } = useTranslation();
  const claim = "collect_id" in row;
  const reward = parseAmount(row.reward_num);
  const fee = claim ? parseAmount(row.fee) : 0n;
  return (
    <div className={styles.row} data-kind={claim ? "claim" : "reward"}>
      <div className={styles.cell}>
        <span data-testid="reward-label">
          {t(claim ? "contractDetails.claimRecord" : "contractDetails.rewardRecord")}
        </span>
        <time data-testid="reward-time">{formatTime(row.timestamp)}</time>
        {claim && <ExplorerLink hash={row.tx_hash} />}
      </div>
      {claim ? (
        <div className={`${styles.cell} ${styles.claimFigures}`}>
          <span className={styles.minus} data-testid="reward-amount">
            {formatMoney("receivable", reward - fee)} <small>UDBK</small>
          </span>
          <span className={styles.fee} data-testid="reward-fee">
            {t("contractDetails.fee")} {formatMoney("fee", fee)} UDBK
          </span>
        </div>
      ) : (
        <span className={styles.plus} data-testid="reward-amount">
          +{formatMoney("reward", reward)} <small>UDBK</small>
        </span>
      )}
    </div>
  );
}
