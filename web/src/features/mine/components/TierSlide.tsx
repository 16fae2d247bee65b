import Button from "antd-mobile/es/components/button";
import { useTranslation } from "../../../i18n/react";
import { formatMoney } from "../../../lib/money";
import type { Tier } from "../../../lib/reads/pool";
import { useTierDescription } from "../../shared/hooks/useTierDescription";
import { formatMultiple, tierImage, tierRemaining } from "../../shared/utils/tiers";
import { usePendingAction } from "../../tx/pending";
import { KnownSentence } from "../../shared/components/KnownSentence";
import styles from "./NftExchange.module.css";

/**
 * One tier of the carousel: image, price and description, power multiple, what is left, the
 * per-wallet limit with how many the user holds, and the buy button (disabled at the limit).
 * The picture and the description are the product's own: they are drawn at once, each figure of
 * the chain a placeholder (and the button disabled) until the pool's info() answers.
 */
export function TierSlide({
  id: tierId,
  tier,
  owned,
  loading,
  onBuy,
}: {
  id: bigint;
  /** The tier as the pool reads it; undefined until info() answers. */
  tier: Tier | undefined;
  /** How many of this tier the connected account holds; undefined when not connected or not read yet. */
  owned: bigint | undefined;
  loading: boolean;
  onBuy: (tier: Tier) => void;
}) {
  const { t } = useTranslation();
  const describe = useTierDescription();
  const id = tierId.toString();
  const usdtprice = tier && formatMoney("price", tier.usdtprice);
  const atLimit = tier !== undefined && owned !== undefined && owned >= tier.limit;
  // A purchase of this tier (or its approval) still pending cannot be started again.
  const { isPending, pendingText } = usePendingAction();
  const pending = isPending("buy", id);
  return (
    <article className={styles.slide} data-testid={`tier-${id}`}>
      <img className={styles.image} src={tierImage(tierId)} alt="" width={150} height={150} />
      <h3 className={styles.name} data-testid={`tier-${id}-title`}>
        <KnownSentence
          translate={(values) => t("mine.tierTitle", values)}
          values={{ usdtprice, description: describe(tierId) }}
        />
      </h3>
      <p className={styles.power} data-testid={`tier-${id}-power`}>
        <KnownSentence
          translate={(values) => t("mine.tierPower", values)}
          values={{ multiple: tier && formatMultiple(tier.multiple) }}
        />
      </p>
      <p className={styles.remaining} data-testid={`tier-${id}-remaining`}>
        <KnownSentence
          translate={(values) => t("mine.remaining", values)}
          values={{ count: tier && tierRemaining(tier).toString() }}
        />
      </p>
      <p className={styles.remaining} data-testid={`tier-${id}-limit`}>
        {owned === undefined ? (
          <KnownSentence translate={(values) => t("mine.limit", values)} values={{ limit: tier?.limit.toString() }} />
        ) : (
          <KnownSentence
            translate={(values) => t("mine.limitOwned", values)}
            values={{ limit: tier?.limit.toString(), owned: owned.toString() }}
          />
        )}
      </p>
      <Button
        block
        disabled={tier === undefined || atLimit || pending}
        color="primary"
        size="small"
        loading={loading}
        aria-label={loading && usdtprice ? t("mine.buyButton", { usdtprice }) : undefined}
        onClick={() => {
          if (tier) onBuy(tier);
        }}
        data-testid={`tier-${id}-buy`}
      >
        {pending ? (
          pendingText
        ) : atLimit ? (
          t("mine.limitReached")
        ) : (
          <KnownSentence translate={(values) => t("mine.buyButton", values)} values={{ usdtprice }} />
        )}
      </Button>
    </article>
  );
}
