import { useCallback } from "react";
import { useTranslation } from "../../../i18n/react";
import { poolAbi } from "@dwn/contracts";
import { showToast } from "../../../components/toast";
import { useRuntimeConfig } from "../../../lib/runtime";
import { failureText, useTransaction } from "../../tx";
import { receivedText, withReceived } from "../../tx/received";
import { useWallet } from "../../wallet";
import { WITHDRAWALS, type IncomeKind } from "../utils/withdraw";

/**
 * `withdraw(kind)` collects the static or dynamic income (spec §4): "Withdrawal successful" with
 * the DWN the receipt's event paid ("· +3,125 DWN") once the receipt succeeds, else the contract's sentence (e.g. the reserve cannot pay) or
 * "Withdrawal failed". The transaction refreshes every figure.
 */
export function useWithdraw() {
  const { t } = useTranslation();
  const { contracts } = useRuntimeConfig();
  const { account } = useWallet();
  const run = useTransaction();
  return useCallback(
    async (kind: IncomeKind) => {
      const { label, functionName } = WITHDRAWALS[kind];
      try {
        const receipt = await run({
          label: { key: label },
          action: { kind: "withdraw", target: kind },
          address: contracts.pool,
          abi: poolAbi,
          functionName,
        });
        const received = account && receivedText(receipt, account, contracts.pool);
        showToast({ content: withReceived(t("messages.withdrawalSuccessful"), received), icon: "success" });
      } catch (error) {
        showToast({ content: failureText(error, t("messages.withdrawalFailed")), icon: "fail" });
      }
    },
    [account, contracts.pool, run, t],
  );
}
