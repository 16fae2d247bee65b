#!/usr/bin/env node
// `npm run typecheck`: each workspace's TypeScript project, checked as `tsc --noEmit -p <workspace>`
// checks it, all five in one process. The projects read the same declaration files (viem's, Node's,
// React's…): a shared document registry parses and binds each file once for every project whose
// settings allow it (as the editor's language service does), instead of once per project.
//
//   node scripts/typecheck.mjs              every workspace
//   node scripts/typecheck.mjs web server   only those named
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORKSPACES = ["contracts", "api", "server", "web", "e2e"];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !WORKSPACES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown workspace ${unknown.join(", ")}: the workspaces are ${WORKSPACES.join(", ")}.`);
  process.exit(2);
}

const registry = ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames, REPO);
const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => REPO,
  getNewLine: () => ts.sys.newLine,
};

function configOf(dir) {
  const file = path.join(dir, "tsconfig.json");
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) return { errors: [read.error] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dir, { noEmit: true }, file);
  return parsed;
}

let failed = 0;
/** The last project's service, disposed once the next has taken its files from the registry. */
let previous;
for (const name of WORKSPACES.filter((w) => wanted.length === 0 || wanted.includes(w))) {
  const dir = path.join(REPO, name);
  const started = process.hrtime.bigint();
  const config = configOf(dir);
  let diagnostics = config.errors ?? [];
  if (config.fileNames) {
    /** @type {ts.LanguageServiceHost} */
    const host = {
      getCompilationSettings: () => config.options,
      getScriptFileNames: () => config.fileNames,
      getProjectReferences: () => config.projectReferences,
      getScriptVersion: () => "0",
      getScriptSnapshot: (file) => {
        const text = ts.sys.readFile(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => dir,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      realpath: ts.sys.realpath,
      useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    };
    const service = ts.createLanguageService(host, registry);
    const program = service.getProgram();
    previous?.dispose();
    previous = service;
    if (program) diagnostics = [...diagnostics, ...ts.getPreEmitDiagnostics(program)];
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (diagnostics.length > 0) {
    failed++;
    process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  }
  console.log(`${diagnostics.length === 0 ? "✔" : "✘"} ${name}: ${diagnostics.length} errors, ${seconds.toFixed(1)} s`);
}
previous?.dispose();
process.exit(failed === 0 ? 0 : 1);
