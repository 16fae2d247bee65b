import { useTranslation } from "../../i18n/react";
import { Link } from "wouter";
import type { ScreenContext } from "../../app/screens";
import { publicClientFor } from "../../lib/chain";
import { UpcomingChanges } from "../changes/UpcomingChanges";
import { CollectSection } from "./components/CollectSection";
import { NftExchange } from "./components/NftExchange";
import { PowerCard } from "./components/PowerCard";
import { tiersQuery } from "./hooks/useTiers";
import styles from "./MinePage.module.css";
import { seed, seedServed } from "../../lib/served";
import { poolReserveQuery } from "./hooks/usePoolReserve";

/** /mine, "Assets": NFT computing power, the NFT tiers to buy, and the DWN income to collect (spec §2). */
export function MinePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="mine-page">
      <header className={styles.head}>
        <h1 className={styles.title}>{t("mine.title")}</h1>
        <Link to="/backpack" className={styles.link} data-testid="mine-my-nft">
          {t("mine.myNft")}
        </Link>
      </header>
      <UpcomingChanges scope="pool" />
      <PowerCard />
      <NftExchange />
      <CollectSection />
    </div>
  );
}

/**
 * The tiers fill the screen's largest part: from the page's figures (lib/served.ts) when it
 * carries them, else their read starts before the screen renders.
 */
export function prefetchMine({ queryClient, config }: ScreenContext): boolean {
  const client = publicClientFor(config);
  const { contracts } = config;
  const seeded = seedServed(queryClient, contracts, (figures) => [
    seed(tiersQuery(client, contracts.pool).queryKey, figures.tiers),
    seed(poolReserveQuery(client, contracts).queryKey, figures.poolReserve),
  ]);
  if (!seeded) void queryClient.prefetchQuery(tiersQuery(client, contracts.pool));
  return seeded;
}
