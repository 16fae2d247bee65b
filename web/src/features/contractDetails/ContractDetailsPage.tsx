import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { NoData } from "../../components/NoData";
import { PageNavBar } from "../../components/PageNavBar";
import { useToastOnError } from "../../components/useToastOnError";
import { parseAmount } from "../../lib/amount";
import { usePendingRewards } from "../pledge/hooks/usePendingRewards";
import { parsePledgeIdsObj, PLEDGE_IDS_OBJ, type PledgeRecord } from "../pledge/utils/pledgeIdsObj";
import { SYMBOL } from "../pledge/utils/tokens";
import { ConnectButton, useWallet } from "../wallet";
import { DetailCard } from "./components/DetailCard";
import { FeePopup } from "./components/FeePopup";
import { RewardList } from "./components/RewardList";
import { useCanRedeem } from "./hooks/useCanRedeem";
import { useFeeRates } from "./hooks/useFeeRates";
import { useStakeAction, type StakeAction } from "./hooks/useStakeAction";
import { useStakeRewardTotal } from "./hooks/useStakeRewardTotal";
import styles from "./ContractDetailsPage.module.css";

/** /contractDetails?pledgeIdsObj=…: one stake's card, its reward records, and claim and redeem (spec §2). */
export function ContractDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const record = parsePledgeIdsObj(params.get(PLEDGE_IDS_OBJ));
  return (
    <div data-testid="contract-details-page">
      <PageNavBar title={t("contractDetails.title")} back />
      {record ? <StakeDetails key={record.id} record={record} /> : <NoData />}
    </div>
  );
}

function StakeDetails({ record }: { record: PledgeRecord }) {
  const { t } = useTranslation();
  const { hasLogin } = useWallet();
  const id = BigInt(record.id);
  // The claimable reward is the chain's, read now: the link's udbk_num is only what the list showed.
  const pending = usePendingRewards([id]);
  const total = useStakeRewardTotal(record.id);
  const canRedeem = useCanRedeem(id);
  const rates = useFeeRates();
  const { act, busy } = useStakeAction(id);
  const [popup, setPopup] = useState<StakeAction | undefined>();
  // Spec §4: once claimed, redeeming is no longer offered on this screen.
  const [claimed, setClaimed] = useState(false);
  useToastOnError(pending.error ?? total.error ?? canRedeem.error ?? rates.error);

  const claimable = pending.data?.[0] ?? 0n;
  const principal = parseAmount(record.pay_dwn);
  const showClaim = hasLogin && claimable > 0n;
  const showRedeem = hasLogin && canRedeem.data === true && !claimed;
  const showConnect = !hasLogin && record.status === 1;

  const confirm = async (action: StakeAction) => {
    const done = await act(action);
    setPopup(undefined);
    if (done && action === "claim") setClaimed(true);
  };

  return (
    <div className={showClaim || showRedeem || showConnect ? styles.withFooter : undefined}>
      <DetailCard record={record} totalReward={total.data ?? 0n} claimable={claimable} />
      <RewardList id={record.id} />
      {(showClaim || showRedeem || showConnect) && (
        <footer className={styles.footer} data-testid="detail-footer">
          {showClaim && (
            <Button block color="primary" onClick={() => setPopup("claim")} data-testid="detail-claim">
              {t("contractDetails.claimReward")}
            </Button>
          )}
          {showRedeem && (
            <Button block color="primary" fill="outline" onClick={() => setPopup("redeem")} data-testid="detail-redeem">
              {t("contractDetails.redeemPrincipal")}
            </Button>
          )}
          {showConnect && <ConnectButton block testId="detail-connect" />}
        </footer>
      )}
      <FeePopup
        visible={popup === "claim"}
        title={t("pledge.incomeWithdrawal")}
        token={SYMBOL.udbk}
        amount={claimable}
        rate={rates.data?.collectFeeRate}
        busy={busy === "claim"}
        onConfirm={() => void confirm("claim")}
        onClose={() => setPopup(undefined)}
        testId="income-popup"
      />
      <FeePopup
        visible={popup === "redeem"}
        title={t("pledge.principalWithdrawal")}
        token={SYMBOL.dwn}
        amount={principal}
        rate={rates.data?.unstakeFeeRate}
        busy={busy === "redeem"}
        onConfirm={() => void confirm("redeem")}
        onClose={() => setPopup(undefined)}
        testId="principal-popup"
      />
    </div>
  );
}
