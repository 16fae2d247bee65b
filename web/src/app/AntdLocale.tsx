import ConfigProvider from "antd-mobile/es/components/config-provider";
import enUS from "antd-mobile/es/locales/en-US";
import zhCN from "antd-mobile/es/locales/zh-CN";
import type { ReactNode } from "react";
import { useLanguage } from "../i18n/useLanguage";

/** antd-mobile's own texts (dialog buttons, pickers) in the closer of its two bundled languages. */
export function AntdLocale({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <ConfigProvider locale={language.startsWith("zh") ? zhCN : enUS}>{children}</ConfigProvider>;
}
