import ConfigProvider from "antd-mobile/es/components/config-provider";
import type { ReactNode } from "react";
import { antdLocaleOf } from "../i18n/antdLocale";
import { useLanguage } from "../i18n/useLanguage";

/**
 * antd-mobile's own texts (dialog buttons, pickers) in the closer of its two bundled languages,
 * loaded with the language's strings (i18n/antdLocale.ts); its Chinese default until then.
 */
export function AntdLocale({ children }: { children: ReactNode }) {
  const locale = antdLocaleOf(useLanguage());
  return locale ? <ConfigProvider locale={locale}>{children}</ConfigProvider> : children;
}
