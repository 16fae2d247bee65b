import Button from "antd-mobile/es/components/button";
import { useTranslation } from "../i18n/react";
import { AppHeader } from "../components/AppHeader";
import { SkeletonCards } from "../components/SkeletonCards";
import { showToast } from "../components/toast";
import { LazyMenuPopup } from "../features/menu/LazyMenuPopup";
import { MenuProvider } from "../features/menu/MenuContext";
import { TabBar } from "../features/menu/TabBar";
import layout from "./AppLayout.module.css";
import { HashRouter } from "./hashRouter";
import notice from "./ReadFailureNotice.module.css";

/**
 * What a first visit shows until the runtime config arrives (nothing of it is on the device
 * yet): the header, the tab bar, the menu and the screen's cards as skeletons, no figure. While
 * the server does not answer, one line says so; the config is asked for again by itself
 * (lib/runtimeCache.ts) and the app replaces the shell when it arrives.
 */
export function Shell({ failing }: { failing: boolean }) {
  return (
    <HashRouter>
      <MenuProvider>
        <ShellLayout failing={failing} />
      </MenuProvider>
    </HashRouter>
  );
}

function ShellLayout({ failing }: { failing: boolean }) {
  const { t } = useTranslation();
  const connect = (
    <Button
      size="small"
      color="primary"
      onClick={() => showToast({ content: t("wallet.api.unreachable"), icon: "fail" })}
      data-testid="wallet-connect"
    >
      {t("wallet.connect")}
    </Button>
  );
  return (
    <div data-testid="app-shell">
      <AppHeader wallet={connect} />
      <main className={layout.main}>
        {failing && (
          <div className={notice.notice} role="status" data-testid="config-failure">
            <span className={notice.text}>{t("readError.api")}</span>
          </div>
        )}
        <SkeletonCards />
      </main>
      <TabBar />
      <LazyMenuPopup />
    </div>
  );
}
