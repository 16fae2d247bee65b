import type { LanguageCode } from "./languages";
import type { Messages } from "./locales/en-us";
import type { PartialMessages } from "./locales/partial";
import type { walletEnUs } from "./wallet-en-us";

/** The complete key set: the app's strings plus the wallet feature's "wallet." strings. */
export type AppMessages = Messages & typeof walletEnUs;
export type Translation = AppMessages | PartialMessages;

/**
 * Each language's strings (the wallet feature's with them), in a chunk of its own: a visitor
 * downloads only the languages in use.
 * The two complete languages are typed against the full set, so a key missing from zh-cn
 * (the wallet's included) is a type error, not a runtime fallback.
 */
export const LOADERS: Record<LanguageCode, () => Promise<Translation>> = {
  "zh-cn": async (): Promise<AppMessages> => {
    const { zhCn, walletZhCn } = await import("./locales/zh-cn");
    return { ...zhCn, ...walletZhCn };
  },
  "en-us": async (): Promise<AppMessages> => {
    const { enUs, walletEnUs } = await import("./locales/en-us");
    return { ...enUs, ...walletEnUs };
  },
  "zh-tw": async () => (await import("./locales/zh-tw")).zhTw,
  "ja-jp": async () => (await import("./locales/ja-jp")).jaJp,
  "ko-kr": async () => (await import("./locales/ko-kr")).koKr,
  "ar-ae": async () => (await import("./locales/ar-ae")).arAe,
};

/** The strings of `codes`, as the translation layer's resources (i18n/translate.ts). */
export async function loadResources(
  codes: readonly LanguageCode[],
): Promise<Partial<Record<LanguageCode, { translation: Translation }>>> {
  const loaded = await Promise.all(codes.map(async (code) => [code, { translation: await LOADERS[code]() }] as const));
  return Object.fromEntries(loaded);
}
