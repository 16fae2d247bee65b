import Dialog from "antd-mobile/es/components/dialog";
import { useTranslation } from "../../../i18n/react";
import { encodeFunctionData } from "viem";
import { poolAbi } from "@dwn/contracts";
import { useRuntimeConfig } from "../../../lib/runtime";
import { LazyNetworkFee } from "../../tx/LazyNetworkFee";
import { oneCall } from "../../tx/networkFee";
import { useWallet } from "../../wallet";
import { formatMoney } from "../../../lib/money";
import { WITHDRAWALS, type IncomeKind } from "../utils/withdraw";
import { useBackCloses } from "../../../components/useBackCloses";

/**
 * The confirm dialog of spec §4 before a withdrawal: cancel, or confirm to withdraw `asking`,
 * naming the amount and the network fee of the collect it sends (useWithdraw's call).
 */
export function WithdrawDialog({
  asking,
  amount,
  onClose,
  onConfirm,
}: {
  asking: IncomeKind | null;
  /** What the withdrawal pays now (DWN, 18 decimals), as the screen shows it. */
  amount: bigint | undefined;
  onClose: () => void;
  onConfirm: (kind: IncomeKind) => void;
}) {
  const { t } = useTranslation();
  const { account } = useWallet();
  const { contracts } = useRuntimeConfig();
  useBackCloses(asking !== null, onClose);
  const fee =
    asking === null
      ? undefined
      : oneCall(
          account,
          contracts.pool,
          encodeFunctionData({ abi: poolAbi, functionName: WITHDRAWALS[asking].functionName }),
        );
  return (
    <Dialog
      visible={asking !== null}
      title={asking && t(WITHDRAWALS[asking].title)}
      content={
        <>
          <p>{t("messages.withdrawConfirm")}</p>
          {amount !== undefined && (
            <p data-testid="withdraw-amount">{t("mine.withdrawAmount", { amount: formatMoney("income", amount) })}</p>
          )}
          <LazyNetworkFee request={fee} />
        </>
      }
      closeOnMaskClick
      onClose={onClose}
      actions={[
        [
          { key: "cancel", text: <span data-testid="withdraw-cancel">{t("common.cancel")}</span> },
          { key: "confirm", text: <span data-testid="withdraw-confirm">{t("common.confirm")}</span>, bold: true },
        ],
      ]}
      onAction={(action) => {
        const kind = asking;
        onClose();
        if (action.key === "confirm" && kind) onConfirm(kind);
      }}
      data-testid="withdraw-dialog"
    />
  );
}
