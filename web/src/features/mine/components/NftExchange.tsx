import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { Section } from "../../../components/Section";
import { showToast } from "../../../components/toast";
import type { Tier } from "../../../lib/reads/pool";
import { useReadErrorText } from "../../../lib/useReadErrorText";
import { useFetchBuyQuote } from "../hooks/useBuyQuote";
import { useOwnedTiers } from "../hooks/useOwnedTiers";
import { useTiers } from "../hooks/useTiers";
import { isSoldOut, TIER_IDS } from "../../shared/utils/tiers";
import { TierSlide } from "./TierSlide";
import styles from "./NftExchange.module.css";
import { ServedBlockNote } from "../../../components/ServedBlockNote";

// Fetched on the first tap on a tier: the popup's animation code is not needed for the carousel.
const BuyPopup = lazy(() => import("./BuyPopup").then((m) => ({ default: m.BuyPopup })));

/**
 * "NFT exchange": the tiers in a carousel; a tap checks what is left, fetches the quote and opens
 * the buy popup. The pool's five tiers are drawn at once, their pictures and descriptions first,
 * and their figures fill in when info() answers (the carousel is the screen's largest part).
 */
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
  const slides: { id: bigint; tier?: Tier }[] =
    tiers.data?.map((tier) => ({ id: tier.id, tier })) ?? TIER_IDS.map((id) => ({ id }));

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
      {/* A region that scrolls sideways: focusable, so a keyboard can scroll it while its slides
          have nothing to focus (a visitor's, or before the tiers are read). */}
      <div
        className={styles.track}
        data-testid="tier-carousel"
        tabIndex={0}
        role="region"
        aria-label={t("mine.nftExchange")}
      >
        {slides.map(({ id, tier }, i) => (
          <TierSlide
            key={id.toString()}
            id={id}
            tier={tier}
            owned={owned.data?.[i]}
            loading={loading === id}
            onBuy={open}
          />
        ))}
      </div>
      <ServedBlockNote queries={[tiers]} />
      {popupWanted && (
        <Suspense fallback={null}>
          <BuyPopup tierId={opened} onClose={() => setOpened(undefined)} />
        </Suspense>
      )}
    </Section>
  );
}
