import type { Income } from "@dwn/api";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { InfiniteList, type FetchPage } from "../../components/InfiniteList";
import { NotConnected } from "../../components/NotConnected";
import { PageNavBar } from "../../components/PageNavBar";
import { Section } from "../../components/Section";
import { useApi } from "../../lib/api";
import { incomeListKey } from "../../lib/queryKeys";
import { IndexerLagNotice, useIndexerLag } from "../tx";
import { useWallet } from "../wallet";
import { DaysFilter } from "./components/DaysFilter";
import { IncomeRow } from "./components/IncomeRow";
import { IncomeSummary } from "./components/IncomeSummary";
import { TypeFilter } from "./components/TypeFilter";
import { incomeQuery, timeRange, type IncomeFilter, type PickedDays } from "./utils/incomes";

/** /incomeLog: cumulative gains, what is withdrawable, and the income log filtered by type and days. */
export function IncomeLogPage() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const call = useApi();
  const lag = useIndexerLag();
  const [filter, setFilter] = useState<IncomeFilter>("all");
  const [days, setDays] = useState<PickedDays>({});
  const picked = timeRange(days);
  const startTime = "range" in picked ? picked.range?.start_time : undefined;
  const endTime = "range" in picked ? picked.range?.end_time : undefined;
  const query = useMemo(
    () => incomeQuery(filter, startTime && endTime ? { start_time: startTime, end_time: endTime } : undefined),
    [filter, startTime, endTime],
  );

  const fetchPage = useCallback<FetchPage<Income>>(
    async (page, size) => {
      const data = await call("NFT/getIncomeList", { ...query, page: String(page), limit: String(size) });
      return { items: data.list };
    },
    [call, query],
  );

  return (
    <div data-testid="income-log-page">
      <PageNavBar title={t("incomeLog.title")} back />
      <IncomeSummary />
      <Section testId="income-section">
        <TypeFilter value={filter} onChange={setFilter} />
        <DaysFilter value={days} onChange={setDays} />
        <IndexerLagNotice lag={lag} />
        {hasLogin && account ? (
          <InfiniteList
            queryKey={[...incomeListKey(account), "pages", query]}
            fetchPage={fetchPage}
            itemKey={(income, index) => `${income.tx_hash}:${income.type}:${index}`}
            renderItem={(income) => <IncomeRow income={income} />}
            testId="income-list"
          />
        ) : (
          <NotConnected height={350} what="income" />
        )}
      </Section>
    </div>
  );
}
