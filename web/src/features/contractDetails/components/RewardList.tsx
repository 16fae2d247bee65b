import type { StakeRewards } from "@dwn/api";
import { useCallback } from "react";
import { useTranslation } from "../../../i18n/react";
import { InfiniteList, type FetchPage } from "../../../components/InfiniteList";
import { NotConnected } from "../../../components/NotConnected";
import { Section } from "../../../components/Section";
import { useApi } from "../../../lib/api";
import { stakeRecordsKey } from "../../../lib/queryKeys";
import { IndexerLagNotice, useIndexerLag } from "../../tx";
import { useWallet } from "../../wallet";
import { RewardRow } from "./RewardRow";

type Row = StakeRewards["list"][number];

/** The stake's reward and claim records, 10 a page from stake/getStakeById; the placeholder when not signed in. */
export function RewardList({ id }: { id: string }) {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const call = useApi();
  const lag = useIndexerLag();
  const fetchPage = useCallback<FetchPage<Row>>(
    async (page, size) => ({
      items: (await call("stake/getStakeById", { id, page: String(page), limit: String(size) })).list,
    }),
    [call, id],
  );
  return (
    <Section title={t("contractDetails.rewardRecord")} testId="reward-section">
      {hasLogin && account ? (
        <>
          <IndexerLagNotice lag={lag} />
          <InfiniteList
            queryKey={[...stakeRecordsKey(account), id, "pages"]}
            fetchPage={fetchPage}
            itemKey={(row, index) => ("collect_id" in row ? row.collect_id : `reward:${row.timestamp}:${index}`)}
            renderItem={(row) => <RewardRow row={row} />}
            testId="reward-list"
          />
        </>
      ) : (
        <NotConnected what="rewards" />
      )}
    </Section>
  );
}
