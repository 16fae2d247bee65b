import { FALLBACK_LANGUAGES, type LanguageCode } from "./languages";
import type { Namespaces } from "./namespaces";

/**
 * The app's translation layer: each language's strings in namespaces ("translation", the first
 * visit's; the others travel with the features that use them, i18n/lazyNamespace.ts), looked up
 * by dotted key ("wallet.bind.title") in the language in use, then in its fallbacks. A string
 * inserts `{{name}}` values, `$t(other.key)` strings, and picks its plural form by `count`
 * (`key_one`, `key_other`: the language's plural rules). The catalogues keep the format they
 * had under i18next; a key found nowhere reads as itself.
 */

export type Namespace = keyof Namespaces;

/** A namespace's strings: text, or nested groups of them. */
export interface Bundle {
  readonly [key: string]: string | Bundle;
}

/** The values a string inserts; `count` also picks its plural form. */
export type Values = Readonly<Record<string, string | number>>;

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type PluralBase<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every dotted key of a string tree, plural forms under their base key. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The keys of namespace `N`. */
export type TKey<N extends Namespace = "translation"> = Leaves<Namespaces[N]>;

/** Translates a key of namespace `N` in one language. */
export type TFunction<N extends Namespace = "translation"> = (key: TKey<N>, values?: Values) => string;

/** Each language's namespaces, as loaded. */
export type Resources = Partial<Record<LanguageCode, Partial<Record<Namespace, Bundle>>>>;

export interface I18n {
  /** The language in use. */
  readonly language: LanguageCode;
  /** Translates a key of the app's strings in the language in use. */
  t(key: TKey, values?: Values): string;
  /** Translates in `language`, from `namespace` ("translation" when none). */
  getFixedT<N extends Namespace = "translation">(language: LanguageCode, namespace?: N): TFunction<N>;
  /** Speaks `language` from now on (its strings added beforehand), telling the subscribers. */
  changeLanguage(language: LanguageCode): Promise<void>;
  addResourceBundle(language: LanguageCode, namespace: Namespace, bundle: Bundle): void;
  /** The strings of `namespace` in `language`, if added. */
  getResourceBundle(language: LanguageCode, namespace: Namespace): Bundle | undefined;
  hasResourceBundle(language: LanguageCode, namespace: Namespace): boolean;
  /** Calls `listener` after each change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface I18nOptions {
  language: LanguageCode;
  resources?: Resources;
  /** Where a missing string is looked up, per language (i18n/languages.ts's by default). */
  fallbacks?: Partial<Record<LanguageCode, readonly LanguageCode[]>> & { default: readonly LanguageCode[] };
}

const pluralRules = new Map<LanguageCode, Intl.PluralRules>();
const pluralOf = (language: LanguageCode, count: number) => {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
};

function find(bundle: Bundle | undefined, key: string): string | undefined {
  let node: string | Bundle | undefined = bundle;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function createI18n({ language, resources = {}, fallbacks = FALLBACK_LANGUAGES }: I18nOptions): I18n {
  const store: Resources = {};
  for (const [code, namespaces] of Object.entries(resources) as [LanguageCode, Resources[LanguageCode]][])
    store[code] = { ...namespaces };
  const listeners = new Set<() => void>();
  let current = language;

  function lookup(language: LanguageCode, namespace: Namespace, key: string, values?: Values): string {
    const count = values?.count;
    for (const code of [language, ...(fallbacks[language] ?? fallbacks.default)]) {
      const bundle = store[code]?.[namespace];
      const text =
        (typeof count === "number" ? find(bundle, `${key}_${pluralOf(code, count)}`) : undefined) ?? find(bundle, key);
      if (text === undefined) continue;
      return text
        .replace(/\$t\(([\w.]+)\)/g, (_, nested: string) => lookup(language, namespace, nested, values))
        .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ""));
    }
    return key;
  }

  return {
    get language() {
      return current;
    },
    t: (key, values) => lookup(current, "translation", key, values),
    getFixedT: <N extends Namespace = "translation">(language: LanguageCode, namespace?: N): TFunction<N> => {
      const ns: Namespace = namespace ?? "translation";
      return (key, values) => lookup(language, ns, key, values);
    },
    changeLanguage(language) {
      if (language !== current) {
        current = language;
        listeners.forEach((listener) => listener());
      }
      return Promise.resolve();
    },
    addResourceBundle(language, namespace, bundle) {
      store[language] = { ...store[language], [namespace]: bundle };
    },
    hasResourceBundle: (language, namespace) => store[language]?.[namespace] !== undefined,
    getResourceBundle: (language, namespace) => store[language]?.[namespace],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
