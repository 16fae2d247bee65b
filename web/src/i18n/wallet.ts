/**
 * Every string the wallet feature (and the devnet wallet) shows, under the `wallet.` prefix.
 * Nested objects, so the translations find `wallet.bind.title` by its dotted key;
 * i18n/resources.ts merges each language's into its resources. Each language's wallet strings
 * travel in that language's chunk (locales/en-us.ts and locales/zh-cn.ts re-export them); this
 * module, which holds both, is for the tests and for the key type.
 */
import { walletEnUs, type WalletStrings } from "./wallet-en-us";
import { walletZhCn } from "./wallet-zh-cn";

export const walletStrings: { "zh-cn": WalletStrings; "en-us": typeof walletEnUs } = {
  "zh-cn": walletZhCn,
  "en-us": walletEnUs,
};

/** Every dotted key of the wallet strings, e.g. `"wallet.bind.title"`. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type WalletKey = Leaves<typeof walletEnUs>;
