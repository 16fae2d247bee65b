import { Suspense, type ReactNode } from "react";
import { useLocation } from "wouter";
import { AppHeader } from "../components/AppHeader";
import { SkeletonCards } from "../components/SkeletonCards";
import { LazyMenuPopup } from "../features/menu/LazyMenuPopup";
import { TabBar } from "../features/menu/TabBar";
import { TxBannerSlot } from "../features/tx/TxBannerSlot";
import { Refreshable } from "./pull/Refreshable";
import { ReadFailureNotice } from "./ReadFailureNotice";
import { ScreenErrorBoundary } from "./ScreenErrorBoundary";
import styles from "./AppLayout.module.css";

/** Every screen: the header above, the tab bar below, the menu popup over them; a transaction's banner when there is one. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <>
      <AppHeader />
      <main className={styles.main}>
        <ReadFailureNotice />
        <TxBannerSlot />
        <ScreenErrorBoundary key={pathname}>
          <Refreshable>
            <Suspense fallback={<SkeletonCards />}>{children}</Suspense>
          </Refreshable>
        </ScreenErrorBoundary>
      </main>
      <TabBar />
      <LazyMenuPopup />
    </>
  );
}
