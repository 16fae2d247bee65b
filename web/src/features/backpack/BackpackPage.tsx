import type { Nft } from "@dwn/api";
import { useCallback } from "react";
import { useTranslation } from "../../i18n/react";
import { InfiniteList, type FetchPage } from "../../components/InfiniteList";
import { NotConnected } from "../../components/NotConnected";
import { PageNavBar } from "../../components/PageNavBar";
import { Section } from "../../components/Section";
import { useApi } from "../../lib/api";
import { nftListKey } from "../../lib/queryKeys";
import { IndexerLagNotice, useIndexerLag } from "../tx";
import { useWallet } from "../wallet";
import { NftRow } from "./components/NftRow";

/** /backpack: the signed-in user's NFTs, paged from NFT/getNFTList, newest first. */
export function BackpackPage() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const call = useApi();
  const lag = useIndexerLag();
  const fetchPage = useCallback<FetchPage<Nft>>(
    async (page, size) => ({ items: await call("NFT/getNFTList", { page: String(page), limit: String(size) }) }),
    [call],
  );
  return (
    <div data-testid="backpack-page">
      <PageNavBar title={t("backpack.title")} back />
      <IndexerLagNotice lag={lag} />
      <Section testId="backpack-section">
        {hasLogin && account ? (
          <InfiniteList
            queryKey={nftListKey(account)}
            fetchPage={fetchPage}
            itemKey={(nft) => nft.token_id}
            renderItem={(nft) => <NftRow nft={nft} />}
            testId="backpack-list"
          />
        ) : (
          <NotConnected height={350} what="nfts" />
        )}
      </Section>
    </div>
  );
}
