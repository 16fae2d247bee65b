import { lazy, Suspense, useState } from "react";
import { loadScreenStrings } from "../../../i18n";
import type { WalletDiscovery } from "../discovery";
import { useWalletState } from "../context";
import type { PickerRequest } from "./WalletPicker";

// With the strings of the transaction flow (the bind's), which a first visit does not load (i18n/index.ts).
const WalletPopups = lazy(() =>
  Promise.all([import("./WalletPopups"), loadScreenStrings()]).then(([m]) => ({ default: m.WalletPopups })),
);

/**
 * The wallet's popups, fetched the first time one of them opens: their animation code is not
 * needed to show a screen. Once fetched they stay mounted, so they animate out when closed.
 */
export function LazyWalletPopups({ picker, discovery }: { picker?: PickerRequest; discovery: WalletDiscovery }) {
  const { status } = useWalletState().session;
  const [wanted, setWanted] = useState(false);
  if (!wanted && (status === "wrongNetwork" || status === "needsInviter" || picker !== undefined)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <WalletPopups picker={picker} discovery={discovery} />
    </Suspense>
  ) : null;
}
