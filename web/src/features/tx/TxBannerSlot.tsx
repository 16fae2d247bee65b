import { lazy, Suspense, useSyncExternalStore } from "react";
import { loadScreenStrings } from "../../i18n";
import { txStore } from "./store";

// With the strings of the transaction flow, which a first visit does not load (i18n/index.ts).
const TxBanner = lazy(() =>
  Promise.all([import("./TxBanner"), loadScreenStrings()]).then(([m]) => ({ default: m.TxBanner })),
);

/**
 * Where the transaction banner goes on every screen. The banner's code loads with the first
 * transaction: a first visit has none, and carries only this slot and the store.
 */
const noEntry = () => undefined;

export function TxBannerSlot() {
  // No transaction in a screen rendered to HTML (build/prerenderShells.ts).
  const entry = useSyncExternalStore(txStore.subscribe, txStore.get, noEntry);
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      <TxBanner />
    </Suspense>
  );
}
