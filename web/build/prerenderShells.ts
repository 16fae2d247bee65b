import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import {
  bootShellBody,
  bootShellHead,
  bootShellStyles,
  chooseShell,
  START_ID,
  type BootStart,
  type ShellTable,
} from "../src/app/bootShell.ts";
import { BOOT_SCRIPT, preloadTable, type PreloadScreensOptions } from "./preloadScreens.ts";

/** Each language's shell of each screen: `shells[language][screen]` is the HTML of #root. */
export type Shells = Record<string, Record<string, string>>;

export interface PrerenderShellsOptions {
  /** The module whose `renderShells()` renders them (src/app/prerender.tsx), built for Node here. */
  entry: string;
  /** The app's folder (the build's root). */
  root: string;
  /** The same options build/preloadScreens.ts is given: each screen's stylesheets come from its table. */
  preload: PreloadScreensOptions;
}

/** The tags the app's scripts load with: Vite's entry module script and its modulepreload links. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The function that starts the app's scripts, as index.html's own tags did: the opened screen's
 * and the language's files (build/preloadScreens.ts), the entry's imports, then the entry, as the
 * `START_ID` data block names them.
 */
export const START_SCRIPT = `()=>{${BOOT_SCRIPT};const d=JSON.parse(document.getElementById("${START_ID}").textContent);for(const h of d.modulePreloads){const e=document.createElement("link");e.rel="modulepreload";e.crossOrigin="";e.href=h;document.head.append(e)}const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=d.entry;document.head.append(s)}`;

/**
 * The shell as the page carries it: without the inline scripts React's rendering leaves (a timing
 * mark), which the page does not run, and with each test id as `data-shell-testid`: a test id
 * says the app is there to act on it, and a shell is not yet the app (the benchmarks look for both).
 */
export function shellMarkup(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/ data-testid="/g, ' data-shell-testid="');
}

/**
 * index.html with the shells: each a <template> at the end of <body>; the head's first script (in
 * place of build/preloadScreens.ts's, which it runs) picks one, the head's last adds its
 * stylesheets after the page's, the body's puts it into #root; Vite's
 * entry script and modulepreload links leave the page and are added by the scripts instead, at
 * once when no shell is shown, after the shell's first paint otherwise.
 */
export function withShells(html: string, shells: Shells, table: ShellTable): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module script for the app's entry.");
  const start: BootStart = { entry, modulePreloads: [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href) };
  const bootPreloads = `<script>${BOOT_SCRIPT}</script>`;
  if (!html.includes(bootPreloads)) throw new Error("index.html has no script of build/preloadScreens.ts.");
  const head = `(${bootShellHead.toString()})(${JSON.stringify(table)},${chooseShell.toString()},${START_SCRIPT},document,location)`;
  const styles = `(${bootShellStyles.toString()})(${JSON.stringify(table)},document)`;
  const body = `(${bootShellBody.toString()})(${START_SCRIPT},document,window)`;
  const templates = Object.entries(shells)
    .flatMap(([language, screens]) =>
      Object.entries(screens).map(
        ([screen, shell]) => `<template data-shell="${language} ${screen}">${shellMarkup(shell)}</template>`,
      ),
    )
    .join("");
  // Replaced by functions: the scripts hold "$" patterns a replacement string would expand.
  return html
    .replace(
      bootPreloads,
      () =>
        `<script id="${START_ID}" type="application/json">${JSON.stringify(start)}</script><script>${head}</script>`,
    )
    .replace(ENTRY_SCRIPT, () => "")
    .replace(MODULE_PRELOAD, () => "")
    .replace("</head>", () => `<script>${styles}</script></head>`)
    .replace("</body>", () => `${templates}<script>${body}</script></body>`);
}

/** Builds `entry` for Node (the app's own CSS module names and asset URLs, as the page's build makes them) and renders the shells. */
export async function renderShellsOf(entry: string, root: string, base: string): Promise<Shells> {
  const outDir = mkdtempSync(path.join(tmpdir(), "dwn-shells-"));
  try {
    await build({
      configFile: false,
      root,
      base,
      logLevel: "warn",
      mode: "production",
      plugins: [react()],
      resolve: { dedupe: ["react", "react-dom"] },
      ssr: { noExternal: true },
      build: { ssr: entry, outDir, emptyOutDir: true, target: "node20", minify: false },
    });
    const built: unknown = await import(
      pathToFileURL(path.join(outDir, `${path.basename(entry).replace(/\.[^.]+$/, "")}.js`)).href
    );
    const render = typeof built === "object" && built !== null ? Reflect.get(built, "renderShells") : undefined;
    if (typeof render !== "function") throw new Error(`${entry} exports no renderShells().`);
    return (await render()) as Shells;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Every screen a visitor opens first paints its own content before the app's JavaScript runs:
 * the build renders each screen's visitor view in each language (the app's own components, see
 * src/app/prerender.tsx) into index.html, and the page shows the one for its route and language
 * (src/app/bootShell.ts). The app then draws the same screen in its place (main.tsx).
 */
export function prerenderShells(options: PrerenderShellsOptions): Plugin {
  return {
    name: "dwn:prerender-shells",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const shells = await renderShellsOf(options.entry, options.root, options.preload.base);
        const preloads = preloadTable(bundle, options.preload);
        const screens = Object.fromEntries(
          Object.keys(Object.values(shells)[0] ?? {}).map((screen) => {
            const files = preloads.routes.find(([pattern]) => pattern === screen)?.[1] ?? [];
            return [screen, files.map((index) => preloads.files[index]).filter((file) => file.endsWith(".css"))];
          }),
        );
        return withShells(html, shells, {
          base: preloads.base,
          screens,
          languages: Object.keys(shells),
          defaultLanguage: preloads.defaultLanguage,
        });
      },
    },
  };
}
