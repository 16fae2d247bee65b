import type { Language as ApiLanguage } from "@dwn/api";

/** Interface languages of spec §1; zh-cn is the default. */
export const LANGUAGES = ["zh-cn", "zh-tw", "en-us", "ja-jp", "ko-kr", "ar-ae"] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = "zh-cn";

/** The picker offers only these two (spec §1), each named in its own language. */
export const PICKER_LANGUAGES: readonly { code: LanguageCode; name: string }[] = [
  { code: "zh-cn", name: "简体中文" },
  { code: "en-us", name: "English" },
];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(code: LanguageCode): "rtl" | "ltr" {
  return code === "ar-ae" ? "rtl" : "ltr";
}

/** The languages with every string; the others are partial and fall back. */
const COMPLETE: readonly LanguageCode[] = ["zh-cn", "en-us"];

/**
 * Where a missing string is looked up (i18n/translate.ts): Traditional Chinese readers
 * are better served by Simplified Chinese than by English; the other partial languages fall
 * back to English. The complete languages need no fallback.
 */
export const FALLBACK_LANGUAGES = {
  "zh-tw": ["zh-cn"],
  "ja-jp": ["en-us"],
  "ko-kr": ["en-us"],
  "ar-ae": ["en-us"],
  default: [],
} satisfies Partial<Record<LanguageCode, LanguageCode[]>> & { default: LanguageCode[] };

/** The languages whose strings showing `code` needs: itself and, when partial, its fallbacks. */
export function languagesToLoad(code: LanguageCode): LanguageCode[] {
  return COMPLETE.includes(code) ? [code] : [code, ...FALLBACK_LANGUAGES[code as keyof typeof FALLBACK_LANGUAGES]];
}

/** The API speaks zh-cn and en-us only (api/src/protocol.ts); pick the closer one. */
export function toApiLanguage(code: LanguageCode): ApiLanguage {
  return code.startsWith("zh") ? "zh-cn" : "en-us";
}
