import { useTranslation } from "../../i18n/react";
import type { ScreenContext } from "../../app/screens";
import { PageNavBar } from "../../components/PageNavBar";
import { Tabs } from "../../components/Tabs";
import { publicClientFor } from "../../lib/chain";
import { UpcomingChanges } from "../changes/UpcomingChanges";
import { stakeViewQuery } from "../shared/hooks/useStakeView";
import { ProductsTab } from "./components/ProductsTab";
import { RecordsTab } from "./components/RecordsTab";
import { usePersistedTab } from "./hooks/usePersistedTab";
import { PLEDGE_CURRENT_TAB } from "../shared/utils/storage";
import { seed, seedServed } from "../../lib/served";
import { rewardRateQuery } from "./hooks/useRewardRate";
import { feeRatesQuery } from "../shared/hooks/useFeeRates";

/** /pledge, the staking page (spec §2): "financial products" and "my finances", the tab kept in local storage. */
export function PledgePage() {
  const { t } = useTranslation();
  const [tab, setTab] = usePersistedTab(PLEDGE_CURRENT_TAB);
  return (
    <div data-testid="pledge-page">
      <PageNavBar title={t("pledge.title")} />
      <UpcomingChanges scope="staking" />
      <Tabs
        tabs={[
          { key: 0, title: <span data-testid="pledge-tab-products">{t("pledge.products")}</span> },
          { key: 1, title: <span data-testid="pledge-tab-records">{t("pledge.myFinances")}</span> },
        ]}
        active={tab}
        onChange={setTab}
      />
      {tab === 0 ? <ProductsTab /> : <RecordsTab />}
    </div>
  );
}

/**
 * The products tab's figures and sentence come from stakeView() and the staking terms: from the
 * page's figures (lib/served.ts) when it carries them, else stakeView()'s read starts before the
 * screen renders.
 */
export function prefetchPledge({ queryClient, config }: ScreenContext): boolean {
  const client = publicClientFor(config);
  const { staking } = config.contracts;
  const seeded = seedServed(queryClient, config.contracts, (figures) => [
    seed(stakeViewQuery(client, staking).queryKey, figures.stakeView),
    seed(rewardRateQuery(client, staking).queryKey, figures.rewardPerUnitPerSecond),
    seed(feeRatesQuery(client, staking).queryKey, figures.feeRates),
  ]);
  if (!seeded) void queryClient.prefetchQuery(stakeViewQuery(client, staking));
  return seeded;
}
