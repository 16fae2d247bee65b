import { useEffect, useState, type ReactNode } from "react";

type PullModule = typeof import("./ScreenPull");

/*
 * The gesture code (antd-mobile's PullToRefresh with react-spring and use-gesture) stays out of
 * the first visit: it starts loading with the app and wraps screens once it has arrived.
 */
let loaded: PullModule | undefined;
const loading = import("./ScreenPull").then((module) => (loaded = module));

/**
 * A screen that refreshes when pulled down. A screen shown before the gesture code arrived is
 * wrapped once it has (it renders again from the cached reads); the screens after it start wrapped.
 */
export function Refreshable({ children }: { children: ReactNode }) {
  const [pull, setPull] = useState(() => loaded);
  useEffect(() => {
    if (!pull) void loading.then((module) => setPull(() => module));
  }, [pull]);
  return pull ? <pull.ScreenPull>{children}</pull.ScreenPull> : children;
}
