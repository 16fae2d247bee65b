import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { Section } from "../../../components/Section";
import { known } from "../../../components/Placeholder";
import { formatMoney } from "../../../lib/money";
import { readStakePayView } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { KnownSentence } from "../../shared/components/KnownSentence";
import { useFeeRates } from "../../shared/hooks/useFeeRates";
import { useStakeView } from "../../shared/hooks/useStakeView";
import { ConnectButton, useWallet } from "../../wallet";
import { LazyNetworkFee } from "../../tx/LazyNetworkFee";
import type { FeeRequest } from "../../tx/networkFee";
import { usePendingAction } from "../../tx/pending";
import { useStake } from "../hooks/useStake";
import { useRewardRate } from "../hooks/useRewardRate";
import { useStakePayView } from "../hooks/useStakePayView";
import { graceHours, maxUnits, stakeTotals } from "../utils/amounts";
import { stakeArgs, stakeFeePlan, type StakeTermsShown } from "../utils/stakeFee";
import { SYMBOL } from "../../shared/utils/tokens";
import { MIN_UNITS } from "../utils/units";
import { ReserveCard } from "./ReserveCard";
import { StakeTerms } from "./StakeTerms";
import { UnitsStepper } from "./UnitsStepper";
import styles from "./ProductsTab.module.css";
import { formatDecimal } from "../../../lib/format";
import { ServedBlockNote } from "../../../components/ServedBlockNote";

/**
 * The "financial products" tab (spec §2): the units stepper, the DWN and A8 the units cost,
 * the user's balances (placeholders until read, or when not connected), the cycle, the pledge instructions, and the stake
 * button (a connect button when not connected), which sends the stake held to every term shown
 * (prices, cycle, reward rate, both fee rates, redeem window), with the network fee of what it
 * sends (approvals, then the stake); below them, the reward reserve.
 */
export function ProductsTab() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const view = useStakeView();
  const pay = useStakePayView();
  const rate = useRewardRate();
  const fees = useFeeRates();
  const { stake, busy } = useStake();
  // A stake (or its approval) still pending, after a reload or from another tab, is not sent twice.
  const { isPending, pendingText } = usePendingAction();
  const pending = isPending("stake");
  const [units, setUnits] = useState(MIN_UNITS);

  const totals = view.data && stakeTotals(view.data, units);
  const amount = (text: string, token: string) => t("pledge.tokenAmount", { amount: text, token });
  const balances = account ? pay.data : undefined;
  const max = view.data && balances && maxUnits(view.data, balances);
  // Every term on this page, as shown: the stake reverts rather than take other ones.
  const shown: StakeTermsShown | undefined =
    totals && view.data && rate.data !== undefined && fees.data
      ? {
          ...totals,
          cycleDays: view.data.cycle,
          rewardPerUnitPerSecond: rate.data,
          unstakeFeeRate: fees.data.unstakeFeeRate,
          collectFeeRate: fees.data.collectFeeRate,
          gracePeriod: view.data.gracePeriod,
        }
      : undefined;
  // The allowances are read fresh when the fee is estimated: they decide which steps there are.
  const fee: FeeRequest | undefined =
    hasLogin && account && shown
      ? {
          account,
          key: ["stake", contracts.staking, ...stakeArgs(units, shown).map(String)],
          plan: async () =>
            stakeFeePlan(
              units,
              shown,
              await readStakePayView(client, { staking: contracts.staking, account }),
              contracts,
            ),
        }
      : undefined;
  return (
    <>
      <Section
        title={t("pledge.quantity")}
        extra={<UnitsStepper value={units} onChange={setUnits} max={max} />}
        testId="pledge-quantity"
      >
        <h3 className={styles.heading}>{t("pledge.requiredAmounts")}</h3>
        <dl className={styles.list}>
          <dt>{SYMBOL.dwn}</dt>
          <dd data-testid="pledge-dwn-total">
            {known(totals?.dwn, (v) => amount(formatMoney("price", v), SYMBOL.dwn))}
          </dd>
          <dt>{SYMBOL.a8}</dt>
          <dd data-testid="pledge-a8-total">{known(totals?.a8, (v) => amount(formatMoney("price", v), SYMBOL.a8))}</dd>
        </dl>
        <h3 className={styles.heading}>{t("pledge.balance")}</h3>
        <dl className={styles.list}>
          <dt>{SYMBOL.dwn}</dt>
          <dd data-testid="pledge-dwn-balance">
            {known(balances?.dwnbalance, (v) => amount(formatMoney("balance", v), SYMBOL.dwn))}
          </dd>
          <dt>{SYMBOL.a8}</dt>
          <dd data-testid="pledge-a8-balance">
            {known(balances?.a8balance, (v) => amount(formatMoney("balance", v), SYMBOL.a8))}
          </dd>
        </dl>
        <dl className={styles.list}>
          <dt>{t("pledge.cycle")}</dt>
          <dd data-testid="pledge-cycle">
            {known(view.data, (v) => t("common.days", { days: formatDecimal(v.cycle, 0) }))}
          </dd>
        </dl>
        <ServedBlockNote queries={[view]} />
      </Section>
      <StakeTerms units={units} />
      <Section title={t("pledge.instructions")} testId="pledge-instructions-section">
        <p className={styles.text} data-testid="pledge-instructions">
          {/* The sentence at once, its two figures placeholders until stakeView() answers. */}
          <KnownSentence
            translate={(values) => t("pledge.instructionsText", values)}
            values={{
              cycle: view.data && String(view.data.cycle),
              gracePeriod: view.data && graceHours(view.data.gracePeriod),
            }}
          />
        </p>
        <ServedBlockNote queries={[view]} />
        {account ? (
          <>
            <LazyNetworkFee request={fee} />
            <Button
              block
              color="primary"
              size="large"
              loading={busy}
              aria-label={busy ? t("pledge.stake") : undefined}
              disabled={!totals || !pay.data || rate.data === undefined || !fees.data || pending}
              onClick={() => {
                if (shown) void stake(units, shown);
              }}
              data-testid="pledge-stake"
            >
              {pending ? pendingText : t("pledge.stake")}
            </Button>
          </>
        ) : (
          <ConnectButton block size="large" testId="pledge-connect" />
        )}
      </Section>
      <ReserveCard />
    </>
  );
}
