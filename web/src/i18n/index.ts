import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { languageCookie, readLanguageCookie } from "./languageCookie";
import { FALLBACK_LANGUAGES, LANGUAGES, languagesToLoad, textDirection, type LanguageCode } from "./languages";
import { loadResources } from "./resources";

/** Starts i18next in the language the `language` cookie names (zh-cn when none). */
export async function setupI18n(): Promise<void> {
  const language = readLanguageCookie(document.cookie);
  await i18n.use(initReactI18next).init({
    // Only the languages in use; another is added when chosen (changeLanguage below).
    resources: await loadResources(languagesToLoad(language)),
    lng: language,
    fallbackLng: FALLBACK_LANGUAGES,
    supportedLngs: [...LANGUAGES],
    // Keep codes as the spec writes them ("zh-cn", not "zh-CN") and never look up bare "zh".
    lowerCaseLng: true,
    load: "currentOnly",
    // React escapes output already.
    interpolation: { escapeValue: false },
  });
  applyToDocument(language);
}

/** Switches the language, remembers it in the cookie and updates `<html lang dir>`. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  const missing = languagesToLoad(code).filter((language) => !i18n.hasResourceBundle(language, "translation"));
  const loaded = await loadResources(missing);
  for (const [language, { translation }] of Object.entries(loaded)) {
    i18n.addResourceBundle(language, "translation", translation);
  }
  document.cookie = languageCookie(code);
  await i18n.changeLanguage(code);
  applyToDocument(code);
}

function applyToDocument(code: LanguageCode) {
  document.documentElement.lang = code;
  document.documentElement.dir = textDirection(code);
}

export { i18n };
