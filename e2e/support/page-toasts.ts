declare global {
  interface Window {
    __toasts?: string[];
  }
}

/**
 * Runs in the page (context.addInitScript): writes down every toast text as it appears, so a
 * test sees a toast even when the next one replaces it at once. (No named functions inside:
 * see page-wallet.ts.)
 */
export function recordToasts(): void {
  const seen: string[] = [];
  window.__toasts = seen;
  // What each toast element last said: a toast is written down once per text it shows, however
  // often the page changes while it is up and whatever a test has taken from the list since.
  const recorded = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const main of document.querySelectorAll(".adm-toast-main")) {
      const text = main.textContent?.trim() ?? "";
      if (text && recorded.get(main) !== text) {
        recorded.set(main, text);
        seen.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}
