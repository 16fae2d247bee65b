import { useEffect } from "react";
import { ToHome } from "../../app/hashRouter";
import { useNotOpenToast } from "./useNotOpenToast";

/** /market, /exchange and /notopen: the toast, then home (there is no screen to show). */
export function NotOpenRoute() {
  const showNotOpen = useNotOpenToast();
  useEffect(showNotOpen, [showNotOpen]);
  return <ToHome />;
}
