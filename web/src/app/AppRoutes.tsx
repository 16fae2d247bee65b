import { lazy } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { NotOpenRoute } from "../features/menu/NotOpenRoute";
import { AppLayout } from "./AppLayout";
import { SCREENS } from "./screens";

/** Each screen as a component that loads its chunk when first rendered. */
const SCREEN_PAGES = Object.entries(SCREENS).map(
  ([path, load]) => [path, lazy(() => load().then((m) => ({ default: m.Screen })))] as const,
);

/** Goes home, keeping the query: `#/?address=…` must still carry the inviter to /home. */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: "/home", search }} replace />;
}

/** The routes of DESIGN.md §6 that this build has. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<ToHome />} />
        {SCREEN_PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="market" element={<NotOpenRoute />} />
        <Route path="exchange" element={<NotOpenRoute />} />
        <Route path="notopen" element={<NotOpenRoute />} />
        <Route path="*" element={<ToHome />} />
      </Route>
    </Routes>
  );
}
