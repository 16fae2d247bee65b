import type { Page } from "playwright-core";

/** antd-mobile's frame of a centred popup or dialog, of a popup sliding in from an edge, and of a popover menu. */
export const FRAME = ".adm-center-popup-wrap, .adm-popup-body, .adm-popover";

/**
 * What shows while something is still loading: a route's chunk, skeleton cards, a list's dots
 * (not a button's: a button busy with what it was tapped for is not the screen loading).
 */
const LOADING =
  '[data-testid="page-loading"], [data-testid="skeleton-cards"], .adm-skeleton, .adm-dot-loading:not(.adm-button .adm-dot-loading)';

/**
 * The figures a visitor (no wallet connected) gets on a screen, read from the chain or the API
 * for everyone; his own figures stay placeholders (never 0) until he connects.
 */
const VISITOR_FIGURES: Record<string, readonly string[]> = {
  "home-page": ["home-unit-price", "home-cycle"],
  "mine-page": ["tier-1-remaining", "tier-1-buy"],
  "pledge-page": ["pledge-dwn-total", "pledge-a8-total", "pledge-cycle"],
};

/**
 * Waits until the screen shows what it is going to show, as a person sees it: the screen itself
 * (or home's connect button), nothing loading in sight (no route dots, skeleton or list dots in
 * the viewport; a list's next page loads when the person scrolls near it),
 * and its figures filled in: every one in sight when an account is signed in (the session's
 * token is stored), the ones everybody gets when not.
 */
export async function screenReady(page: Page): Promise<void> {
  await page.locator("[data-testid$='-page'], [data-testid='home-connect']").first().waitFor();
  const ready = page.waitForFunction(
    ([loading, visitorFigures]) => {
      // Runs in the page: no function-valued constants (see page-wallet.ts).
      // Loading in sight: a list's next page waits for the person to scroll near it.
      const loadingInSight = [...document.querySelectorAll(loading)].some(
        (element) => element.checkVisibility() && element.getBoundingClientRect().top < innerHeight,
      );
      if (loadingInSight) return false;
      // A control still changing (a button fading in as it is enabled) is not yet what a person reads.
      if (document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running")) return false;
      if (localStorage.getItem("token")) {
        return ![...document.querySelectorAll("[data-placeholder]")].some((element) => element.checkVisibility());
      }
      for (const [screen, figures] of Object.entries(visitorFigures)) {
        if (!document.querySelector(`[data-testid="${screen}"]`)) continue;
        for (const figure of figures) {
          const element = document.querySelector(`[data-testid="${figure}"]`);
          if (!element || element.matches("[data-placeholder]") || element.querySelector("[data-placeholder]")) {
            return false;
          }
        }
      }
      return true;
    },
    [LOADING, VISITOR_FIGURES] as const,
  );
  if (await ready.then(Boolean, () => false)) return;
  // What still loads, by the test id of the element around it, for the failure's message.
  const pending = await page.evaluate(
    (loading) =>
      [...document.querySelectorAll(`${loading}, [data-placeholder]`)]
        .filter((element) => element.checkVisibility() && element.getBoundingClientRect().top < innerHeight)
        .map((element) => element.closest("[data-testid]")?.getAttribute("data-testid") ?? element.className),
    LOADING,
  );
  throw new Error(`The screen at ${page.url()} did not get ready; still loading: ${JSON.stringify(pending)}.`);
}

/**
 * Waits until the popup holding `testId` has finished opening: antd-mobile lets a popup take
 * taps (its inline pointer-events no longer "none") only once its slide or fade has reached its
 * end, and its mask is fully shown.
 */
export async function popupAtRest(page: Page, testId: string, { timeout }: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    ([id, frameSelector]) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      const frame = element && (element.closest(frameSelector) ?? element.querySelector(frameSelector) ?? element);
      if (!(frame instanceof HTMLElement)) return false;
      for (let e: HTMLElement | null = frame; e; e = e.parentElement)
        if (e.style.pointerEvents === "none") return false;
      return [...document.querySelectorAll<HTMLElement>(".adm-mask")].every(
        (mask) => mask.style.display === "none" || mask.style.opacity === "" || mask.style.opacity === "1",
      );
    },
    [testId, FRAME] as const,
    { timeout },
  );
}

/**
 * Waits until every open popup has finished opening and every mask is fully shown (see
 * popupAtRest), so colours and places are measured as they rest.
 */
export async function popupsAtRest(page: Page): Promise<void> {
  await page.waitForFunction((frameSelector) => {
    for (const frame of document.querySelectorAll<HTMLElement>(frameSelector)) {
      if (frame.closest<HTMLElement>('[style*="display: none"]')) continue;
      for (let e: HTMLElement | null = frame; e; e = e.parentElement)
        if (e.style.pointerEvents === "none") return false;
    }
    return [...document.querySelectorAll<HTMLElement>(".adm-mask")].every(
      (mask) => mask.style.display === "none" || mask.style.opacity === "" || mask.style.opacity === "1",
    );
  }, FRAME);
}

/** Resolves once the page has drawn its next frame (what it shows after a resize or a touch). */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}
