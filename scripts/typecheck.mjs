#!/usr/bin/env node
// `npm run typecheck`: each workspace's TypeScript project, checked as `tsc --noEmit -p <workspace>`
// checks it, by TypeScript 7 (the compiler's native port, `typescript-native` in package.json): the
// same checks as the TypeScript 5.9 that Hardhat, tsx and ESLint load, about four times faster
// (docs/testing.md). The editor and each workspace's own `typecheck` script keep TypeScript 5.9.
//
//   node scripts/typecheck.mjs              every workspace
//   node scripts/typecheck.mjs web server   only those named
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORKSPACES = ["contracts", "api", "server", "web", "e2e"];
const TSC = path.join(
  path.dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")),
  "bin",
  "tsc",
);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !WORKSPACES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown workspace ${unknown.join(", ")}: the workspaces are ${WORKSPACES.join(", ")}.`);
  process.exit(2);
}

let failed = 0;
for (const name of WORKSPACES.filter((w) => wanted.length === 0 || wanted.includes(w))) {
  const started = process.hrtime.bigint();
  const check = spawnSync(process.execPath, [TSC, "--noEmit", "--pretty", "-p", path.join(REPO, name)], {
    cwd: REPO,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ok = check.status === 0;
  if (!ok) failed++;
  console.log(
    `${ok ? "✔" : "✘"} ${name}: ${ok ? "no errors" : `errors (exit ${check.status ?? check.signal})`}, ${seconds.toFixed(1)} s`,
  );
}
process.exit(failed === 0 ? 0 : 1);
