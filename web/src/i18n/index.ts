import { loadAntdLocale } from "./antdLocale";
import { i18n } from "./instance";
import { languageCookie, readLanguageCookie } from "./languageCookie";
import { languagesToLoad, textDirection, type LanguageCode } from "./languages";
import { loadResources, mergeStrings, SCREEN_LOADERS } from "./resources";
import type { Bundle } from "./translate";

/** The languages whose strings are in place, and whether the screens' strings are wanted with them. */
const languages = new Set<LanguageCode>();
let screensWanted = false;
/** The first languages' strings, while they load. */
let setup: Promise<void> | undefined;
/** The screens' strings of each language, as they load or once loaded. */
const screenStrings = new Map<LanguageCode, Promise<Bundle | undefined>>();
/** The languages whose screens' strings are in place. */
const merged = new Set<LanguageCode>();

/** Loads the strings of the language the `language` cookie names (zh-cn when none) and speaks it. */
export async function setupI18n(): Promise<void> {
  const language = readLanguageCookie(document.cookie);
  // Only the languages in use; another is added when chosen (changeLanguage below).
  await Promise.all([(setup = addLanguages(languagesToLoad(language))), loadAntdLocale(language)]);
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
  // The screens' strings, when wanted, are fetched beside the first ones, not after them.
  if (screensWanted) codes.forEach(fetchScreenStrings);
  const loaded = await loadResources(codes, { screens: false });
  await Promise.all(
    codes.map(async (code) => {
      const strings = loaded[code]?.translation;
      if (strings) i18n.addResourceBundle(code, "translation", strings);
      languages.add(code);
      // A failure is left to the screen that wants them, which asks again (loadScreenStrings).
      if (screensWanted) await addScreenStrings(code).catch(() => {});
    }),
  );
}

/** The screens' strings of `code` (none for a partial language), fetched once. */
function fetchScreenStrings(code: LanguageCode): Promise<Bundle | undefined> {
  let fetched = screenStrings.get(code);
  if (!fetched) {
    fetched = SCREEN_LOADERS[code]?.() ?? Promise.resolve(undefined);
    // A chunk that failed to load is asked for again next time.
    fetched.catch(() => screenStrings.delete(code));
    screenStrings.set(code, fetched);
  }
  return fetched;
}

/** Puts the screens' strings of `code` beside its first ones (added before), once. */
async function addScreenStrings(code: LanguageCode): Promise<void> {
  const strings = await fetchScreenStrings(code);
  const first = i18n.getResourceBundle(code, "translation");
  if (!strings || !first || merged.has(code)) return;
  merged.add(code);
  i18n.addResourceBundle(code, "translation", mergeStrings(first, strings));
}

/**
 * Adds the strings a first visit to home does not show, the other screens' and the transaction
 * flow's (i18n/resources.ts, SCREEN_LOADERS), to every language in use, now and whenever one is
 * added; resolves once they are in place. Each such screen loads them with its chunk
 * (app/screens.ts), as do the transaction banner, the wallet's popups and its recent
 * transactions, so none renders before its strings.
 */
export async function loadScreenStrings(): Promise<void> {
  screensWanted = true;
  await setup;
  await Promise.all([...languages].map(addScreenStrings));
}

function applyToDocument(code: LanguageCode) {
  document.documentElement.lang = code;
  document.documentElement.dir = textDirection(code);
}

export { i18n };
