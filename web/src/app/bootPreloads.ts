/**
 * What index.html fetches ahead, before the app's scripts run: the opened screen's chunks and
 * the language's strings. The routes live in the URL's hash, which the server never sees, so
 * the page decides itself. The build (build/preloadScreens.ts) writes the table into index.html and
 * inlines `bootPreloads` beside it; it must therefore use nothing from outside its own body.
 */
export interface BootPreloadTable {
  /** The app's base URL ("/chain/"). */
  base: string;
  /** Every file named below, once: the numbers below index it. */
  files: string[];
  /** Each screen's route pattern (the router's, without the leading "/") with its files. */
  routes: [pattern: string, files: number[]][];
  /** Where any other path leads: home. */
  fallback: number[];
  /** Each language's strings, with the languages it falls back to. */
  languages: Record<string, number[]>;
  /** The same for the strings of the screens other than home, which come with those screens. */
  screenLanguages: Record<string, number[]>;
  defaultLanguage: string;
}

export interface BootPreload {
  rel: "modulepreload" | "preload";
  as?: "style";
  href: string;
  fetchPriority: "auto" | "low";
}

/** The files to fetch ahead for a page opened at `hash` with `cookie` (document.cookie). */
export function bootPreloads(table: BootPreloadTable, hash: string, cookie: string): BootPreload[] {
  const path = hash.replace(/^#\/?/, "").split("?")[0].replace(/\/+$/, "");
  const route = table.routes.find(([pattern]) => new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`).test(path));
  const chosen = /(?:^|;)\s*language=([^;]*)/.exec(cookie)?.[1]?.trim().toLowerCase() ?? "";
  const known = Object.hasOwn(table.languages, chosen) ? chosen : table.defaultLanguage;
  const strings = table.languages[known] ?? [];
  const files = route ? route[1] : table.fallback;
  // A screen other than the one any other path shows (home) needs the screens' strings too.
  const screenStrings = String(files) === String(table.fallback) ? [] : (table.screenLanguages[known] ?? []);
  // The strings are needed for any first render, as the shell's scripts are; the screen's
  // chunks only once the shell has run, so they wait behind the shell (and its first paint).
  const links = (files: number[], fetchPriority: BootPreload["fetchPriority"]) =>
    files.map((index): BootPreload => {
      const file = table.files[index];
      const href = table.base + file;
      return file.endsWith(".css")
        ? { rel: "preload", as: "style", href, fetchPriority }
        : { rel: "modulepreload", href, fetchPriority };
    });
  return [...links(strings, "auto"), ...links([...files, ...screenStrings], "low")];
}
