import { useCallback } from "react";
import { useNavigate } from "react-router-dom";

/**
 * Back, as a screen's back arrow does it: to the previous screen, or to `fallback` when this
 * screen was the first one opened (a link from outside has no history to go back to).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router numbers its history entries; 0 means this page was the first one opened.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [fallback, navigate]);
}
