import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/react";
import { estimateGas } from "viem/actions";
import { Placeholder } from "../../components/Placeholder";
import { addNamespace } from "../../i18n/lazyNamespace";
import { useRuntimeConfig } from "../../lib/runtime";
import { usePublicClient } from "../../lib/usePublicClient";
import { estimateNetworkFee, formatNetworkFee, type FeeEstimate, type FeeRequest } from "./networkFee";
import { networkFeeStrings } from "./networkFeeStrings";
import styles from "./NetworkFee.module.css";

/** An estimate is as fresh as the reads beside it. */
const FEE_STALE_MS = 10_000;

/**
 * The estimate of `request` while its popup is open (undefined: nothing to estimate, no
 * query): eth_estimateGas of each call the confirm will send, from the user's account, × 3 gwei.
 * A failure is tried once more, then is the line's own sentence with a button to ask again, not
 * the screen's read-failure notice (`ownRetry`).
 */
export function useNetworkFee(request: FeeRequest | undefined) {
  const client = usePublicClient();
  const { chain } = useRuntimeConfig();
  return useQuery({
    queryKey: ["networkFee", chain.id, request?.account, ...(request?.key ?? [])],
    queryFn: async (): Promise<FeeEstimate> => {
      if (!request) throw new Error("Nothing to estimate.");
      const { account, plan } = request;
      return estimateNetworkFee(({ to, data }) => estimateGas(client, { account, to, data }), await plan());
    },
    enabled: request !== undefined,
    staleTime: FEE_STALE_MS,
    retry: 1,
    meta: { ownRetry: true },
  });
}

/**
 * A confirm popup's "Network fee ≈ 0.000246 BNB" (issue 22 item 11): the placeholder while it
 * is estimated, a sentence when it cannot be; with approvals in front of the call, the fee of
 * the approvals and the word that the call's own is estimated after them. It never holds the
 * confirm button back.
 */
export function NetworkFee({ request }: { request: FeeRequest | undefined }) {
  const { i18n } = useTranslation();
  addNamespace(i18n, "networkFee", networkFeeStrings);
  const { t } = useTranslation("networkFee");
  const { chain } = useRuntimeConfig();
  const fee = useNetworkFee(request);
  if (!request) return null;
  let value;
  if (fee.data) {
    const { amount, below } = formatNetworkFee(fee.data.wei);
    const { later, steps } = fee.data;
    value = (
      <>
        <span className={styles.amount} data-testid="network-fee-amount" data-wei={fee.data.wei.toString()}>
          {t(below ? "below" : "about", { amount, coin: chain.currency.symbol })}
        </span>
        {later && (
          <span className={styles.note} data-testid="network-fee-later">
            {t(later === "purchase" ? "purchaseLater" : "stakeLater", { count: steps })}
          </span>
        )}
      </>
    );
  } else if (fee.isError) {
    value = (
      <span className={styles.note} data-testid="network-fee-failed">
        {t("failed")}{" "}
        <button
          type="button"
          className={styles.retry}
          onClick={() => void fee.refetch()}
          data-testid="network-fee-retry"
        >
          {t("retry")}
        </button>
      </span>
    );
  } else {
    value = <Placeholder />;
  }
  return (
    <p className={styles.fee} data-testid="network-fee">
      <span className={styles.label}>{t("label")}</span> {value}
    </p>
  );
}
