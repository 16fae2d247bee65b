import { useEffect } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useNotOpenToast } from "./useNotOpenToast";

/** /market, /exchange and /notopen: the toast, then home (there is no screen to show). */
export function NotOpenRoute() {
  const showNotOpen = useNotOpenToast();
  const { search } = useLocation();
  useEffect(showNotOpen, [showNotOpen]);
  return <Navigate to={{ pathname: "/home", search }} replace />;
}
