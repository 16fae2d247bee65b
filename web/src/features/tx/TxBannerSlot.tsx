import { lazy, Suspense, useSyncExternalStore } from "react";
import { txStore } from "./store";

const TxBanner = lazy(() => import("./TxBanner").then((m) => ({ default: m.TxBanner })));

/**
 * Where the transaction banner goes on every screen. The banner's code loads with the first
 * transaction: a first visit has none, and carries only this slot and the store.
 */
export function TxBannerSlot() {
  const entry = useSyncExternalStore(txStore.subscribe, txStore.get);
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      <TxBanner />
    </Suspense>
  );
}
