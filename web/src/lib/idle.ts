import { useEffect, useState } from "react";

/**
 * How long after a screen mounts its second-priority reads wait. The page's own figures
 * (lib/served.ts) are seconds old; reading them again at once, or a card below the fold, would
 * compete with the screen's first paint for a slow phone's processor and link (a connection to
 * the RPC's origin, a preflight, the call).
 */
const SETTLE_MS = 2_000;
/** The longest such a read then waits for the page to go idle. */
const IDLE_TIMEOUT_MS = 1_000;

/**
 * Runs `run` once the screen has settled: SETTLE_MS after now, when the main thread is next idle
 * (at most IDLE_TIMEOUT_MS later; without requestIdleCallback, at once). Returns the cancel.
 */
export function afterSettled(run: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else run();
  }, SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * False until the screen has settled (see {@link afterSettled}): a read that is not among a
 * screen's first figures (below the fold, or costly) waits for it.
 */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterSettled(() => setSettled(true)), []);
  return settled;
}
