#!/usr/bin/env node
// `npm test`: every stage of the suite, the independent ones at the same time. A stage's output
// is kept whole and printed, under its name, when it ends (so stages running together never
// interleave); a stage running alone streams its lines as they come, each prefixed with its
// name. Every stage runs even when another failed; the exit code is 1 if any failed, and the
// last lines are each stage's result and time.
//
//   node scripts/test.mjs                  every stage
//   node scripts/test.mjs lint web         only the stages named
//   TEST_JOBS=3 node scripts/test.mjs      at most 3 stages at once (default 2, the CI machine's cores)
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The stages, longest first among those that may start, each an npm script of the root
 * package.json. `alone` stages start only when nothing else runs and nothing starts beside
 * them: the browser tests drive Chromium against full stacks and their timing assertions
 * should not share the two cores.
 */
const STAGES = [
  { name: "server:pglite", script: "server:test" },
  { name: "contracts:coverage", script: "contracts:coverage" },
  { name: "server:postgres", script: "server:test:postgres" },
  { name: "contracts:property", script: "contracts:property" },
  { name: "lint", script: "lint" },
  { name: "web", script: "web:test" },
  { name: "typecheck", script: "typecheck" },
  { name: "api", script: "api:test" },
  { name: "e2e", script: "e2e:test", alone: true },
];

const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? 2) || 1);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STAGES.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(", ")}: the stages are ${STAGES.map((s) => s.name).join(", ")}.`);
  process.exit(2);
}
const queue = STAGES.filter((s) => wanted.length === 0 || wanted.includes(s.name));
const results = [];
const running = new Set();
const children = new Set();
const started = Date.now();

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const clock = () => new Date().toISOString().slice(11, 19);

function run(stage) {
  return new Promise((resolve) => {
    const begin = Date.now();
    const live = queue.length === 0 && running.size === 0;
    const chunks = [];
    let partial = "";
    const onData = (chunk) => {
      if (!live) return void chunks.push(chunk);
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`[${stage.name}] ${line}\n`);
    };
    console.log(`${clock()} ▶ ${stage.name} (npm run ${stage.script})`);
    const child = spawn("npm", ["run", "--silent", stage.script], {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    children.add(child);
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("close", (code, signal) => {
      children.delete(child);
      const ms = Date.now() - begin;
      const ok = code === 0;
      if (live && partial) process.stdout.write(`[${stage.name}] ${partial}\n`);
      if (!live) {
        process.stdout.write(`\n──── ${stage.name} ────\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(
        `${clock()} ${ok ? "✔" : "✘"} ${stage.name} ${ok ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${seconds(ms)}\n`,
      );
      results.push({ name: stage.name, ok, ms });
      resolve();
    });
  });
}

function stopAll() {
  for (const child of children) if (child.pid) process.kill(-child.pid, "SIGINT");
}
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);

await new Promise((done) => {
  const next = () => {
    if (queue.length === 0 && running.size === 0) return done();
    while (queue.length > 0 && running.size < jobs && ![...running].some((r) => r.alone)) {
      const i = queue.findIndex((s) => !s.alone);
      // Only stages that run alone are left: each waits until nothing else runs.
      if (i === -1 && running.size > 0) break;
      const stage = queue.splice(i === -1 ? 0 : i, 1)[0];
      const entry = { alone: stage.alone === true };
      running.add(entry);
      void run(stage).then(() => {
        running.delete(entry);
        next();
      });
    }
  };
  next();
});

console.log(`Stages (at most ${jobs} at once), ${seconds(Date.now() - started)} in all:`);
for (const r of results) console.log(`  ${r.ok ? "✔" : "✘"} ${r.name.padEnd(20)} ${seconds(r.ms).padStart(6)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
