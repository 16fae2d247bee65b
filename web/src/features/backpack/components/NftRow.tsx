import type { Nft } from "@dwn/api";
import { useTranslation } from "../../../i18n/react";
import { ExplorerLink } from "../../../components/ExplorerLink";
import { parseAmount } from "../../../lib/amount";
import { formatTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import { useTierDescription } from "../../shared/hooks/useTierDescription";
import { tierImage } from "../../shared/utils/tiers";
import { nftPower } from "../utils/nftPower";
import styles from "./NftRow.module.css";

/** One NFT: its tier's image and name, token id, computing power, price and when it was bought. */
export function NftRow({ nft }: { nft: Nft }) {
  const { t } = useTranslation();
  const describe = useTierDescription();
  return (
    <article className={styles.row} data-testid="nft-row">
      <img className={styles.image} src={tierImage(nft.tier)} alt="" width={64} height={64} />
      <div className={styles.body}>
        <h3 className={styles.name}>
          <span data-testid="nft-tier">{describe(nft.tier)}</span>
          <span className={styles.id} data-testid="nft-token-id">
            #{nft.token_id}
          </span>
        </h3>
        <dl className={styles.facts}>
          <dt>{t("backpack.power")}</dt>
          <dd data-testid="nft-power">{formatMoney("figure", nftPower(nft))}</dd>
          <dt>{t("backpack.amount")}</dt>
          <dd data-testid="nft-amount">{formatMoney("price", parseAmount(nft.usdtprice))} USDT</dd>
          <dt>{t("backpack.getTime")}</dt>
          <dd data-testid="nft-time">{formatTime(nft.create_time)}</dd>
        </dl>
        <ExplorerLink hash={nft.tx_hash} />
      </div>
    </article>
  );
}
