import { enUs } from "../../web/src/i18n/locales/en-us";
import { arAe } from "../../web/src/i18n/locales/ar-ae";
import { zhCn } from "../../web/src/i18n/locales/zh-cn";
import { walletStrings } from "../../web/src/i18n/wallet";

/** The texts a user reads, from the web app's own language files (zh-cn is the default). */
export const zh = { ...zhCn, ...walletStrings["zh-cn"] };
export const en = { ...enUs, ...walletStrings["en-us"] };
export { arAe as ar };

/** `{{name}}` placeholders filled in, as i18next does. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
