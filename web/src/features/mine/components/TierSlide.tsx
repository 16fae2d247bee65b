import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/money";
import type { Tier } from "../../../lib/reads/pool";
import { useTierDescription } from "../../shared/hooks/useTierDescription";
import { formatMultiple, tierImage, tierRemaining } from "../../shared/utils/tiers";
import { usePendingAction } from "../../tx/pending";
import styles from "./NftExchange.module.css";

/**
 * One tier of the carousel: image, price and description, power multiple, what is left, the
 * per-wallet limit with how many the user holds, and the buy button (disabled at the limit).
 */
export function TierSlide({
  tier,
  owned,
  loading,
  onBuy,
}: {
  tier: Tier;
  /** How many of this tier the connected account holds; undefined when not connected or not read yet. */
  owned: bigint | undefined;
  loading: boolean;
  onBuy: (tier: Tier) => void;
}) {
  const { t } = useTranslation();
  const describe = useTierDescription();
  const id = tier.id.toString();
  const usdtprice = formatMoney("price", tier.usdtprice);
  const atLimit = owned !== undefined && owned >= tier.limit;
  // A purchase of this tier (or its approval) still pending cannot be started again.
  const { isPending, pendingText } = usePendingAction();
  const pending = isPending("buy", id);
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
      <p className={styles.remaining} data-testid={`tier-${id}-limit`}>
        {owned === undefined
          ? t("mine.limit", { limit: tier.limit.toString() })
          : t("mine.limitOwned", { limit: tier.limit.toString(), owned: owned.toString() })}
      </p>
      <Button
        block
        disabled={atLimit || pending}
        color="primary"
        size="small"
        loading={loading}
        aria-label={loading ? t("mine.buyButton", { usdtprice }) : undefined}
        onClick={() => onBuy(tier)}
        data-testid={`tier-${id}-buy`}
      >
        {pending ? pendingText : atLimit ? t("mine.limitReached") : t("mine.buyButton", { usdtprice })}
      </Button>
    </article>
  );
}
