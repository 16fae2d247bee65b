import type { LanguageCode } from "./languages";
import type { Bundle, I18n, Namespace } from "./translate";

/**
 * Strings that travel with a lazily loaded feature rather than in the first visit's strings: a
 * namespace of their own, added to the translations in use when the feature first renders (its
 * screens' `useTranslation(namespace)` then finds them, with the usual fallbacks).
 */
export function addNamespace(i18n: I18n, namespace: Namespace, strings: Partial<Record<LanguageCode, Bundle>>): void {
  for (const [language, bundle] of Object.entries(strings) as [LanguageCode, Bundle][]) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
  }
}
