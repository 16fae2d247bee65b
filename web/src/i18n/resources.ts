import type { LanguageCode } from "./languages";
import type { Bundle } from "./translate";
import type { ScreenCatalog } from "./locales/en-us-screens";
import type { FirstMessages, Messages } from "./locales/en-us";
import type { PartialMessages } from "./locales/partial";
import type { walletEnUs } from "./wallet-en-us";

/** The complete key set: the app's strings plus the wallet feature's "wallet." strings. */
export type AppMessages = Messages & typeof walletEnUs;
/** A language's strings: a first visit's (complete or partial), or all of them. */
export type Translation = AppMessages | (FirstMessages & typeof walletEnUs) | PartialMessages;

/**
 * Each language's strings for a first visit (the wallet feature's with them), in a chunk of its
 * own: a visitor downloads only the languages in use. The two complete languages are typed
 * against the full set, so a key missing from zh-cn (the wallet's included) is a type error,
 * not a runtime fallback.
 */
export const LOADERS: Record<LanguageCode, () => Promise<Translation>> = {
  "zh-cn": async (): Promise<FirstMessages & typeof walletEnUs> => {
    const { zhCn, walletZhCn } = await import("./locales/zh-cn");
    return { ...zhCn, ...walletZhCn };
  },
  "en-us": async (): Promise<FirstMessages & typeof walletEnUs> => {
    const { enUs, walletEnUs } = await import("./locales/en-us");
    return { ...enUs, ...walletEnUs };
  },
  "zh-tw": async () => (await import("./locales/zh-tw")).zhTw,
  "ja-jp": async () => (await import("./locales/ja-jp")).jaJp,
  "ko-kr": async () => (await import("./locales/ko-kr")).koKr,
  "ar-ae": async () => (await import("./locales/ar-ae")).arAe,
};

/**
 * The strings of the screens other than home (and of their popups and flows), for the
 * languages that have them: a chunk of their own per language, loaded with the first such
 * screen (i18n/index.ts), so a first visit to home does not download them.
 */
export const SCREEN_LOADERS: Partial<Record<LanguageCode, () => Promise<ScreenCatalog>>> = {
  "zh-cn": async () => (await import("./locales/zh-cn-screens")).zhCnScreens,
  "en-us": async () => (await import("./locales/en-us-screens")).enUsScreens,
};

/** `base` with `added`'s strings put in, group by group (a group both have gets the keys of both). */
export function mergeStrings(base: Bundle, added: Bundle): Bundle {
  const merged: Record<string, string | Bundle> = { ...base };
  for (const [key, value] of Object.entries(added)) {
    const before = merged[key];
    merged[key] =
      typeof value !== "string" && before !== undefined && typeof before !== "string"
        ? mergeStrings(before, value)
        : value;
  }
  return merged;
}

/**
 * The strings of `codes`, as the translation layer's resources (i18n/translate.ts): with the
 * screens' (SCREEN_LOADERS) unless `screens` is false, as the app's first visit asks.
 */
export async function loadResources(
  codes: readonly LanguageCode[],
  { screens = true }: { screens?: boolean } = {},
): Promise<Partial<Record<LanguageCode, { translation: Translation }>>> {
  const loaded = await Promise.all(
    codes.map(async (code) => {
      const [first, later] = await Promise.all([LOADERS[code](), screens ? SCREEN_LOADERS[code]?.() : undefined]);
      const translation = later ? (mergeStrings(first as Bundle, later as Bundle) as Translation) : first;
      return [code, { translation }] as const;
    }),
  );
  return Object.fromEntries(loaded);
}
