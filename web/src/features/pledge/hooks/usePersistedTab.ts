import { useCallback, useState } from "react";
import { tabIndexes, type TabKey } from "../../shared/utils/storage";

/** A tab index kept in local storage under `key` (spec §2): `[index, select]`. */
export function usePersistedTab(key: TabKey): [number, (index: number) => void] {
  const [index, setIndex] = useState(() => tabIndexes().read(key));
  const select = useCallback(
    (next: number) => {
      tabIndexes().write(key, next);
      setIndex(next);
    },
    [key],
  );
  return [index, select];
}
