import type { i18n as I18n } from "i18next";
import type { LanguageCode } from "./languages";

/**
 * Strings that travel with a lazily loaded feature rather than in the first visit's strings: an
 * i18next namespace of their own, added to the i18n instance in use when the feature first
 * renders (its screens' `useTranslation(namespace)` then finds them, with the usual fallbacks).
 */
export function addNamespace(i18n: I18n, namespace: string, strings: Partial<Record<LanguageCode, object>>): void {
  for (const [language, bundle] of Object.entries(strings)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
  }
}
