import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "../../../components/Section";
import { showToast } from "../../../components/toast";
import { Placeholder } from "../../../components/Placeholder";
import type { Tier } from "../../../lib/reads/pool";
import { useReadErrorText } from "../../../lib/useReadErrorText";
import { useFetchBuyQuote } from "../hooks/useBuyQuote";
import { useOwnedTiers } from "../hooks/useOwnedTiers";
import { useTiers } from "../hooks/useTiers";
import { isSoldOut } from "../../shared/utils/tiers";
import { TierSlide } from "./TierSlide";
import styles from "./NftExchange.module.css";

// Fetched on the first tap on a tier: the popup's animation code is not needed for the carousel.
const BuyPopup = lazy(() => import("./BuyPopup").then((m) => ({ default: m.BuyPopup })));

/** "NFT exchange": the tiers in a carousel; a tap checks what is left, fetches the quote and opens the buy popup. */
export function NftExchange() {
  const { t } = useTranslation();
  const tiers = useTiers();
  const fetchQuote = useFetchBuyQuote();
  const [opened, setOpened] = useState<bigint | undefined>();
  const [loading, setLoading] = useState<bigint | undefined>();
  const [popupWanted, setPopupWanted] = useState(false);
  const readError = useReadErrorText();
  const ids = useMemo(() => (tiers.data ?? []).map((tier) => tier.id), [tiers.data]);
  const owned = useOwnedTiers(ids);

  const open = async (tier: Tier) => {
    if (isSoldOut(tier)) {
      showToast({ content: t("messages.insufficientRemaining"), icon: "fail" });
      return;
    }
    setLoading(tier.id);
    try {
      await fetchQuote(tier.id);
      setPopupWanted(true);
      setOpened(tier.id);
    } catch (error) {
      showToast({ content: readError(error), icon: "fail" });
    } finally {
      setLoading(undefined);
    }
  };

  return (
    <Section title={t("mine.nftExchange")} testId="mine-exchange">
      <div className={styles.track} data-testid="tier-carousel">
        {tiers.data === undefined && <Placeholder />}
        {tiers.data?.map((tier, i) => (
          <TierSlide
            key={tier.id.toString()}
            tier={tier}
            owned={owned.data?.[i]}
            loading={loading === tier.id}
            onBuy={open}
          />
        ))}
      </div>
      {popupWanted && (
        <Suspense fallback={null}>
          <BuyPopup tierId={opened} onClose={() => setOpened(undefined)} />
        </Suspense>
      )}
    </Section>
  );
}
