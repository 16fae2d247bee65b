import { useQuery } from "@tanstack/react-query";
import { useLanguage } from "../../../i18n/useLanguage";
import { useApi } from "../../../lib/api";

/** The newest announcement in the current language, or null when there is none. */
export function useLatestNotice() {
  const call = useApi();
  const language = useLanguage();
  return useQuery({
    queryKey: ["notice/getList", "latest", language],
    queryFn: async () => (await call("notice/getList", { page: "1", limit: "1" }))[0] ?? null,
  });
}
