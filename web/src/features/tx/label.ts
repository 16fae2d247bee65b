import type { TFunction } from "../../i18n/translate";

/** The keys of the app's strings that name what a transaction does ("Approve {{token}}", "Buy NFT"). */
export const TX_LABEL_KEYS = [
  "tx.approve",
  "tx.buy",
  "tx.collectStatic",
  "tx.collectDynamic",
  "tx.stake",
  "tx.claim",
  "tx.redeem",
] as const;

export type TxLabelKey = (typeof TX_LABEL_KEYS)[number];

/**
 * What a transaction does, as a key of the app's strings and the values it inserts, never as a
 * sentence: the banner and "Recent transactions" show it in the language of the moment.
 */
export interface TxLabel {
  key: TxLabelKey;
  values?: Record<string, string>;
}

/** The user action a transaction belongs to: disabled, saying "Pending…", while it is pending. */
export const TX_ACTION_KINDS = ["withdraw", "buy", "stake", "claim", "redeem"] as const;

export type TxActionKind = (typeof TX_ACTION_KINDS)[number];

export interface TxAction {
  kind: TxActionKind;
  /** Which one: the income ("static", "dynamic"), the tier id, or the stake id; none for a stake. */
  target?: string;
}

/** The label in the language `t` speaks. */
export function labelText(t: TFunction, label: TxLabel): string {
  // Each key inserts its own values, which t's per-key typing cannot follow for a union of keys.
  const translate = t as unknown as (key: TxLabelKey, values?: Record<string, string>) => string;
  return translate(label.key, label.values);
}

/** Whether `value` is a label stored by this version: a known key and string values. */
export function isTxLabel(value: unknown): value is TxLabel {
  if (typeof value !== "object" || value === null) return false;
  const key: unknown = Reflect.get(value, "key");
  const values: unknown = Reflect.get(value, "values");
  return (
    TX_LABEL_KEYS.some((known) => known === key) &&
    (values === undefined ||
      (typeof values === "object" && values !== null && Object.values(values).every((v) => typeof v === "string")))
  );
}

/** Whether `value` is an action stored by this version. */
export function isTxAction(value: unknown): value is TxAction {
  if (typeof value !== "object" || value === null) return false;
  const kind: unknown = Reflect.get(value, "kind");
  const target: unknown = Reflect.get(value, "target");
  return TX_ACTION_KINDS.some((known) => known === kind) && (target === undefined || typeof target === "string");
}

/** Whether a transaction belonging to `action` is one for `kind` (and `target`, when given). */
export function belongsTo(action: TxAction | undefined, kind: TxActionKind, target?: string): boolean {
  return action?.kind === kind && (target === undefined || action.target === target);
}
