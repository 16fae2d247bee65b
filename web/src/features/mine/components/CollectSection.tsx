import Button from "antd-mobile/es/components/button";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { Section } from "../../../components/Section";
import { showToast } from "../../../components/toast";
import { known } from "../../../components/Placeholder";
import { formatMoney } from "../../../lib/money";
import { usePoolUser } from "../../shared/hooks/usePoolUser";
import { usePendingAction } from "../../tx/pending";
import { ConnectButton, useWallet } from "../../wallet";
import { useWithdraw } from "../hooks/useWithdraw";
import { WITHDRAWALS, withdrawProblem, type IncomeKind } from "../utils/withdraw";
import { ReserveInfo } from "./ReserveInfo";
import styles from "./CollectSection.module.css";

// Fetched on the first withdraw tap: the dialog's animation code is not needed to show the income.
const WithdrawDialog = lazy(() => import("./WithdrawDialog").then((m) => ({ default: m.WithdrawDialog })));

const KINDS: readonly IncomeKind[] = ["static", "dynamic"];

/**
 * "DWN assets available for collection": the static and dynamic income with a withdraw button
 * each ("Connect wallet" when not signed in), the confirm dialog of spec §4, and the reserve
 * that pays them.
 */
export function CollectSection() {
  const { t } = useTranslation();
  const { hasLogin } = useWallet();
  const { data } = usePoolUser();
  const withdraw = useWithdraw();
  // A withdrawal still pending (after a reload, or from another tab) cannot be sent again.
  const { isPending, pendingText } = usePendingAction();
  const [asking, setAsking] = useState<IncomeKind | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  // Unknown until the chain answers: a placeholder, and no withdraw button that could act on it.
  const amounts = data && { static: data.staticProfit, dynamic: data.dynamicProfit };

  const request = (kind: IncomeKind) => {
    if (!amounts) return;
    const problem = withdrawProblem(kind, amounts[kind]);
    if (problem) showToast({ content: t(problem), icon: "fail" });
    else {
      setDialogWanted(true);
      setAsking(kind);
    }
  };

  return (
    <Section
      title={t("mine.collectable")}
      extra={
        <Link to="/incomeLog" className={styles.link} data-testid="mine-asset-details">
          {t("mine.assetDetails")}
        </Link>
      }
      testId="mine-collect"
    >
      {KINDS.map((kind) => (
        <div key={kind} className={styles.row} data-testid={`collect-${kind}`}>
          <span className={styles.cell}>
            <span className={styles.label}>{t(WITHDRAWALS[kind].title)}</span>
            <strong data-testid={`collect-${kind}-amount`}>
              {known(amounts?.[kind], (v) => formatMoney("income", v))} <small>DWN</small>
            </strong>
          </span>
          {hasLogin ? (
            <Button
              color="primary"
              size="small"
              disabled={!amounts || isPending("withdraw", kind)}
              onClick={() => request(kind)}
              data-testid={`collect-${kind}-withdraw`}
            >
              {isPending("withdraw", kind) ? pendingText : t("mine.withdrawNow")}
            </Button>
          ) : (
            <ConnectButton size="small" testId={`collect-${kind}-connect`} />
          )}
        </div>
      ))}
      <ReserveInfo />
      {dialogWanted && (
        <Suspense fallback={null}>
          <WithdrawDialog
            asking={asking}
            amount={asking && amounts ? amounts[asking] : undefined}
            onClose={() => setAsking(null)}
            onConfirm={(kind) => void withdraw(kind)}
          />
        </Suspense>
      )}
    </Section>
  );
}
