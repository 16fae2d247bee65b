import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { DERIVED_TABLES } from "../store/tables";
import { indexedAbi } from "./apply";

/**
 * The version of the apply code: what rows it writes for which events. The database records the
 * version that built its tables, an indexer refuses tables of another version, and
 * `npm run --workspace server reindex` rebuilds them with this one.
 *
 * It is derived, never raised by hand: a hash of the table registry (every table's name, key,
 * columns and types), the events the apply stage decodes (their ABI), and the apply stage's code,
 * every file of this folder. The code is its source text: the server runs its sources through tsx,
 * or (npm start) a bundle made from them whose modules each keep their own location
 * (scripts/bundle.mjs), so the files read here are the code that runs, the same text on
 * every machine, in every run and for both databases. A handler's `toString()` would be what esbuild
 * made of it, which moves with tsx's version, and would leave out the helpers the handlers call.
 * Lines that are only a comment, blank lines and indentation are left out (see `codeOf`), so that
 * rewording a comment asks for no reindex; any other edit changes the version (a reindex too
 * many rather than tables built by other code). Parsing with TypeScript would be exact, but
 * loading it costs seconds at each start; version.test.ts checks with it that `codeOf` drops
 * nothing else from these files.
 */
export function applyVersion(): string {
  return (computed ??= versionOf({ tables: DERIVED_TABLES, abi: indexedAbi, sources: applySources() }));
}
let computed: string | undefined;

/** The apply stage's source files, by name. */
export function applySources(): Record<string, string> {
  const folder = new URL(".", import.meta.url);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith(".ts"))
      .sort()
      .map((name) => [name, readFileSync(new URL(name, folder), "utf8")]),
  );
}

/**
 * A source file without its comment lines (`// …`, and `/* … *\/` blocks that start a line and
 * end one), its blank lines and its lines' surrounding whitespace.
 */
export function codeOf(source: string): string {
  const kept: string[] = [];
  let inComment = false;
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const opens = !inComment && line.startsWith("/*");
    if (inComment || opens) {
      const end = line.indexOf("*/", opens ? 2 : 0);
      inComment = end === -1;
      // Code after a comment's end on the same line is kept, with the line.
      if (end !== -1 && end + 2 < line.length) kept.push(line);
    } else if (line !== "" && !line.startsWith("//")) kept.push(line);
  }
  return kept.join("\n");
}

/** The version of apply code made of `sources` (file name to TypeScript text) writing `tables` from `abi`'s events. */
export function versionOf(inputs: {
  tables: unknown;
  abi: unknown;
  sources: Readonly<Record<string, string>>;
}): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ tables: inputs.tables, abi: inputs.abi }));
  for (const name of Object.keys(inputs.sources).sort()) hash.update(`\0${name}\0${codeOf(inputs.sources[name])}`);
  return hash.digest("hex").slice(0, 16);
}
