import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { stakingAbi } from "@dwn/contracts";
import { useGoBack } from "../../../components/useGoBack";
import { showToast } from "../../../components/toast";
import { useRuntimeConfig } from "../../../lib/runtime";
import { failureText, useTransaction } from "../../tx";
import { receivedText, withReceived } from "../../tx/received";
import { useWallet } from "../../wallet";
import { stakeListKey } from "../../shared/hooks/useStakeList";
import { PLEDGE_RECORDS_ACTIVE, tabIndexes } from "../../shared/utils/storage";

/**
 * Spec §9: the stake list reloads 2 s after a claim or a redeem, and after a redeem the screen
 * goes back. After a claim it stays on the stake (issue 22 item 9): its redeem window may still
 * be open, and claim then redeem is one visit.
 */
export const AFTER_ACTION_DELAY_MS = 2_000;

export type StakeAction = "claim" | "redeem";

/**
 * Claim (collect) or redeem stake `id` from the detail screen (spec §2 "After either confirm").
 * On success: the caller closes its popup, a success toast shows with what the receipt's event
 * paid, net of the fee ("· +2.91 UDBK"), and 2 s later the stake list of the sub-tab kept in
 * pledgeRecordsActive is reloaded and, after a redeem, the screen goes back. A failure
 * toasts the contract's or the wallet's sentence, else the spec's failure text.
 */
export function useStakeAction(id: bigint) {
  const { t } = useTranslation();
  const { account } = useWallet();
  const { contracts } = useRuntimeConfig();
  const run = useTransaction();
  const queryClient = useQueryClient();
  const goBack = useGoBack("/pledge");
  const [busy, setBusy] = useState<StakeAction | undefined>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const act = useCallback(
    async (action: StakeAction): Promise<boolean> => {
      const label = { key: action === "claim" ? "tx.claim" : "tx.redeem" } as const;
      const belongs = { kind: action, target: String(id) };
      setBusy(action);
      let received: string | undefined;
      try {
        const receipt =
          action === "claim"
            ? await run({
                label,
                action: belongs,
                address: contracts.staking,
                abi: stakingAbi,
                functionName: "collect",
                args: [id],
              })
            : await run({
                label,
                action: belongs,
                address: contracts.staking,
                abi: stakingAbi,
                functionName: "redeem",
                args: [id],
              });
        received = account && receivedText(receipt, account, contracts.staking);
      } catch (error) {
        const fallback = t(action === "claim" ? "messages.collectionFailed" : "messages.redeemFailed");
        showToast({ content: failureText(error, fallback), icon: "fail" });
        return false;
      } finally {
        if (mounted.current) setBusy(undefined);
      }
      showToast({
        content: withReceived(
          t(action === "claim" ? "messages.collectionSuccessful" : "messages.redeemSuccessful"),
          received,
        ),
        icon: "success",
      });
      setTimeout(() => {
        void queryClient.invalidateQueries({
          queryKey: stakeListKey(account, tabIndexes().read(PLEDGE_RECORDS_ACTIVE)),
        });
        if (!mounted.current || action === "claim") return;
        // As the nav bar's back: a screen opened directly from a link goes to the staking page.
        goBack();
      }, AFTER_ACTION_DELAY_MS);
      return true;
    },
    [account, contracts.staking, goBack, id, queryClient, run, t],
  );

  return { act, busy };
}
