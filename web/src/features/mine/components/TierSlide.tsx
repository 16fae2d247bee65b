import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../../lib/format";
import type { Tier } from "../../../lib/reads/pool";
import { useTierDescription } from "../hooks/useTierDescription";
import { formatMultiple, tierImage, tierRemaining } from "../utils/tiers";
import styles from "./NftExchange.module.css";

/** One tier of the carousel: image, price and description, power multiple, what is left, and the buy button. */
export function TierSlide({ tier, loading, onBuy }: { tier: Tier; loading: boolean; onBuy: (tier: Tier) => void }) {
  const { t } = useTranslation();
  const describe = useTierDescription();
  const id = tier.id.toString();
  const usdtprice = formatAmount(tier.usdtprice);
  return (
    <article className={styles.slide} data-testid={`tier-${id}`}>
      <img className={styles.image} src={tierImage(tier.id)} alt="" width={150} height={150} />
      <h3 className={styles.name} data-testid={`tier-${id}-title`}>
        {t("mine.tierTitle", { usdtprice, description: describe(tier.id) })}
      </h3>
      <p className={styles.power} data-testid={`tier-${id}-power`}>
        {t("mine.tierPower", { multiple: formatMultiple(tier.multiple) })}
      </p>
      <p className={styles.remaining} data-testid={`tier-${id}-remaining`}>
        {t("mine.remaining", { count: tierRemaining(tier).toString() })}
      </p>
      <Button
        block
        color="primary"
        size="small"
        loading={loading}
        onClick={() => onBuy(tier)}
        data-testid={`tier-${id}-buy`}
      >
        {t("mine.buyButton", { usdtprice })}
      </Button>
    </article>
  );
}
