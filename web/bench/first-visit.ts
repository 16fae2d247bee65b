/**
 * `npm run bench:web`: builds the production bundle and prints the gzip size of the JavaScript
 * a first visit to /chain/#/home downloads: the entry chunk named by the built index.html, every
 * chunk it imports statically (followed through Vite's manifest; home is part of the shell), and
 * the chunks it imports lazily before the screen shows (the default language's strings) with
 * their own static imports. Also prints each route's chunk, so a route that slipped into
 * the entry (or a bloated one) shows. `--json` prints one JSON line instead of the table.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { bootPreloads, type BootPreloadTable } from "../src/app/bootPreloads";

/** The first-visit budget in kB (1 kB = 1000 bytes, as Vite reports sizes). */
const TARGET_KB = 157;
/** The lazily loaded modules a first visit needs before home shows: zh-cn, the default language. */
const FIRST_VISIT_LAZY = ["src/i18n/locales/zh-cn.ts"];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const webDir = resolve(fileURLToPath(import.meta.url), "../..");
const json = process.argv.includes("--json");

await build({ root: webDir, logLevel: json ? "silent" : "warn" });

const dist = join(webDir, "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
const html = readFileSync(join(dist, "index.html"), "utf8");

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kB = (bytes: number) => Math.round(bytes / 10) / 100;

/** The manifest keys of `key` and of everything it imports statically, depth first. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

// The entry is the module script index.html loads; it must be the manifest's entry.
const entrySrc = /<script type="module"[^>]*\ssrc="\/chain\/([^"]+)"/.exec(html)?.[1];
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
// (Vite's links), and the default language (the table vite.config.ts writes,
// read by bootPreloads as the page reads it): they must agree.
const firstVisitFiles = new Set([...entryKeys, ...lazyKeys].map((key) => manifest[key].file));
const table = /<script id="boot-preloads" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
if (!table) throw new Error("dist/index.html has no boot-preloads table.");
const preloaded = [
  ...[...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/chain\/([^"]+)"/g)].map((m) => m[1]),
  ...bootPreloads(JSON.parse(table) as BootPreloadTable, "#/home", "")
    .filter((link) => link.rel === "modulepreload")
    .map((link) => link.href.replace(/^\/chain\//, "")),
];
const missing = preloaded.filter((file) => !firstVisitFiles.has(file));
if (missing.length > 0)
  throw new Error(`index.html preloads chunks a first visit does not need: ${missing.join(", ")}`);
const unloaded = [...firstVisitFiles].filter((file) => file !== entrySrc && !preloaded.includes(file));
if (unloaded.length > 0) throw new Error(`index.html does not preload first-visit chunks: ${unloaded.join(", ")}`);
const firstVisit = [...entryKeys, ...lazyKeys].map((key) => ({
  file: manifest[key].file,
  part: entryKeys.has(key) ? "entry" : "lazy",
  gzip: gzipBytes(manifest[key].file),
}));
const total = firstVisit.reduce((sum, row) => sum + row.gzip, 0);

/** Every lazily loaded route: its own chunk, and what it adds beyond the entry. */
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
const largest = routes[0];

if (json) {
  console.log(
    JSON.stringify({
      firstVisitGzipKB: kB(total),
      targetKB: TARGET_KB,
      files: firstVisit.map((row) => ({ ...row, gzip: kB(row.gzip) })),
      largestRoute: { ...largest, chunkGzip: kB(largest.chunkGzip), addedGzip: kB(largest.addedGzip) },
      routes: routes.map((r) => ({ ...r, chunkGzip: kB(r.chunkGzip), addedGzip: kB(r.addedGzip) })),
    }),
  );
} else {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log("\nFirst visit to /chain/#/home (JavaScript, gzip -9):");
  for (const row of firstVisit)
    console.log(`  ${pad(row.part, 6)} ${pad(row.file, 53)} ${kB(row.gzip).toFixed(2).padStart(8)} kB`);
  const verdict = total <= TARGET_KB * 1000 ? "within" : "OVER";
  console.log(`  ${pad("total", 60)} ${kB(total).toFixed(2).padStart(8)} kB  (${verdict} the ${TARGET_KB} kB target)`);
  console.log("\nRoute chunks (own chunk / added beyond the entry, gzip):");
  for (const r of routes) {
    console.log(
      `  ${pad(r.route, 52)} ${kB(r.chunkGzip).toFixed(2).padStart(7)} kB / ${kB(r.addedGzip).toFixed(2).padStart(7)} kB`,
    );
  }
  console.log(`\nLargest route: ${largest.route} (${kB(largest.addedGzip).toFixed(2)} kB added)`);
}
