import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { i18n as appI18n } from "./instance";
import type { I18n, Namespace, TFunction } from "./translate";

const I18nContext = createContext<I18n>(appI18n);

/** Puts `i18n` in place of the app's own for the tree below (the tests render in a language of their own). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * `const { t } = useTranslation(namespace)`: translates keys of `namespace` ("translation" when
 * none) in the language in use, rendering again when it changes.
 */
export function useTranslation<N extends Namespace = "translation">(namespace?: N): { t: TFunction<N>; i18n: I18n } {
  const i18n = useContext(I18nContext);
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const t = useMemo(() => i18n.getFixedT<N>(language, namespace), [i18n, language, namespace]);
  return { t, i18n };
}
