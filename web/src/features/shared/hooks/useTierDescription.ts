import { useCallback } from "react";
import { useTranslation } from "../../../i18n/react";
import { describedTier } from "../utils/tiers";

/** A tier's localized description (spec §3), or "#id" for an id the product does not describe. */
export function useTierDescription() {
  const { t } = useTranslation();
  return useCallback(
    (id: bigint | number) => {
      const key = describedTier(id);
      return key ? t(`mine.nftDescription.${key}`) : `#${id}`;
    },
    [t],
  );
}
