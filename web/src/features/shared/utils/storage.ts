/**
 * The staking page's tab indexes, kept in local storage (spec §2, §9): `pledgeCurrentTab` (the
 * products or records tab) and `pledgeRecordsActive` (the records sub-tab, a stake status).
 * Both default to 0; a stored value outside the tab range reads as 0.
 */
export const PLEDGE_CURRENT_TAB = "pledgeCurrentTab";
export const PLEDGE_RECORDS_ACTIVE = "pledgeRecordsActive";

export type TabKey = typeof PLEDGE_CURRENT_TAB | typeof PLEDGE_RECORDS_ACTIVE;

/** How many tabs each index chooses among: products / records, and the three statuses. */
export const TAB_COUNTS: Record<TabKey, number> = { [PLEDGE_CURRENT_TAB]: 2, [PLEDGE_RECORDS_ACTIVE]: 3 };

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be disabled (private modes, sandboxed frames): the tabs then start at 0.
    return undefined;
  }
}

const inRange = (key: TabKey, index: number) => Number.isInteger(index) && index >= 0 && index < TAB_COUNTS[key];

/** The tab indexes in `storage` (the browser's local storage unless another is given). */
export function tabIndexes(storage: Storage | undefined = browserStorage()) {
  return {
    read(key: TabKey): number {
      const text = storage?.getItem(key) ?? null;
      const index = text !== null && /^\d+$/.test(text) ? Number(text) : 0;
      return inRange(key, index) ? index : 0;
    },
    write(key: TabKey, index: number): void {
      if (!inRange(key, index)) return;
      try {
        storage?.setItem(key, String(index));
      } catch {
        // A full or disabled storage only loses the remembered tab.
      }
    },
  };
}
