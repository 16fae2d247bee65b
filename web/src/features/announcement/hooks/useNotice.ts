import { useQuery } from "@tanstack/react-query";
import { useLanguage } from "../../../i18n/useLanguage";
import { useApi } from "../../../lib/api";

/** One announcement (notice/getDetail), in the current language. */
export function useNotice(id: string | undefined) {
  const call = useApi();
  const language = useLanguage();
  return useQuery({
    queryKey: ["notice/getDetail", id, language],
    queryFn: () => call("notice/getDetail", { id: id ?? "" }),
    enabled: id !== undefined && /^\d+$/.test(id),
  });
}
