import { startTransition } from "react";
import { createRoot } from "react-dom/client";
// antd-mobile's CSS variables and theme. Components are imported by their own paths, never from
// the "antd-mobile" index (eslint.config.mjs enforces it): that index drags Toast and its
// animation library into every chunk that imports it (about 30 kB gzip on the first visit).
// Toast and Dialog install React 19's render hook themselves (components/antdRender.ts).
import "antd-mobile/es/global";
import { createQueryClient } from "./app/queryClient";
import { preloadScreen } from "./app/screens";
import { reloadForChunk } from "./app/ScreenErrorBoundary";
import { Root } from "./app/Root";
import "./app/global.css";
import { setupI18n } from "./i18n";
import { configStorageKey, createConfigSource } from "./lib/runtimeCache";

// A tab left open across a deploy asks for chunks that were renamed: reload once to get the new
// ones; a second failure soon after is left to the screen's error boundary (a sentence, Reload).
window.addEventListener("vite:preloadError", (event) => {
  let reload = false;
  try {
    reload = reloadForChunk(sessionStorage, Date.now());
  } catch {
    // No sessionStorage (private mode quirks): never reload by ourselves, the boundary shows it.
  }
  if (reload) {
    event.preventDefault();
    location.reload();
  }
});

// The runtime config (chain, addresses, API key): the device's copy from the last visit at once,
// the server's asked for beside the language's strings, and again until it answers.
let storage: Storage | undefined;
try {
  storage = window.localStorage;
} catch {
  // No localStorage (private mode quirks): every visit starts from the server's answer.
}
const source = createConfigSource({ storage, key: configStorageKey(location) });
const queryClient = createQueryClient();
/** The opened screen's module, once asked for. */
let screen: Promise<unknown> | undefined;
// The opened screen's chunk and first reads start as soon as there is a config, beside the strings.
const preload = () => {
  const { config } = source.getSnapshot();
  if (!config) return false;
  // A chunk that fails to load here fails again, and is reported, when the screen renders.
  screen = preloadScreen(location.hash, { queryClient, config }).catch(() => {});
  return true;
};
if (!preload()) {
  const unsubscribe = source.subscribe(() => {
    if (preload()) unsubscribe();
  });
}
await setupI18n();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element to render the app into");
// The page shows the screen's own shell (build/prerenderShells.ts): it stays until the app can
// draw the same screen in its place, with its config and its module, rather than a skeleton
// between the two. When the server does not answer, the app's shell says so at once.
if (container.hasAttribute("data-shell")) {
  await new Promise<void>((resolve) => {
    const check = () => {
      const { config, failing } = source.getSnapshot();
      if (!config && !failing) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = source.subscribe(check);
    check();
  });
  await screen;
}
// A transition renders in slices that give the browser back the main thread every few
// milliseconds, instead of one long task for the whole first screen.
startTransition(() => createRoot(container).render(<Root source={source} queryClient={queryClient} />));
