/**
 * What a first visit to /chain/#/home downloads of a production build's JavaScript, gzip -9:
 * the entry chunk named by the built index.html, every chunk it imports statically (followed
 * through Vite's manifest; home is part of the shell), and the chunks it imports lazily before
 * the screen shows (the default language's strings) with their own static imports. Also each
 * route's chunk, so a route that slipped into the entry (or a bloated one) shows. Used by
 * `npm run bench:web` (bench/first-visit.ts) and by the web tests on the build they make
 * (test/bundle.test.ts), which hold it to `FIRST_VISIT_BUDGET_KB`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Manifest } from "vite";
import { bootPreloads, type BootPreloadTable } from "../src/app/bootPreloads.ts";
import { START_ID, type BootStart } from "../src/app/bootShell.ts";

/** The first-visit budget in kB (1 kB = 1000 bytes, as Vite reports sizes): what a build may not exceed. */
export const FIRST_VISIT_BUDGET_KB = 120;
/** The lazily loaded modules a first visit needs before home shows: zh-cn, the default language. */
const FIRST_VISIT_LAZY = ["src/i18n/locales/zh-cn.ts"];

export interface FirstVisit {
  /** Each file a first visit downloads, with its gzip size in bytes. */
  files: { file: string; part: "entry" | "lazy"; gzip: number }[];
  /** Their gzip size in bytes. */
  total: number;
  /**
   * The page's own stylesheets, with their size and gzip size in bytes: index.html carries their
   * rules inline, each beside its link, disabled (build/prerenderShells.ts), so the first paint
   * waits for them as for the page itself.
   */
  stylesheets: { file: string; bytes: number; gzip: number }[];
  /** index.html as built (the shells and the stylesheets in it), its size and gzip size in bytes. */
  page: { bytes: number; gzip: number };
  /** Every lazily loaded route: its own chunk, and what it adds beyond the entry (gzip bytes), largest first. */
  routes: { route: string; file: string; chunkGzip: number; addedGzip: number }[];
}

/** kB (1000 bytes) with two decimals, as the bench prints them. */
export const kB = (bytes: number) => Math.round(bytes / 10) / 100;

/** The first visit of the production build in `dist`; throws if index.html's preloads are not the first visit's. */
export function measureFirstVisit(dist: string): FirstVisit {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

  /** The manifest keys of `key` and of everything it imports statically, depth first. */
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
    return seen;
  };

  // The entry is the module script index.html loads (its boot scripts add it and its preloads, as
  // the START_ID block names them: build/prerenderShells.ts); it must be the manifest's entry.
  const startBlock = new RegExp(`<script id="${START_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1];
  const start = startBlock ? (JSON.parse(startBlock) as BootStart) : undefined;
  const entrySrc = (start?.entry ?? /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1])?.replace(
    /^\/chain\//,
    "",
  );
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].file === entrySrc);
  if (!entrySrc || !entryKey)
    throw new Error("dist/index.html loads no module script that the manifest knows as an entry.");
  for (const key of FIRST_VISIT_LAZY) {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} is not a lazily loaded chunk of its own.`);
  }

  const entryKeys = staticClosure(entryKey);
  const lazyKeys = new Set<string>();
  for (const key of FIRST_VISIT_LAZY) for (const k of staticClosure(key)) if (!entryKeys.has(k)) lazyKeys.add(k);

  // The preloads index.html makes are what the browser fetches with the entry: the entry's imports
  // (Vite's links), and the default language (the table build/preloadScreens.ts writes, read by
  // bootPreloads as the page reads it): they must agree.
  const firstVisitFiles = new Set([...entryKeys, ...lazyKeys].map((key) => manifest[key].file));
  const table = /<script id="boot-preloads" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (!table) throw new Error("dist/index.html has no boot-preloads table.");
  const preloaded = [
    ...(
      start?.modulePreloads ?? [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1])
    ).map((href) => href.replace(/^\/chain\//, "")),
    ...bootPreloads(JSON.parse(table) as BootPreloadTable, "#/home", "")
      .filter((link) => link.rel === "modulepreload")
      .map((link) => link.href.replace(/^\/chain\//, "")),
  ];
  const missing = preloaded.filter((file) => !firstVisitFiles.has(file));
  if (missing.length > 0)
    throw new Error(`index.html preloads chunks a first visit does not need: ${missing.join(", ")}`);
  const unloaded = [...firstVisitFiles].filter((file) => file !== entrySrc && !preloaded.includes(file));
  if (unloaded.length > 0) throw new Error(`index.html does not preload first-visit chunks: ${unloaded.join(", ")}`);
  const files = [...entryKeys, ...lazyKeys].map((key) => ({
    file: manifest[key].file,
    part: entryKeys.has(key) ? ("entry" as const) : ("lazy" as const),
    gzip: gzipBytes(manifest[key].file),
  }));

  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && /^src\/features\/\w+\/\w+Page\.tsx$/.test(key))
    .map(([key, chunk]) => ({
      route: key,
      file: chunk.file,
      chunkGzip: gzipBytes(chunk.file),
      addedGzip: [...staticClosure(key)]
        .filter((k) => !entryKeys.has(k))
        .reduce((sum, k) => sum + gzipBytes(manifest[k].file), 0),
    }))
    .sort((a, b) => b.addedGzip - a.addedGzip);
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*\shref="\/chain\/([^"]+)"/g)].map(([, file]) => ({
    file,
    bytes: readFileSync(join(dist, file)).length,
    gzip: gzipBytes(file),
  }));
  const page = { bytes: Buffer.byteLength(html), gzip: gzipBytes("index.html") };
  return { files, total: files.reduce((sum, row) => sum + row.gzip, 0), routes, stylesheets, page };
}
