import { useTranslation } from "react-i18next";
import { readLanguageCookie } from "./languageCookie";
import { isLanguageCode, type LanguageCode } from "./languages";

/** The language in use, re-rendering on change (query keys include it so data follows). */
export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  const code = i18n.resolvedLanguage ?? i18n.language;
  return isLanguageCode(code) ? code : readLanguageCookie(document.cookie);
}
