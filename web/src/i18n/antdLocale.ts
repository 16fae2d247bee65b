import type { LanguageCode } from "./languages";

/** antd-mobile's two bundled languages: Chinese for the Chinese interfaces, English for the others. */
type AntdLanguage = "zh-cn" | "en-us";
const antdLanguageOf = (code: LanguageCode): AntdLanguage => (code.startsWith("zh") ? "zh-cn" : "en-us");

/** antd-mobile's own default is Chinese (its config-provider module imports its Chinese texts). */
let applied: AntdLanguage = "zh-cn";
/** The language of the latest call: a slower earlier one must not overwrite it. */
let wanted: AntdLanguage = "zh-cn";

/**
 * Puts antd-mobile's own texts (dialog buttons, pickers, the mask's name) in the closer of its
 * two bundled languages, as its default config, which every antd-mobile component reads when
 * it renders (toasts and dialogs rendered apart from the app's tree too). Called with the
 * language's strings, before the app renders in it. Chinese, antd-mobile's default, loads
 * nothing: its texts arrive with the first component that reads them, in that component's
 * chunk, so a first visit to home in Chinese downloads none. English loads its texts (in the
 * English strings' chunk, locales/en-us.ts) and the config module beside the strings.
 */
export async function loadAntdLocale(code: LanguageCode): Promise<void> {
  const language = (wanted = antdLanguageOf(code));
  if (language === applied) return;
  const [{ setDefaultConfig }, locale] = await Promise.all([
    import("antd-mobile/es/components/config-provider"),
    language === "zh-cn"
      ? import("antd-mobile/es/locales/zh-CN").then((m) => m.default)
      : import("./locales/en-us").then((m) => m.antdEnUs),
  ]);
  if (wanted !== language) return;
  setDefaultConfig({ locale });
  applied = language;
}
