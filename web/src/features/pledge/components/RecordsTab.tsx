import { useMemo } from "react";
import { useTranslation } from "../../../i18n/react";
import { useSearchParams } from "../../../app/hashRouter";
import { NoData } from "../../../components/NoData";
import { NotConnected } from "../../../components/NotConnected";
import { PageLoading } from "../../../components/PageLoading";
import { Tabs } from "../../../components/Tabs";
import { IndexerLagNotice, useIndexerLag } from "../../tx";
import { useWallet } from "../../wallet";
import { usePendingRewards } from "../../shared/hooks/usePendingRewards";
import { usePersistedTab } from "../hooks/usePersistedTab";
import { useStakeList } from "../../shared/hooks/useStakeList";
import { PLEDGE_RECORDS_ACTIVE } from "../../shared/utils/storage";
import { StakeRecordCard } from "./StakeRecordCard";

const STATUSES = [0, 1, 2] as const;

/**
 * The "my finances" tab (spec §2): one sub-tab per stake status (kept in local storage), the
 * signed-in user's stakes in it, or the not-connected placeholder. A notice says when the
 * user's latest transaction is not in the list yet; the list loads again once it is.
 */
export function RecordsTab() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const [active, setActive] = usePersistedTab(PLEDGE_RECORDS_ACTIVE);
  const lag = useIndexerLag();
  const status = STATUSES[active];
  return (
    <div data-testid="pledge-records">
      <Tabs
        tabs={STATUSES.map((s) => ({
          key: s,
          title: <span data-testid={`records-tab-${s}`}>{t(`stakeStatus.badge.${s}`)}</span>,
        }))}
        active={status}
        onChange={setActive}
      />
      {hasLogin && account ? (
        <>
          <IndexerLagNotice lag={lag} />
          <StakeRecordList key={status} status={status} />
        </>
      ) : (
        <NotConnected height={350} what="stakes" />
      )}
    </div>
  );
}

function StakeRecordList({ status }: { status: 0 | 1 | 2 }) {
  const params = useSearchParams();
  const list = useStakeList(status);
  const ids = useMemo(() => (list.data ?? []).map((record) => BigInt(record.id)), [list.data]);
  const pending = usePendingRewards(ids);
  if (!list.data) return <PageLoading />;
  if (list.data.length === 0) return <NoData />;
  return (
    <div data-testid="stake-list">
      {list.data.map((record, i) => (
        <StakeRecordCard
          key={record.id}
          record={record}
          status={status}
          pending={pending.data?.[i]}
          address={params.get("address")}
        />
      ))}
    </div>
  );
}
