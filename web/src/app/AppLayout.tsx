import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { AppHeader } from "../components/AppHeader";
import { PageLoading } from "../components/PageLoading";
import { LazyMenuPopup } from "../features/menu/LazyMenuPopup";
import { TabBar } from "../features/menu/TabBar";
import { TxBannerSlot } from "../features/tx/TxBannerSlot";
import { ReadFailureNotice } from "./ReadFailureNotice";
import styles from "./AppLayout.module.css";

/** Every screen: the header above, the tab bar below, the menu popup over them; a transaction's banner when there is one. */
export function AppLayout() {
  return (
    <>
      <AppHeader />
      <main className={styles.main}>
        <ReadFailureNotice />
        <TxBannerSlot />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <TabBar />
      <LazyMenuPopup />
    </>
  );
}
