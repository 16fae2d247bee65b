import { loadAntdLocale } from "./antdLocale";
import { i18n } from "./instance";
import { languageCookie, readLanguageCookie } from "./languageCookie";
import { languagesToLoad, textDirection, type LanguageCode } from "./languages";
import { loadResources } from "./resources";

/** Loads the strings of the language the `language` cookie names (zh-cn when none) and speaks it. */
export async function setupI18n(): Promise<void> {
  const language = readLanguageCookie(document.cookie);
  // Only the languages in use; another is added when chosen (changeLanguage below).
  await Promise.all([addLanguages(languagesToLoad(language)), loadAntdLocale(language)]);
  await i18n.changeLanguage(language);
  applyToDocument(language);
}

/** Switches the language, remembers it in the cookie and updates `<html lang dir>`. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await Promise.all([
    addLanguages(languagesToLoad(code).filter((language) => !i18n.hasResourceBundle(language, "translation"))),
    loadAntdLocale(code),
  ]);
  document.cookie = languageCookie(code);
  await i18n.changeLanguage(code);
  applyToDocument(code);
}

async function addLanguages(codes: readonly LanguageCode[]) {
  const loaded = await loadResources(codes);
  for (const code of codes) {
    const strings = loaded[code]?.translation;
    if (strings) i18n.addResourceBundle(code, "translation", strings);
  }
}

function applyToDocument(code: LanguageCode) {
  document.documentElement.lang = code;
  document.documentElement.dir = textDirection(code);
}

export { i18n };
