import { lazy, Suspense } from "react";
import { useMenu } from "./MenuContext";

const MenuPopup = lazy(() => import("./MenuPopup").then((m) => ({ default: m.MenuPopup })));

/**
 * The menu popup, fetched the first time the menu opens: a popup's animation code is not
 * needed to show the first screen.
 */
export function LazyMenuPopup() {
  const { wanted } = useMenu();
  return wanted ? (
    <Suspense fallback={null}>
      <MenuPopup />
    </Suspense>
  ) : null;
}
