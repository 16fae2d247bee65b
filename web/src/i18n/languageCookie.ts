import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "./languages";

/** The cookie that keeps the chosen language (spec §9). */
export const LANGUAGE_COOKIE = "language";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language stored in a `document.cookie` string; the default when absent or unknown. */
export function readLanguageCookie(cookies: string): LanguageCode {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== LANGUAGE_COOKIE) continue;
    // Accept "zh-CN" as well: other sites on the origin may have written it in BCP 47 case.
    const value = decodeURIComponent(rest.join("=")).trim().toLowerCase();
    if (isLanguageCode(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}

/** The `document.cookie` assignment that stores a language for a year, site-wide. */
export function languageCookie(code: LanguageCode): string {
  return `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}
