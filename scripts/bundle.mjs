// TypeScript entries as one JavaScript file each, for the processes that start many times over:
// the server under `npm start` (and so every browser-test stack) and the server tests' own
// processes, and each browser-test file under the browser tests' runner. Loading TypeScript
// through tsx costs seconds of CPU a process (its loader sees every module, the packages' too):
// a server start about 3 s more than its bundle, a browser-test file's imports about 4 s more.
// Production, `npm run --workspace server start` and a test file run by hand still run the
// sources through tsx.
//
// A bundle holds the entry's code and the workspace sources it imports (@dwn/api,
// @dwn/contracts, the web app's strings); other packages stay external and load from
// node_modules as usual. Each module keeps its own `import.meta.url` (the source file's), so
// what the code finds next to itself (the repository's folders, the apply stage's sources that
// its version is hashed from) is found as under tsx; only the entry's "am I the program being
// run?" check compares the bundle's.
//
// A bundle is made again when a file it was made from changed (their digest is kept beside it),
// in the workspace's .cache/ folder, written under a temporary name and renamed, so processes
// starting at the same time never load half a file.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** A module's "am I the program being run?" check: true in the bundle for its entry alone. */
const RUN_AS_PROGRAM = "import.meta.url === `file://${process.argv[1]}`";

/** One SHA-256 over `files`' paths and bytes (a missing file counts as changed). */
function digestOf(files) {
  const hash = createHash("sha256");
  for (const file of files) {
    const full = path.join(REPO, file);
    if (!existsSync(full)) return "missing";
    hash.update(`${file}\0`).update(readFileSync(full)).update("\0");
  }
  return hash.digest("hex");
}

/**
 * The server's bundle of `entry` (a path under server/, such as "src/main.ts"), made if it is
 * missing or older than its sources; returns its absolute path, to run as `node <path>`.
 */
export function serverBundle(entry = "src/main.ts") {
  return bundle("server", entry, () => true);
}

/**
 * The server's bundle of `entry` if it is made and no older than its sources, without making it:
 * its absolute path, or undefined. For code that cannot wait (the server tests' process spawner,
 * whose pass makes the bundle first: server/test/support/files.ts).
 */
export function madeServerBundle(entry = "src/main.ts") {
  const { outfile, record } = cacheFiles("server", entry);
  return fresh(outfile, record) ? outfile : undefined;
}

/**
 * The bundle of a browser-test file (a path under e2e/, such as "tests/csp.test.ts"), made if it
 * is missing or older than its sources; returns its absolute path, to run as `node --test <path>`.
 */
export function e2eBundle(entry) {
  return bundle("e2e", entry, (name) =>
    E2E_EXTERNAL.some((external) => name === external || name.startsWith(`${external}/`)),
  );
}

/**
 * The packages a browser-test file loads from node_modules; the others it imports (through the
 * web app's strings: antd-mobile's locales, whose ES modules name their imports without an
 * extension, as bundlers accept and Node does not) go into its bundle.
 */
const E2E_EXTERNAL = ["playwright-core", "viem", "axe-core", "jsqr", "chrome-launcher", "lighthouse"];

/**
 * The bundle of `entry` (a path under the folder `workspace`), in that folder's .cache/, with the
 * packages `external` names (by import path) left to load from node_modules.
 */
/** Where the bundle of `entry` (under the folder `workspace`) and its record of inputs are kept. */
function cacheFiles(workspace, entry) {
  const cache = path.join(REPO, workspace, ".cache");
  const name = entry
    .replace(/^(src|tests)\//, "")
    .replace(/\.ts$/, "")
    .replaceAll("/", "-");
  return { cache, outfile: path.join(cache, `${name}.mjs`), record: path.join(cache, `${name}.json`) };
}

/** Whether a bundle is made and its record's inputs are as they were when it was made. */
function fresh(outfile, record) {
  if (!existsSync(outfile) || !existsSync(record)) return false;
  const { inputs, digest } = JSON.parse(readFileSync(record, "utf8"));
  return digestOf(inputs) === digest;
}

async function bundle(workspace, entry, external) {
  const { cache, outfile, record } = cacheFiles(workspace, entry);
  if (fresh(outfile, record)) return outfile;
  const entryFile = path.join(REPO, workspace, entry);
  const result = await build({
    entryPoints: [entryFile],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    metafile: true,
    outfile,
    absWorkingDir: REPO,
    logLevel: "warning",
    plugins: [
      {
        name: "dwn-bundle",
        setup(b) {
          // The workspace's own packages (TypeScript sources) are bundled, Node's built-ins never.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("node:") ||
            (!args.path.startsWith("@dwn/") && !path.isAbsolute(args.path) && external(args.path))
              ? { path: args.path, external: true }
              : undefined,
          );
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const here = JSON.stringify(pathToFileURL(args.path).href);
            const contents = readFileSync(args.path, "utf8")
              .split(RUN_AS_PROGRAM)
              .map((part) => part.replaceAll("import.meta.url", here))
              .join(args.path === entryFile ? RUN_AS_PROGRAM : RUN_AS_PROGRAM.replace("import.meta.url", here));
            return { contents, loader: "ts" };
          });
        },
      },
    ],
  });
  // What it was made from: the sources, and how (this file).
  const inputs = [...Object.keys(result.metafile.inputs), path.relative(REPO, fileURLToPath(import.meta.url))].sort();
  mkdirSync(cache, { recursive: true });
  const temporary = `${outfile}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, outfile);
  writeFileSync(`${record}.${process.pid}.tmp`, JSON.stringify({ inputs, digest: digestOf(inputs) }));
  renameSync(`${record}.${process.pid}.tmp`, record);
  return outfile;
}
