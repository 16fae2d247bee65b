import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "../../../i18n/react";
import { LazyNetworkFee } from "../../tx/LazyNetworkFee";
import type { FeeRequest } from "../../tx/networkFee";
import { feeEstimate, feeFigures } from "../../shared/utils/fees";
import styles from "./FeePopup.module.css";
import { useBackCloses } from "../../../components/useBackCloses";

/**
 * The principal (redeem) or income (claim) popup of spec §2: the token, the amount, the fee
 * rate in %, and the estimate (fee and receivable, computed as the contract pays them), the
 * network fee of the call the confirm sends (`networkFee`), and a confirm button.
 */
export function FeePopup({
  visible,
  title,
  token,
  amount,
  amountKind,
  rate,
  networkFee,
  busy,
  onConfirm,
  onClose,
  testId,
}: {
  visible: boolean;
  title: string;
  token: string;
  amount: bigint;
  /** What `amount` is: the claim's reward or the redeem's principal. */
  amountKind: "reward" | "principal";
  /** The fee rate in basis points; undefined while it loads. */
  rate: bigint | undefined;
  /** The call the confirm sends, for its network fee. */
  networkFee: FeeRequest | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // Back closes it, as its mask does: not while its transaction is on its way.
  useBackCloses(visible, () => {
    if (!busy) onClose();
  });
  const figures = rate === undefined ? undefined : feeFigures(amount, rate, amountKind);
  // The exact base units beside each shown (cut) figure, for whoever checks them against the chain.
  const exact = rate === undefined ? undefined : feeEstimate(amount, rate);
  const value = (figure: string | undefined) =>
    figure === undefined ? "" : t("pledge.tokenAmount", { amount: figure, token });
  return (
    <Popup visible={visible} onMaskClick={busy ? undefined : onClose} bodyClassName={styles.body} destroyOnClose>
      <div data-testid={testId}>
        <h2 className={styles.title}>{title}</h2>
        <dl className={styles.list}>
          <dt>{t("contractDetails.token")}</dt>
          <dd data-testid="popup-token">{token}</dd>
          <dt>{t("contractDetails.quantity")}</dt>
          <dd data-testid="popup-amount" data-value={exact?.amount.toString()}>
            {value(figures?.amount)}
          </dd>
          <dt>{t("contractDetails.feeRate")}</dt>
          <dd data-testid="popup-fee-rate">
            {figures ? t("contractDetails.feeRateValue", { rate: figures.rate }) : ""}
          </dd>
        </dl>
        <h3 className={styles.subtitle}>{t("contractDetails.estimate")}</h3>
        <dl className={styles.list}>
          <dt>{t("contractDetails.fee")}</dt>
          <dd data-testid="popup-fee" data-value={exact?.fee.toString()}>
            {value(figures?.fee)}
          </dd>
          <dt>{t("contractDetails.receivable")}</dt>
          <dd data-testid="popup-receivable" data-value={exact?.receivable.toString()}>
            {value(figures?.receivable)}
          </dd>
        </dl>
        <LazyNetworkFee request={visible ? networkFee : undefined} />
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={figures === undefined}
          onClick={onConfirm}
          data-testid="popup-confirm"
        >
          {t("common.confirm")}
        </Button>
      </div>
    </Popup>
  );
}
