import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "../i18n/react";
import styles from "./StartupError.module.css";

/** What a screen shows when it crashed: a sentence and a reload button, never a blank page. */
export function ScreenError() {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="alert" data-testid="screen-error">
      <p>{t("screenError.text")}</p>
      <button
        type="button"
        className={styles.retry}
        onClick={() => window.location.reload()}
        data-testid="screen-reload"
      >
        {t("screenError.reload")}
      </button>
    </div>
  );
}

/**
 * Catches what a screen throws while rendering (a bug, or a chunk that no longer exists after a
 * deploy) and shows {@link ScreenError} in its place; the header, the tab bar and the menu stay
 * usable. The layout keys it by route, so going to another screen starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}

/** sessionStorage key: when this tab last reloaded for a chunk that failed to load. */
export const PRELOAD_RELOAD_KEY = "chunkReloadAt";

/** Within this long of the last such reload, another failure is shown instead of reloading again. */
export const PRELOAD_RELOAD_WINDOW_MS = 60_000;

/**
 * Whether a chunk that failed to load (`vite:preloadError`, a tab left open across a deploy)
 * should reload the page: once, not again within a minute, so a chunk that is really gone ends
 * on the screen's error instead of a reload loop. Records the reload when it says yes.
 */
export function reloadForChunk(storage: Pick<Storage, "getItem" | "setItem">, now: number): boolean {
  const last = Number(storage.getItem(PRELOAD_RELOAD_KEY) ?? 0);
  if (now - last < PRELOAD_RELOAD_WINDOW_MS) return false;
  storage.setItem(PRELOAD_RELOAD_KEY, String(now));
  return true;
}
