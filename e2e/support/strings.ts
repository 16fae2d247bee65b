import { enUs } from "../../web/src/i18n/locales/en-us";
import { enUsScreens } from "../../web/src/i18n/locales/en-us-screens";
import { arAe } from "../../web/src/i18n/locales/ar-ae";
import { zhCn } from "../../web/src/i18n/locales/zh-cn";
import { zhCnScreens } from "../../web/src/i18n/locales/zh-cn-screens";
import { walletStrings } from "../../web/src/i18n/wallet";

/**
 * The texts a user reads, from the web app's own language files (zh-cn is the default): a first
 * visit's and the other screens' (which share the pledge group), as the app merges them.
 */
export const zh = {
  ...zhCn,
  ...zhCnScreens,
  pledge: { ...zhCn.pledge, ...zhCnScreens.pledge },
  ...walletStrings["zh-cn"],
};
export const en = {
  ...enUs,
  ...enUsScreens,
  pledge: { ...enUs.pledge, ...enUsScreens.pledge },
  ...walletStrings["en-us"],
};
export { arAe as ar };

/** `{{name}}` placeholders filled in, as i18next does. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
