import { DEFAULT_LANGUAGE } from "./languages";
import { createI18n } from "./translate";

/** The app's translations: started in the cookie's language by setupI18n (i18n/index.ts). */
export const i18n = createI18n({ language: DEFAULT_LANGUAGE });
