import { useEffect, useRef } from "react";

/** The history state key marking an entry a popup added (see useBackCloses). */
const KEY = "popup";
let opened = 0;

/**
 * Android's Back (history back) closes an open popup or menu first, as a phone's own sheets do
 * (issue 22 item 12). While `open`, the popup adds a history entry at the same address; Back
 * removes it, and `close` runs. A popup closed otherwise (its button, its mask) takes its entry
 * away again, unless a navigation has already moved on from it. Popups stack: Back closes the
 * newest first.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    opened += 1;
    const marker = opened;
    const current = (): unknown => (window.history.state as Record<string, unknown> | null)?.[KEY];
    // The router's own state is kept, so its entry numbering (useGoBack) stays right.
    window.history.pushState({ ...(window.history.state as object | null), [KEY]: marker }, "");
    let popped = false;
    const onPop = () => {
      // Back past this popup's entry (a newer popup's entry popping leaves this one current).
      const now = current();
      if (typeof now === "number" && now >= marker) return;
      popped = true;
      window.removeEventListener("popstate", onPop);
      latest.current();
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      // After this commit: a popup opened again at once (React's development double effects)
      // has pushed its own entry by then, and this one is left rather than popping the new one.
      if (!popped)
        queueMicrotask(() => {
          if (current() === marker) window.history.back();
        });
    };
  }, [open]);
}
