import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import { useSearchParams } from "../../app/hashRouter";
import { encodeFunctionData } from "viem";
import { stakingAbi } from "@dwn/contracts";
import { PageNavBar } from "../../components/PageNavBar";
import { shorten } from "../../lib/format";
import { useRuntimeConfig } from "../../lib/runtime";
import { useChainTime } from "../shared/hooks/useChainTime";
import { usePendingRewards } from "../shared/hooks/usePendingRewards";
import { stakeIdOfLink } from "../shared/utils/pledgeIdsObj";
import { SYMBOL } from "../shared/utils/tokens";
import { oneCall } from "../tx/networkFee";
import { usePendingAction } from "../tx/pending";
import { ConnectButton, useWallet } from "../wallet";
import { CalendarSection } from "./components/CalendarSection";
import { DetailCard } from "./components/DetailCard";
import { FeePopup } from "./components/FeePopup";
import { RewardList } from "./components/RewardList";
import { useCanRedeem } from "./hooks/useCanRedeem";
import { useFeeRates } from "../shared/hooks/useFeeRates";
import { useStakeAction, type StakeAction } from "./hooks/useStakeAction";
import { useStakeInfo } from "./hooks/useStakeInfo";
import { useStakeRewardTotal } from "./hooks/useStakeRewardTotal";
import styles from "./ContractDetailsPage.module.css";

/**
 * /contractDetails?pledgeIdsObj=…: one stake's card, its reward records, and claim and redeem
 * (spec §2). The link names the stake; everything shown is read from the chain and the API.
 */
export function ContractDetailsPage() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const id = stakeIdOfLink(params);
  return (
    <div data-testid="contract-details-page">
      <PageNavBar title={t("contractDetails.title")} back />
      {id ? (
        <StakeDetails key={id.toString()} id={id} />
      ) : (
        <p className={styles.note} data-testid="detail-bad-link">
          {t("contractDetails.badStakeLink")}
        </p>
      )}
    </div>
  );
}

function StakeDetails({ id }: { id: bigint }) {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const info = useStakeInfo(id);
  const owner = info.data?.user;
  // Whose the stake is decides what the screen offers: another address's is shown read-only.
  const mine = owner !== undefined && account !== undefined && owner.toLowerCase() === account.toLowerCase();
  const pending = usePendingRewards([id]);
  const total = useStakeRewardTotal(id.toString(), mine);
  const canRedeem = useCanRedeem(id);
  // The countdown and the calendar count on the chain's time, not the phone's clock.
  const now = useChainTime();
  const rates = useFeeRates();
  const { act, busy } = useStakeAction(id);
  const { contracts } = useRuntimeConfig();
  // A claim or redeem of this stake still pending (after a reload, or from another tab) is not sent twice.
  const { isPending, pendingText } = usePendingAction();
  const claimPending = isPending("claim", id.toString());
  const redeemPending = isPending("redeem", id.toString());
  const [popup, setPopup] = useState<StakeAction | undefined>();

  if (info.data === null) {
    return (
      <p className={styles.note} data-testid="detail-missing">
        {t("contractDetails.noSuchStake", { id: id.toString() })}
      </p>
    );
  }

  const claimable = pending.data?.[0];
  const principal = info.data?.dwnAmount;
  const showClaim = hasLogin && mine && claimable !== undefined && claimable > 0n;
  // Offered while the stake's redeem window is open, a claim made in it or not (issue 22 item 9).
  const showRedeem = hasLogin && mine && canRedeem.data === true && principal !== undefined;
  const showConnect = !hasLogin && info.data?.status === 1n;
  const othersStake = owner !== undefined && !mine;

  const confirm = async (action: StakeAction) => {
    await act(action);
    setPopup(undefined);
  };

  return (
    <div className={showClaim || showRedeem || showConnect ? styles.withFooter : undefined}>
      {othersStake && (
        <p className={styles.note} data-testid="detail-owner">
          {t("contractDetails.othersStake", { owner: shorten(owner, 6) })}
        </p>
      )}
      <DetailCard
        id={id}
        info={info.data}
        totalReward={mine ? total.data : owner === undefined ? undefined : "omit"}
        claimable={claimable}
        now={now}
      />
      <CalendarSection info={info.data} now={now} />
      {(mine || !hasLogin) && <RewardList id={id.toString()} />}
      {(showClaim || showRedeem || showConnect) && (
        <footer className={styles.footer} data-testid="detail-footer">
          {showClaim && (
            <Button
              block
              color="primary"
              disabled={claimPending}
              onClick={() => setPopup("claim")}
              data-testid="detail-claim"
            >
              {claimPending ? pendingText : t("contractDetails.claimReward")}
            </Button>
          )}
          {showRedeem && (
            <Button
              block
              color="primary"
              fill="outline"
              disabled={redeemPending}
              onClick={() => setPopup("redeem")}
              data-testid="detail-redeem"
            >
              {redeemPending ? pendingText : t("contractDetails.redeemPrincipal")}
            </Button>
          )}
          {showConnect && <ConnectButton block testId="detail-connect" />}
        </footer>
      )}
      <FeePopup
        visible={popup === "claim"}
        title={t("pledge.incomeWithdrawal")}
        token={SYMBOL.udbk}
        amount={claimable ?? 0n}
        amountKind="reward"
        rate={rates.data?.collectFeeRate}
        networkFee={oneCall(
          account,
          contracts.staking,
          encodeFunctionData({ abi: stakingAbi, functionName: "collect", args: [id] }),
        )}
        busy={busy === "claim"}
        onConfirm={() => void confirm("claim")}
        onClose={() => setPopup(undefined)}
        testId="income-popup"
      />
      <FeePopup
        visible={popup === "redeem"}
        title={t("pledge.principalWithdrawal")}
        token={SYMBOL.dwn}
        amount={principal ?? 0n}
        amountKind="principal"
        rate={rates.data?.unstakeFeeRate}
        networkFee={oneCall(
          account,
          contracts.staking,
          encodeFunctionData({ abi: stakingAbi, functionName: "redeem", args: [id] }),
        )}
        busy={busy === "redeem"}
        onConfirm={() => void confirm("redeem")}
        onClose={() => setPopup(undefined)}
        testId="principal-popup"
      />
    </div>
  );
}
