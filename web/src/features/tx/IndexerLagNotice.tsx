import NoticeBar from "antd-mobile/es/components/notice-bar";
import { useTranslation } from "../../i18n/react";
import type { IndexerLag } from "./useIndexerLag";

/** Above a list the indexer fills: says so while the user's latest transaction is not in it yet. */
export function IndexerLagNotice({ lag }: { lag: IndexerLag }) {
  const { t } = useTranslation();
  if (!lag.behind || lag.block === undefined) return null;
  return (
    <div data-testid="indexer-behind">
      <NoticeBar
        color="info"
        wrap
        content={t("tx.indexerBehind", { block: lag.block.toString(), indexed: String(lag.indexed ?? 0) })}
      />
    </div>
  );
}
