import PullToRefresh from "antd-mobile/es/components/pull-to-refresh";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { addNamespace } from "../../i18n/lazyNamespace";
import { pullStrings } from "./strings";

/**
 * Pull to refresh on a screen: every query is invalidated and the screen's (the active ones) read
 * again; the indicator stays until they have answered. A read that fails says so like every other read.
 */
export function ScreenPull({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  addNamespace(useTranslation().i18n, "pull", pullStrings);
  const { t } = useTranslation("pull");
  return (
    <PullToRefresh
      onRefresh={() => client.invalidateQueries()}
      pullingText={t("pulling")}
      canReleaseText={t("release")}
      refreshingText={t("refreshing")}
      completeText={t("done")}
    >
      {children}
    </PullToRefresh>
  );
}
