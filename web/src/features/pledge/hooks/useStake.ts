import { useCallback, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { maxUint256 } from "viem";
import { stakingAbi, tokenAbi } from "@dwn/contracts";
import { showToast } from "../../../components/toast";
import { readStakePayView, readStakeView } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { failureText, useTransaction } from "../../tx";
import { useWallet } from "../../wallet";
import { approvalsNeeded, insufficientToken, stakeTotals } from "../utils/amounts";
import { stakeArgs, type StakeTermsShown } from "../utils/stakeFee";
import { SYMBOL } from "../../shared/utils/tokens";

/** The terms the page showed when the user pressed Stake: the stake is held to them. */
export type ShownTerms = StakeTermsShown;

/** Spec §9: "Successful pledge" shows 1 s after the stake is confirmed. */
export const SUCCESS_TOAST_DELAY_MS = 1_000;

/**
 * The stake flow of spec §4 "Staking": check both totals against the balances (each shortfall
 * stops it with its message), show a blocking loading message, approve DWN then A8 for 2^256 − 1
 * where the allowance is short, send the quote-bound stake(units, maxDwn, maxA8, cycleDays,
 * minReward, maxUnstakeFeeRate, maxCollectFeeRate, minGracePeriod) held to every term the page
 * showed (terms changed since revert with StakingTermsMoved instead of taking more, charging
 * higher fees, shortening the redeem window or locking longer), and say "Successful pledge" a
 * second after.
 * Any step that throws ends it with a failure toast: the contract's or wallet's sentence, else
 * the spec's text for an approval ("Authorization failed") or the stake.
 */
export function useStake() {
  const { t } = useTranslation();
  const { account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const run = useTransaction();
  const [busy, setBusy] = useState(false);

  const stake = useCallback(
    async (units: bigint, shown: ShownTerms) => {
      if (!account) return;
      const fail = (error: unknown, fallback: string) =>
        showToast({ content: failureText(error, fallback), icon: "fail" });
      setBusy(true);
      try {
        // Fresh figures, not the cached ones on screen: the check and the approvals rely on them.
        let totals, pay;
        try {
          const [view, payView] = await Promise.all([
            readStakeView(client, contracts.staking),
            readStakePayView(client, { staking: contracts.staking, account }),
          ]);
          totals = stakeTotals(view, units);
          pay = payView;
        } catch (error) {
          return fail(error, t("common.failedToGetData"));
        }
        const short = insufficientToken(totals, pay);
        if (short) {
          showToast({ content: t(short === "dwn" ? "messages.insufficientDwn" : "messages.insufficientA8") });
          return;
        }
        showToast({ icon: "loading", content: t("pledge.processing"), duration: 0, maskClickable: false });
        for (const token of approvalsNeeded(totals, pay)) {
          try {
            await run({
              label: { key: "tx.approve", values: { token: SYMBOL[token] } },
              action: { kind: "stake" },
              address: contracts[token],
              abi: tokenAbi,
              functionName: "approve",
              args: [contracts.staking, maxUint256],
            });
          } catch (error) {
            return fail(error, t("messages.authorizationFailed"));
          }
        }
        try {
          await run({
            label: { key: "tx.stake" },
            action: { kind: "stake" },
            address: contracts.staking,
            abi: stakingAbi,
            functionName: "stake",
            args: stakeArgs(units, shown),
          });
        } catch (error) {
          return fail(error, t("messages.pledgeFailed"));
        }
        // run() has refreshed every query on the receipt: the stake view, the balances and the
        // pay view on this screen among them. The loading message stays until the success toast.
        setTimeout(
          () => showToast({ content: t("messages.pledgeSuccessful"), icon: "success" }),
          SUCCESS_TOAST_DELAY_MS,
        );
      } finally {
        setBusy(false);
      }
    },
    [account, client, contracts, run, t],
  );

  return { stake, busy };
}
