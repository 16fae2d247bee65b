import { chmodSync, cpSync, mkdtempSync, rmSync } from "node:fs";
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
  SHELL_CSS_ATTRIBUTE,
  START_ID,
  type BootStart,
  type ShellTable,
} from "../src/app/bootShell.ts";
import type { Shells } from "../src/app/shellMarkup.ts";
import { formatTime } from "../src/lib/format.ts";
import { BOOT_SCRIPT, preloadTable, type PreloadScreensOptions } from "./preloadScreens.ts";

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
/** The page's own stylesheets, as Vite links them. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The function that starts the app's scripts, as index.html's own tags did: the opened screen's
 * and the language's files (build/preloadScreens.ts), the entry's imports, then the entry, as the
 * `START_ID` data block names them.
 */
export const START_SCRIPT = `()=>{${BOOT_SCRIPT};const d=JSON.parse(document.getElementById("${START_ID}").textContent);for(const h of d.modulePreloads){const e=document.createElement("link");e.rel="modulepreload";e.crossOrigin="";e.href=h;document.head.append(e)}const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=d.entry;document.head.append(s)}`;

/** A stylesheet's rules inline: a <style> element, with `attributes`. */
function inlineStyle(file: string, css: Record<string, string>, attributes: string): string {
  const rules = css[file];
  if (rules === undefined) throw new Error(`The build has no stylesheet ${file}.`);
  if (/<\/style/i.test(rules)) throw new Error(`${file} cannot be inlined: it holds "</style".`);
  return `<style${attributes}>${rules.trim()}</style>`;
}

/**
 * The stylesheets of every shell, once each, in an order that keeps each screen's own order (the
 * order the app adds them in, which the cascade follows); an error if no order does.
 */
export function shellStylesheets(screens: ShellTable["screens"]): string[] {
  const order: string[] = [];
  for (const files of Object.values(screens)) {
    let at = 0;
    for (const file of files) {
      const found = order.indexOf(file);
      if (found === -1) order.splice(at++, 0, file);
      else if (found >= at) at = found + 1;
      else
        throw new Error(`The shells' stylesheets have no one order: ${files.join(", ")} against ${order.join(", ")}.`);
    }
  }
  return order;
}

/**
 * index.html with the shells: each a <template> at the end of <body>; the head's first script (in
 * place of build/preloadScreens.ts's, which it runs) picks one, the head's last switches its
 * stylesheets on after the page's, the body's puts it into #root; Vite's entry script and
 * modulepreload links leave the page and are added by the scripts instead, at once when no shell
 * is shown, after the shell's first paint otherwise.
 *
 * Every stylesheet the first paint needs comes inside the page (`css`: each built stylesheet's
 * text by its file under the base), so that paint waits for the page alone, not for a request
 * after it (on a slow network each request is a round trip of its own: 2 s on Slow 3G). The
 * page's own stylesheets are inline where Vite linked them, each followed by its link, disabled
 * (which fetches nothing), so the app's module loader takes them as loaded; the shells'
 * stylesheets follow at the end of the head, each applying nothing (`media="not all"`) until the
 * head's last script switches on the chosen shell's (src/app/bootShell.ts).
 */
export function withShells(html: string, shells: Shells, table: ShellTable, css: Record<string, string>): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module script for the app's entry.");
  const start: BootStart = { entry, modulePreloads: [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href) };
  const underBase = (href: string) => {
    if (!href.startsWith(table.base)) throw new Error(`The stylesheet ${href} is not under ${table.base}.`);
    return href.slice(table.base.length);
  };
  const shellStyles = shellStylesheets(table.screens)
    .map((file) => inlineStyle(file, css, ` ${SHELL_CSS_ATTRIBUTE}="${file}" media="not all"`))
    .join("");
  const bootPreloads = `<script>${BOOT_SCRIPT}</script>`;
  if (!html.includes(bootPreloads)) throw new Error("index.html has no script of build/preloadScreens.ts.");
  const head = `(${bootShellHead.toString()})(${JSON.stringify(table)},${chooseShell.toString()},${START_SCRIPT},document,location)`;
  const styles = `(${bootShellStyles.toString()})(${JSON.stringify(table)},document)`;
  const body = `(${bootShellBody.toString()})(${START_SCRIPT},document,window,${formatTime.toString()})`;
  const templates = Object.entries(shells)
    .flatMap(([language, screens]) =>
      Object.entries(screens).map(
        ([screen, shell]) => `<template data-shell="${language} ${screen}">${shell}</template>`,
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
    .replace(
      STYLESHEET,
      (link: string, href: string) => `${inlineStyle(underBase(href), css, "")}${link.replace(/>$/, " disabled>")}`,
    )
    .replace("</head>", () => `${shellStyles}<script>${styles}</script></head>`)
    .replace("</body>", () => `${templates}<script>${body}</script></body>`);
}

/**
 * Where in the built app the shells' renderer is kept (@dwn/api's SHELL_RENDERER, which the
 * server loads): `entry` built for Node, whose `renderServedShells()` renders the shells showing
 * the page's chain figures with them. Its folder starts with a dot, which the server never serves.
 */
export const SHELL_RENDERER = ".shells/prerender.mjs";

/**
 * Builds `entry` for Node (the app's own CSS module names and asset URLs, as the page's build
 * makes them) into a folder of its own, and renders the shells with it.
 */
export async function renderShellsOf(
  entry: string,
  root: string,
  base: string,
): Promise<{ shells: Shells; renderer: string }> {
  const renderer = mkdtempSync(path.join(tmpdir(), "dwn-shells-"));
  try {
    const file = path.basename(SHELL_RENDERER);
    await build({
      configFile: false,
      root,
      base,
      logLevel: "warn",
      mode: "production",
      plugins: [react()],
      resolve: { dedupe: ["react", "react-dom"] },
      ssr: { noExternal: true },
      build: {
        ssr: entry,
        outDir: renderer,
        emptyOutDir: true,
        target: "node20",
        minify: false,
        rolldownOptions: { output: { entryFileNames: file, chunkFileNames: "[name]-[hash].mjs" } },
      },
    });
    const built: unknown = await import(pathToFileURL(path.join(renderer, file)).href);
    const render = typeof built === "object" && built !== null ? Reflect.get(built, "renderShells") : undefined;
    if (typeof render !== "function") throw new Error(`${entry} exports no renderShells().`);
    return { shells: (await render()) as Shells, renderer };
  } catch (error) {
    rmSync(renderer, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Every screen a visitor opens first paints its own content before the app's JavaScript runs:
 * the build renders each screen's visitor view in each language (the app's own components, see
 * src/app/prerender.tsx) into index.html, and the page shows the one for its route and language
 * (src/app/bootShell.ts). The app then draws the same screen in its place (main.tsx).
 */
export function prerenderShells(options: PrerenderShellsOptions): Plugin {
  let outDir = "";
  /** The Node build of the entry, until it is copied into the app's folder. */
  let renderer: string | undefined;
  const forget = () => {
    if (renderer) rmSync(renderer, { recursive: true, force: true });
    renderer = undefined;
  };
  return {
    name: "dwn:prerender-shells",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (!renderer) return;
      const target = path.join(outDir, path.dirname(SHELL_RENDERER));
      rmSync(target, { recursive: true, force: true });
      cpSync(renderer, target, { recursive: true });
      // mkdtemp made it for its owner alone; the server may run as another user.
      chmodSync(target, 0o755);
      forget();
    },
    closeBundle: forget,
    transformIndexHtml: {
      order: "post",
      async handler(html, { bundle }) {
        if (!bundle) return html;
        forget();
        const built = await renderShellsOf(options.entry, options.root, options.preload.base);
        renderer = built.renderer;
        const { shells } = built;
        const preloads = preloadTable(bundle, options.preload);
        const screens = Object.fromEntries(
          Object.keys(Object.values(shells)[0] ?? {}).map((screen) => {
            const files = preloads.routes.find(([pattern]) => pattern === screen)?.[1] ?? [];
            return [screen, files.map((index) => preloads.files[index]).filter((file) => file.endsWith(".css"))];
          }),
        );
        const css = Object.fromEntries(
          Object.values(bundle).flatMap((item) =>
            item.type === "asset" && item.fileName.endsWith(".css")
              ? [[item.fileName, typeof item.source === "string" ? item.source : new TextDecoder().decode(item.source)]]
              : [],
          ),
        );
        return withShells(
          html,
          shells,
          { base: preloads.base, screens, languages: Object.keys(shells), defaultLanguage: preloads.defaultLanguage },
          css,
        );
      },
    },
  };
}
