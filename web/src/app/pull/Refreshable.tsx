import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

type PullModule = typeof import("./ScreenPull");

/** After the page's load, the gesture code waits this long for a first touch before loading anyway. */
const IDLE_LOAD_MS = 5_000;

/*
 * The gesture code (antd-mobile's PullToRefresh with react-spring and use-gesture, about 30 kB
 * gzip with the overlays it shares them with) is needed for a gesture, never for a screen's first
 * paint: it loads at the user's first touch, click, wheel or key, or a few seconds after the page
 * has loaded, whichever comes first, so that it never competes with the screen's own code and reads.
 */
let loaded: PullModule | undefined;
let wanted: Promise<PullModule> | undefined;

/** The gesture code, asked for once for the whole page, whichever screen asks first. */
function whenWanted(): Promise<PullModule> {
  wanted ??= new Promise<void>((resolve) => {
    const events = ["pointerdown", "touchstart", "wheel", "keydown"] as const;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      clearTimeout(timer);
      for (const name of events) removeEventListener(name, go, true);
      removeEventListener("load", later);
      resolve();
    };
    const later = () => (timer = setTimeout(go, IDLE_LOAD_MS));
    for (const name of events) addEventListener(name, go, { capture: true, passive: true });
    if (document.readyState === "complete") later();
    else addEventListener("load", later, { once: true });
  })
    .then(() => import("./ScreenPull"))
    .then((module) => (loaded = module));
  return wanted;
}

/** Holds `host`, the screen's DOM, wherever it is rendered: before the gesture code, and inside it after. */
function Slot({ host }: { host: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.append(host);
  }, [host]);
  return <div ref={ref} />;
}

/** True while the user is typing into a field of `host`: moving it now would take the focus away. */
const typingIn = (host: HTMLElement) =>
  document.activeElement instanceof HTMLElement &&
  host.contains(document.activeElement) &&
  /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);

/**
 * A screen that refreshes when pulled down. The screen renders into a node of its own through a
 * portal, so that when the gesture code arrives only that node moves into the pull wrapper: the
 * screen keeps its state (a number typed, a list scrolled) instead of mounting again, and is not
 * moved while the user types into it.
 */
export function Refreshable({ children }: { children: ReactNode }) {
  return typeof document === "undefined" ? (
    <RenderedToHtml>{children}</RenderedToHtml>
  ) : (
    <Portaled>{children}</Portaled>
  );
}

/** Rendered to HTML (build/prerenderShells.ts), where no portal renders: the same two nodes around the screen. */
function RenderedToHtml({ children }: { children: ReactNode }) {
  return (
    <div>
      <div>{children}</div>
    </div>
  );
}

function Portaled({ children }: { children: ReactNode }) {
  const [host] = useState(() => document.createElement("div"));
  const [pull, setPull] = useState(() => loaded);
  useEffect(() => {
    if (pull) return;
    let cancelled = false;
    void whenWanted().then(
      (module) => {
        const wrap = () => {
          if (cancelled) return;
          // Once the field is left (and focus has settled, perhaps in another field of the screen).
          if (typingIn(host)) host.addEventListener("focusout", () => setTimeout(wrap), { once: true });
          else setPull(() => module);
        };
        wrap();
      },
      () => {
        // Not fetched (offline, or a deploy renamed it): the screen stays as it is, without the gesture.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [pull, host]);
  return (
    <>
      {createPortal(children, host)}
      {pull ? (
        <pull.ScreenPull>
          <Slot host={host} />
        </pull.ScreenPull>
      ) : (
        <Slot host={host} />
      )}
    </>
  );
}
