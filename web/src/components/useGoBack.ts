import { useCallback } from "react";
import { useLocation } from "wouter";
import { historyIndex } from "../app/hashRouter";

/**
 * Back, as a screen's back arrow does it: to the previous screen, or to `fallback` when this
 * screen was the first one opened (a link from outside has no history to go back to).
 */
export function useGoBack(fallback: string): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => {
    // The app numbers its history entries (app/hashRouter.tsx); 0 means this page was the first one opened.
    if (historyIndex() > 0) window.history.back();
    else navigate(fallback, { replace: true });
  }, [fallback, navigate]);
}
