import type { Locale } from "antd-mobile/es/locales/base";
import type { LanguageCode } from "./languages";

/** antd-mobile's two bundled languages: Chinese for the Chinese interfaces, English for the others. */
type AntdLanguage = "zh-cn" | "en-us";
const antdLanguageOf = (code: LanguageCode): AntdLanguage => (code.startsWith("zh") ? "zh-cn" : "en-us");

const loaded = new Map<AntdLanguage, Locale>();

/**
 * Loads antd-mobile's own texts (dialog buttons, pickers) for `code` with the language's strings:
 * each travels in its language's chunk (locales/*.ts), so a first visit in Chinese never
 * downloads the English ones.
 */
export async function loadAntdLocale(code: LanguageCode): Promise<void> {
  const language = antdLanguageOf(code);
  if (loaded.has(language)) return;
  const locale =
    language === "zh-cn" ? (await import("./locales/zh-cn")).antdZhCn : (await import("./locales/en-us")).antdEnUs;
  loaded.set(language, locale);
}

/** antd-mobile's texts for `code`, once loaded (loadAntdLocale). */
export function antdLocaleOf(code: LanguageCode): Locale | undefined {
  return loaded.get(antdLanguageOf(code));
}
