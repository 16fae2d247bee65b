import type { RuntimeConfig } from "@dwn/api";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
// antd-mobile's CSS variables and theme. Components are imported by their own paths, never from
// the "antd-mobile" index (eslint.config.mjs enforces it): that index drags Toast and its
// animation library into every chunk that imports it (about 30 kB gzip on the first visit).
// Toast and Dialog install React 19's render hook themselves (components/antdRender.ts).
import "antd-mobile/es/global";
import { App } from "./app/App";
import { createQueryClient } from "./app/queryClient";
import { preloadScreen } from "./app/screens";
import { reloadForChunk } from "./app/ScreenErrorBoundary";
import { StartupError } from "./app/StartupError";
import "./app/global.css";
import { setupI18n } from "./i18n";
import { loadRuntimeConfig } from "./lib/runtime";

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

// The runtime config (chain, addresses, API key) and the language's strings load side by side;
// a failed config load is kept as a value, so it is reported once, in the language chosen.
const config: Promise<RuntimeConfig | Error> = loadRuntimeConfig().catch((error: unknown) =>
  error instanceof Error ? error : new Error(String(error)),
);
const queryClient = createQueryClient();
// The opened screen's chunk and first reads start as soon as the config is in, beside the strings.
void config.then((loaded) => {
  // A chunk that fails to load here fails again, and is reported, when the screen renders.
  if (!(loaded instanceof Error)) preloadScreen(location.hash, { queryClient, config: loaded }).catch(() => {});
});
await setupI18n();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element to render the app into");
const root = createRoot(container);
const loaded = await config;

if (loaded instanceof Error) {
  console.error(loaded);
  root.render(<StartupError />);
} else {
  // A transition renders in slices that give the browser back the main thread every few
  // milliseconds, instead of one long task for the whole first screen.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App config={loaded} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
