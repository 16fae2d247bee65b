import type { LanguageCode } from "./languages";
import { useTranslation } from "./react";

/** The language in use, re-rendering on change (query keys include it so data follows). */
export function useLanguage(): LanguageCode {
  return useTranslation().i18n.language;
}
