import type { ClaimRow, RewardRow as Reward } from "@dwn/api";
import { useTranslation } from "react-i18next";
import { ExplorerLink } from "../../../components/ExplorerLink";
import { parseAmount } from "../../../lib/amount";
import { formatTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import styles from "./RewardList.module.css";

/** A row of the reward-record list: a claim ("-", red) when it has a collect_id, else a day's reward ("+", blue). */
export function RewardRow({ row }: { row: Reward | ClaimRow }) {
  const { t } = useTranslation();
  const claim = "collect_id" in row;
  return (
    <div className={styles.row} data-kind={claim ? "claim" : "reward"}>
      <div className={styles.cell}>
        <span data-testid="reward-label">
          {t(claim ? "contractDetails.claimRecord" : "contractDetails.rewardRecord")}
        </span>
        <time data-testid="reward-time">{formatTime(row.timestamp)}</time>
        {claim && <ExplorerLink hash={row.tx_hash} />}
      </div>
      <span className={claim ? styles.minus : styles.plus} data-testid="reward-amount">
        {claim ? "-" : "+"}
        {formatMoney("reward", parseAmount(row.reward_num))} <small>UDBK</small>
      </span>
    </div>
  );
}
