import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { poolAbi } from "@dwn/contracts";
import { showToast } from "../../../components/toast";
import { useRuntimeConfig } from "../../../lib/runtime";
import { failureText, useTransaction } from "../../tx";
import { WITHDRAWALS, type IncomeKind } from "../utils/withdraw";

/**
 * `withdraw(kind)` collects the static or dynamic income (spec §4): "Withdrawal successful" once
 * the receipt succeeds, else the contract's sentence (e.g. the reserve cannot pay) or
 * "Withdrawal failed". The transaction refreshes every figure.
 */
export function useWithdraw() {
  const { t } = useTranslation();
  const { contracts } = useRuntimeConfig();
  const run = useTransaction();
  return useCallback(
    async (kind: IncomeKind) => {
      const { label, functionName } = WITHDRAWALS[kind];
      try {
        await run({ label: t(label), address: contracts.pool, abi: poolAbi, functionName });
        showToast({ content: t("messages.withdrawalSuccessful"), icon: "success" });
      } catch (error) {
        showToast({ content: failureText(error, t("messages.withdrawalFailed")), icon: "fail" });
      }
    },
    [contracts.pool, run, t],
  );
}
