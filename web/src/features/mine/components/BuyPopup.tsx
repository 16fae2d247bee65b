import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import type { ReactNode } from "react";
import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { formatMoney } from "../../../lib/money";
import { readAllowances } from "../../../lib/reads/erc20";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { LazyNetworkFee } from "../../tx/LazyNetworkFee";
import type { FeeRequest } from "../../tx/networkFee";
import { ConnectButton, useWallet } from "../../wallet";
import { useBuyNft } from "../hooks/useBuyNft";
import { useBuyQuote } from "../hooks/useBuyQuote";
import { usePayBalances } from "../hooks/usePayBalances";
import { useTierDescription } from "../../shared/hooks/useTierDescription";
import { buyFeePlan } from "../utils/buyFee";
import { balanceProblem, buyArgs } from "../utils/purchase";
import { formatMultiple, makeupValues } from "../../shared/utils/tiers";
import styles from "./BuyPopup.module.css";
import { useBackCloses } from "../../../components/useBackCloses";

function Row({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/**
 * The buy popup of spec §2: the quote of tier `tierId`, the balances that pay it, the network
 * fee of what the confirm sends (approvals, then the buy), and the confirm button.
 */
export function BuyPopup({ tierId, onClose }: { tierId: bigint | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { hasLogin, account } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const { data: quote } = useBuyQuote(tierId);
  const balances = usePayBalances();
  const describe = useTierDescription();
  const { buy, busy } = useBuyNft();
  useBackCloses(tierId !== undefined && quote !== undefined, onClose);
  // Said before Confirm: a balance that cannot pay the quote (the purchase would stop there anyway).
  const short = hasLogin && quote && balances.data ? balanceProblem(quote, balances.data) : null;
  // The allowances are read fresh when the fee is estimated: they decide which steps there are.
  const fee: FeeRequest | undefined =
    hasLogin && account && quote
      ? {
          account,
          key: ["buy", contracts.pool, ...buyArgs(quote).map(String)],
          plan: async () => {
            const { usdt, dwn9, pool } = contracts;
            const allowances = await readAllowances(client, { tokens: { usdt, dwn9 }, owner: account, spender: pool });
            return buyFeePlan(quote, allowances, contracts);
          },
        }
      : undefined;
  const balance = (value: bigint | undefined, unit: string) =>
    known(value, (v) => `${formatMoney("balance", v)} ${unit}`);

  return (
    <Popup
      visible={tierId !== undefined && quote !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.body}
      data-testid="buy-popup"
    >
      {quote && (
        <>
          <h2 className={styles.title} data-testid="buy-title">
            {t("buy.title", { payusdt: formatMoney("price", quote.payusdt), description: describe(quote.id) })}
          </h2>
          <h3 className={styles.heading}>{t("buy.paymentRequired")}</h3>
          <div className={styles.pay}>
            <output className={styles.field} data-testid="buy-pay-usdt">
              {formatMoney("price", quote.payusdt)}
            </output>
            <span>USDT</span>
          </div>
          <div className={styles.pay}>
            <output className={styles.field} data-testid="buy-pay-dwn9">
              {formatMoney("price", quote.paydwn8)}
            </output>
            <span>DWN9</span>
          </div>
          <Row label={t("buy.usdtBalance")} value={balance(balances.data?.usdt, "USDT")} testId="buy-usdt-balance" />
          <Row label={t("buy.dwn9Balance")} value={balance(balances.data?.dwn9, "DWN9")} testId="buy-dwn9-balance" />
          <div className={styles.heading}>
            <Row
              label={t("buy.getPower")}
              value={t("buy.multiple", { multiple: formatMultiple(quote.multiple) })}
              testId="buy-multiple"
            />
          </div>
          <Row label={t("buy.basePower")} value={formatMoney("figure", quote.hashrate)} testId="buy-hashrate" />
          <Row
            label={t("buy.compensation")}
            value={t("buy.compensationValue", makeupValues(quote))}
            testId="buy-makeup"
          />
          <Row
            label={t("buy.compensationPower")}
            value={formatMoney("figure", quote.makeupHashrate)}
            testId="buy-makeup-hashrate"
          />
          {short && (
            <p className={styles.warning} role="alert" data-testid="buy-short">
              {t(short)}
            </p>
          )}
          {fee && <LazyNetworkFee request={tierId === undefined ? undefined : fee} />}
          <div className={styles.actions}>
            {hasLogin ? (
              <Button
                block
                color="primary"
                loading={busy}
                onClick={() => void buy(quote, onClose)}
                data-testid="buy-confirm"
              >
                {t("buy.confirm")}
              </Button>
            ) : (
              <ConnectButton block testId="buy-connect" />
            )}
          </div>
        </>
      )}
    </Popup>
  );
}
