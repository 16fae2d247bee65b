import { lazy } from "react";
import { Route, Switch } from "wouter";
import { NotOpenRoute } from "../features/menu/NotOpenRoute";
import { AppLayout } from "./AppLayout";
import { ToHome } from "./hashRouter";
import type { ScreenRoute } from "./routes";
import { loadedScreen, SCREENS } from "./screens";

/** Each screen as a component that loads its chunk when first rendered (or draws it at once when loaded ahead). */
const SCREEN_PAGES = (Object.entries(SCREENS) as [ScreenRoute, (typeof SCREENS)[ScreenRoute]][]).map(([path, load]) => {
  const Lazy = lazy(() => load().then((m) => ({ default: m.Screen })));
  const Page = () => {
    const Loaded = loadedScreen(path) ?? Lazy;
    return <Loaded />;
  };
  return [path, Page] as const;
});

/** The routes of DESIGN.md §6 that this build has. */
export function AppRoutes() {
  return (
    <AppLayout>
      <Switch>
        <Route path="/">
          <ToHome />
        </Route>
        {SCREEN_PAGES.map(([path, Page]) => (
          <Route key={path} path={`/${path}`}>
            <Page />
          </Route>
        ))}
        <Route path="/market" component={NotOpenRoute} />
        <Route path="/exchange" component={NotOpenRoute} />
        <Route path="/notopen" component={NotOpenRoute} />
        <Route>
          <ToHome />
        </Route>
      </Switch>
    </AppLayout>
  );
}
