import { PGlite } from "@electric-sql/pglite";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
// The package exports no package.json: its folder is the one above its entry (dist/).
const PGLITE_DIR = path.resolve(path.dirname(require.resolve("@electric-sql/pglite")), "..");
const PGLITE_VERSION = (JSON.parse(readFileSync(path.join(PGLITE_DIR, "package.json"), "utf8")) as { version: string })
  .version;

/**
 * Where the empty cluster is kept: node_modules/.cache beside PGlite itself (the project's own
 * folder, owned by whoever installed it), one file per PGlite version.
 */
export const DEFAULT_TEMPLATE_DIR = path.resolve(PGLITE_DIR, "..", "..", ".cache", "dwn-pglite");

/** The saved empty cluster of this PGlite version in `templateDir`. */
export const templateFile = (templateDir = DEFAULT_TEMPLATE_DIR) => path.join(templateDir, `${PGLITE_VERSION}.tar`);

/**
 * PGlite's WebAssembly and its file-system bundle, compiled and read once per process: a process
 * that opens several clusters (the tests open about 60) starts each from them, which saves about
 * 0.2 s of CPU of the 1–1.5 s an opening takes.
 */
let engine: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function pgliteEngine() {
  engine ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(PGLITE_DIR, "dist", "pglite.wasm"))),
    fsBundle: new Blob([readFileSync(path.join(PGLITE_DIR, "dist", "pglite.data"))]),
  }))();
  return engine;
}

/**
 * Opens the embedded database in `dataDir` (in memory without one). A new cluster is not made
 * by initdb each time: PostgreSQL's bootstrap, run in WebAssembly, takes 10–20 s on a 2-core
 * machine, while loading the same empty cluster from a tarball (PGlite's `loadDataDir`) takes
 * 2–4 s. The first new cluster made with this PGlite version is made by initdb and saved,
 * before anything is written to it, as that tarball; later new clusters load it. A tarball
 * that cannot be read or loaded is deleted and initdb runs again, so nothing depends on it.
 */
export async function openPgliteCluster(
  dataDir?: string,
  templateDir = DEFAULT_TEMPLATE_DIR,
): Promise<{ lite: PGlite; from: "existing" | "template" | "initdb" }> {
  const compiled = await pgliteEngine();
  if (dataDir && existsSync(path.join(dataDir, "PG_VERSION"))) {
    return { lite: await PGlite.create({ dataDir, ...compiled }), from: "existing" };
  }
  const template = templateFile(templateDir);
  if (existsSync(template)) {
    try {
      const loadDataDir = new Blob([readFileSync(template)]);
      return {
        lite: await PGlite.create({ ...(dataDir ? { dataDir } : {}), loadDataDir, ...compiled }),
        from: "template",
      };
    } catch {
      rmSync(template, { force: true });
      // A half-loaded folder is not a database: initdb starts it again from nothing.
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...compiled });
  await saveTemplate(lite, template);
  return { lite, from: "initdb" };
}

/** Saves a just-made cluster as the template, written whole or not at all (a rename). */
async function saveTemplate(lite: PGlite, file: string): Promise<void> {
  try {
    const tarball = Buffer.from(await (await lite.dumpDataDir("none")).arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
  } catch {
    // A read-only install: every new cluster is made by initdb, as without a template.
  }
}
