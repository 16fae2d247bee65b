/**
 * How index.html shows a screen before its JavaScript runs (build/prerenderShells.ts): the build
 * puts each screen's visitor view, in each language, into the page as a <template>, and three
 * inline scripts made of the functions below pick the one for the URL's hash and the `language`
 * cookie. The route lives in the hash, which the server never sees, so the page decides itself.
 * Each function is inlined as its source: it must use nothing from outside its own body.
 */
/**
 * The id of the data block naming the app's scripts, which index.html's tags named before
 * (build/prerenderShells.ts): the entry module and the modules it imports, preloaded.
 */
export const START_ID = "boot-start";

export interface BootStart {
  entry: string;
  modulePreloads: string[];
}

export interface ShellTable {
  /** The app's base URL ("/chain/"). */
  base: string;
  /** The screens with a shell, each with the stylesheets it shows with (beyond the page's own), under `base`. */
  screens: Record<string, string[]>;
  /** The languages with a shell; any other keeps the page's skeleton. */
  languages: string[];
  defaultLanguage: string;
}

export interface ShellChoice {
  language: string;
  screen: string;
}

/** The shell for a page opened at `hash` with `cookie` (document.cookie), if there is one. */
export function chooseShell(table: ShellTable, hash: string, cookie: string): ShellChoice | undefined {
  const path = hash.replace(/^#\/?/, "").split("?")[0].replace(/\/+$/, "");
  // The index route shows home (app/hashRouter.tsx, ToHome).
  const screen = path === "" ? "home" : path;
  const chosen = /(?:^|;)\s*language=([^;]*)/.exec(cookie)?.[1]?.trim().toLowerCase() || table.defaultLanguage;
  if (!Object.hasOwn(table.screens, screen) || !table.languages.includes(chosen)) return undefined;
  return { language: chosen, screen };
}

/**
 * The head's first script, run before the page's styles: picks the shell, names it on
 * <html data-shell> and sets the page's language; with no shell, `start` runs at once (the app's
 * scripts load as they always have).
 */
export function bootShellHead(
  table: ShellTable,
  choose: typeof chooseShell,
  start: () => void,
  document: Document,
  location: Pick<Location, "hash">,
): void {
  const choice = choose(table, location.hash, document.cookie);
  if (!choice) {
    start();
    return;
  }
  const html = document.documentElement;
  html.setAttribute("data-shell", `${choice.language} ${choice.screen}`);
  html.lang = choice.language;
}

/** The attribute naming the stylesheet (under the base) whose rules a page's <style> element carries. */
export const SHELL_CSS_ATTRIBUTE = "data-shell-css";

/**
 * The head's last script, after the page's styles: the chosen screen's stylesheets, which the
 * page carries inline (each a <style data-shell-css="…" media="not all">, which applies nothing),
 * are switched on in place, after the page's own, in the order the app adds them, so the shell
 * paints styled with no request beyond the page's. Each also gets its <link rel="stylesheet">,
 * disabled, which fetches nothing: the app's module loader takes a stylesheet that has a link as
 * loaded, so it neither fetches these again nor adds their rules a second time after others.
 */
export function bootShellStyles(table: ShellTable, document: Document): void {
  const chosen = document.documentElement.getAttribute("data-shell");
  const screen = chosen?.split(" ")[1];
  if (!screen) return;
  for (const file of table.screens[screen] ?? []) {
    document.querySelector(`style[data-shell-css="${file}"]`)?.removeAttribute("media");
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.setAttribute("disabled", "");
    link.href = table.base + file;
    document.head.append(link);
  }
}

/**
 * The body's script, run after #root and the templates: puts the chosen shell into #root (naming
 * it on #root's data-shell, which main.tsx reads), then starts the app's scripts once the page
 * has loaded and painted its first content, so nothing competes with the shell's first paint (a
 * hidden page, which paints nothing, starts them at its load). Neither waits on a timer.
 *
 * A shell the server rendered may show times (an announcement's), which it wrote in its own time
 * zone: each `<time data-local-time="unix seconds">` is written again with `formatTime`, the
 * app's own (lib/format.ts), in the device's, before the shell paints.
 */
export function bootShellBody(
  start: () => void,
  document: Document,
  window: { addEventListener: Window["addEventListener"]; PerformanceObserver?: typeof PerformanceObserver },
  formatTime: (unixSeconds: number) => string,
): void {
  const chosen = document.documentElement.getAttribute("data-shell");
  if (!chosen) return;
  const template = document.querySelector<HTMLTemplateElement>(`template[data-shell="${chosen}"]`);
  const root = document.getElementById("root");
  if (!template || !root) {
    start();
    return;
  }
  root.replaceChildren(template.content.cloneNode(true));
  for (const time of root.querySelectorAll("time[data-local-time]"))
    time.textContent = formatTime(Number(time.getAttribute("data-local-time")));
  root.setAttribute("data-shell", chosen);
  let loaded = document.readyState === "complete";
  let painted = document.visibilityState === "hidden";
  let started = false;
  const go = () => {
    if (started || !loaded || !painted) return;
    started = true;
    start();
  };
  if (!loaded)
    window.addEventListener(
      "load",
      () => {
        loaded = true;
        go();
      },
      { once: true },
    );
  const Observer = window.PerformanceObserver;
  if (Observer?.supportedEntryTypes.includes("paint")) {
    new Observer((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted = true;
      go();
    }).observe({ type: "paint", buffered: true });
  } else painted = true;
  go();
}
