import type { TFunction } from "../../../i18n/translate";
import { useCallback, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { poolAbi, tokenAbi } from "@dwn/contracts";
import { showToast } from "../../../components/toast";
import { readAllowances, readBalances } from "../../../lib/reads/erc20";
import type { BuyQuote } from "../../../lib/reads/pool";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useReadErrorText } from "../../../lib/useReadErrorText";
import { failureText, useTransaction } from "../../tx";
import { useWallet } from "../../wallet";
import { whileBlocking } from "../utils/blockingToast";
import { buyArgs } from "../utils/purchase";
import { purchase, type PurchaseOutcome } from "../utils/purchaseFlow";

/** The toast that ends a purchase (spec §8 "Purchase"). */
function outcomeToast(outcome: PurchaseOutcome, t: TFunction<"translation">, readError: (error: unknown) => string) {
  if (outcome.ok) return { content: t("messages.purchaseSuccessful"), icon: "success" as const };
  switch (outcome.stage) {
    case "balance":
      return { content: t(outcome.problem), icon: "fail" as const };
    case "read":
      return { content: readError(outcome.error), icon: "fail" as const };
    case "approve":
      return { content: failureText(outcome.error, t("messages.authorizationFailed")), icon: "fail" as const };
    case "buy":
      return { content: failureText(outcome.error, t("messages.subscriptionFailed")), icon: "fail" as const };
  }
}

/**
 * `buy(quote, onSending)` buys one NFT with the connected wallet: balance checks, allowances,
 * exact approvals when short, then `buy(id, maxUsdt, maxDwn8, minHashrate)` with the quote's own
 * figures, each write through the transaction banner.
 * `onSending` runs as the buy itself is sent. Ends with the outcome's toast.
 */
export function useBuyNft() {
  const { t } = useTranslation();
  const { account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const run = useTransaction();
  const readError = useReadErrorText();
  const [busy, setBusy] = useState(false);

  const buy = useCallback(
    async (quote: BuyQuote, onSending: () => void) => {
      if (!account) return;
      const { usdt, dwn9, pool } = contracts;
      setBusy(true);
      const outcome = await purchase(quote, {
        readBalances: () => readBalances(client, { tokens: { usdt, dwn9 }, account }),
        readAllowances: () => readAllowances(client, { tokens: { usdt, dwn9 }, owner: account, spender: pool }),
        whileAuthorizing: (work) => whileBlocking(t("buy.authorizing"), work),
        approve: ({ token, symbol, amount }) =>
          run({
            label: { key: "tx.approve", values: { token: symbol } },
            action: { kind: "buy", target: String(quote.id) },
            address: contracts[token],
            abi: tokenAbi,
            functionName: "approve",
            args: [pool, amount],
          }),
        sending: onSending,
        buy: () =>
          run({
            label: { key: "tx.buy" },
            action: { kind: "buy", target: String(quote.id) },
            address: pool,
            abi: poolAbi,
            functionName: "buy",
            args: buyArgs(quote),
          }),
      });
      setBusy(false);
      showToast(outcomeToast(outcome, t, readError));
    },
    [account, client, contracts, readError, run, t],
  );
  return { buy, busy };
}
