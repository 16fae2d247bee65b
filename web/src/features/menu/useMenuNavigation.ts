import { useNavigate } from "react-router-dom";
import type { MenuItem } from "./menuItems";
import { useNotOpenToast } from "./useNotOpenToast";

/** What tapping a navigation entry does: go to its screen, or say it is not open yet. */
export function useMenuNavigation(): (item: MenuItem) => void {
  const navigate = useNavigate();
  const showNotOpen = useNotOpenToast();
  return (item) => {
    if ("to" in item) navigate(item.to);
    else showNotOpen();
  };
}
