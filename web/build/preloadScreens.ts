import type { Plugin, Rolldown } from "vite";
import { bootPreloads, type BootPreloadTable } from "../src/app/bootPreloads.ts";

export interface PreloadScreensOptions {
  /** The app's base URL ("/chain/"). */
  base: string;
  /** Each screen's route pattern and module file without its extension (none for a screen of the shell). */
  routes: { pattern: string; module: string | undefined }[];
  /** The pattern of the screen any other path shows. */
  fallback: string;
  /** Each language's module files (its own strings and those it falls back to), without extension. */
  languages: Record<string, string[]>;
  /** The same for the strings of the screens other than home. */
  screenLanguages: Record<string, string[]>;
  defaultLanguage: string;
}

/** The id of the data block with the table, which `BOOT_SCRIPT` reads. */
export const TABLE_ID = "boot-preloads";

/**
 * The script index.html runs, inline, before anything else: `bootPreloads` (which uses nothing
 * from outside its body) on the table, the URL's hash and the cookies, each result a <link>, but
 * a stylesheet the page already has a link for (a shell's, whose rules the page carries inline:
 * build/prerenderShells.ts). The server allows it by its hash in its CSP
 * (server/src/serve/security.ts reads the built page).
 */
export const BOOT_SCRIPT = `for(const l of(${bootPreloads.toString()})(JSON.parse(document.getElementById("${TABLE_ID}").textContent),location.hash,document.cookie)){if(l.as==="style"&&document.querySelector('link[rel="stylesheet"][href="'+l.href+'"]'))continue;const e=document.createElement("link");Object.assign(e,l);e.crossOrigin="";document.head.append(e)}`;

/** The table of each screen's and language's files, from the built chunks. */
export function preloadTable(bundle: Rolldown.OutputBundle, options: PreloadScreensOptions): BootPreloadTable {
  const chunks = new Map(
    Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])),
  );
  const byModule = new Map([...chunks.values()].map((chunk) => [chunk.facadeModuleId, chunk]));
  const closure = (fileName: string, into: Set<string>) => {
    const chunk = chunks.get(fileName);
    if (!chunk || into.has(fileName)) return;
    into.add(fileName);
    for (const imported of chunk.imports) closure(imported, into);
  };
  // Vite preloads the entry's static imports itself.
  const entry = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, entry);
  const files: string[] = [];
  const filesOf = (module: string) => {
    const chunk = [module, `${module}.tsx`, `${module}.ts`].map((id) => byModule.get(id)).find(Boolean);
    // A lazily loaded chunk of its own: the module is loaded with import() (as screens.ts does).
    if (!chunk?.isDynamicEntry) throw new Error(`No lazily loaded chunk of its own for ${module}.`);
    const js = new Set<string>();
    closure(chunk.fileName, js);
    const wanted = [...js].filter((file) => !entry.has(file));
    const css = wanted.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
    return [...wanted, ...new Set(css)].map((file) => {
      if (!files.includes(file)) files.push(file);
      return files.indexOf(file);
    });
  };
  const routes = options.routes.map(
    ({ pattern, module }) => [pattern, module === undefined ? [] : filesOf(module)] as [string, number[]],
  );
  return {
    base: options.base,
    files,
    routes,
    fallback: routes.find(([pattern]) => pattern === options.fallback)?.[1] ?? [],
    languages: Object.fromEntries(
      Object.entries(options.languages).map(([code, modules]) => [code, [...new Set(modules.flatMap(filesOf))]]),
    ),
    screenLanguages: Object.fromEntries(
      Object.entries(options.screenLanguages).map(([code, modules]) => [code, [...new Set(modules.flatMap(filesOf))]]),
    ),
    defaultLanguage: options.defaultLanguage,
  };
}

/**
 * index.html fetches the opened screen's chunks and the language's strings beside the entry,
 * instead of after the entry has run (a round trip, and on /mine some thirty requests, later).
 * The route is in the URL's hash, so the page picks them itself: the build writes the table of
 * every screen's and language's files into index.html, with `BOOT_SCRIPT` to read it.
 */
export function preloadScreens(options: PreloadScreensOptions): Plugin {
  return {
    name: "dwn:preload-screens",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return [
          {
            tag: "script",
            attrs: { id: TABLE_ID, type: "application/json" },
            children: JSON.stringify(preloadTable(bundle, options)),
            injectTo: "head-prepend" as const,
          },
          { tag: "script", children: BOOT_SCRIPT, injectTo: "head-prepend" as const },
        ];
      },
    },
  };
}
