// The server as one JavaScript file, for the processes that start it many times over: `npm start`
// (and so every browser-test stack) and the server tests' own processes. Loading the sources
// through tsx costs about 3 s of CPU a start (its loader sees every module, the packages' too);
// the bundle loads in about 1 s. Production and `npm run --workspace server start` still run the
// sources through tsx.
//
// The bundle holds the server's code and the workspace packages it imports (@dwn/api,
// @dwn/contracts); other packages stay external and load from node_modules as usual. Each module
// keeps its own `import.meta.url` (the source file's), so what the code finds next to itself (the
// repository's folders, the apply stage's sources that its version is hashed from) is found as
// under tsx; only the entry's "am I the program being run?" check compares the bundle's.
//
// It is made again when a file it was made from changed (their digest is kept beside it), in
// server/.cache/, written under a temporary name and renamed, so processes starting at the same
// time never load half a file.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = path.join(REPO, "server");
const CACHE = path.join(SERVER, ".cache");
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
 * The bundle of `entry` (a path under server/, such as "src/main.ts"), made if it is missing or
 * older than its sources; returns its absolute path, to run as `node <path>`.
 */
export async function serverBundle(entry = "src/main.ts") {
  const name = entry
    .replace(/^src\//, "")
    .replace(/\.ts$/, "")
    .replaceAll("/", "-");
  const outfile = path.join(CACHE, `${name}.mjs`);
  const record = path.join(CACHE, `${name}.json`);
  if (existsSync(outfile) && existsSync(record)) {
    const { inputs, digest } = JSON.parse(readFileSync(record, "utf8"));
    if (digestOf(inputs) === digest) return outfile;
  }
  const entryFile = path.join(SERVER, entry);
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
        name: "dwn-server-bundle",
        setup(b) {
          // Third-party packages stay external; the workspace's own (TypeScript sources) are bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@dwn/") || path.isAbsolute(args.path)
              ? undefined
              : { path: args.path, external: true },
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
  mkdirSync(CACHE, { recursive: true });
  const temporary = `${outfile}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, outfile);
  writeFileSync(`${record}.${process.pid}.tmp`, JSON.stringify({ inputs, digest: digestOf(inputs) }));
  renameSync(`${record}.${process.pid}.tmp`, record);
  return outfile;
}
