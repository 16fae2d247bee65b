import { useLocation } from "wouter";
import type { MenuItem } from "./menuItems";
import { useNotOpenToast } from "./useNotOpenToast";

/** What tapping a navigation entry does: go to its screen, or say it is not open yet. */
export function useMenuNavigation(): (item: MenuItem) => void {
  const [, navigate] = useLocation();
  const showNotOpen = useNotOpenToast();
  return (item) => {
    if ("to" in item) navigate(item.to);
    else showNotOpen();
  };
}
