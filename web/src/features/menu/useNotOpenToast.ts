import { useCallback } from "react";
import { useTranslation } from "../../i18n/react";
import { showToast } from "../../components/toast";

/** Shows "Not open yet": what Market, Exchange and /notopen do instead of opening a screen. */
export function useNotOpenToast(): () => void {
  const { t } = useTranslation();
  return useCallback(() => {
    showToast({ content: t("common.notOpenYet") });
  }, [t]);
}
