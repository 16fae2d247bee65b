import type { RuntimeConfig } from "@dwn/api";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { HashRouter } from "./hashRouter";
import { MenuProvider } from "../features/menu/MenuContext";
import { LiveEventsSlot } from "../features/live";
import { WalletProvider, onWalletConnected } from "../features/wallet";
import { RuntimeConfigProvider } from "../lib/runtime";
import { AppRoutes } from "./AppRoutes";

/** The providers every screen relies on, around the routes. */
export function App({ config, queryClient }: { config: RuntimeConfig; queryClient: QueryClient }) {
  // Spec §4 step 7: after a connect every screen reads its data again.
  useEffect(() => onWalletConnected(() => void queryClient.invalidateQueries()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={config}>
        <HashRouter>
          <WalletProvider>
            <LiveEventsSlot />
            <MenuProvider>
              <AppRoutes />
            </MenuProvider>
          </WalletProvider>
        </HashRouter>
      </RuntimeConfigProvider>
    </QueryClientProvider>
  );
}
