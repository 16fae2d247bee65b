/**
 * Mutation testing of Pool and Staking: applies each mutation of `mutants-list.ts` alone to a
 * temporary copy of this workspace (the sources here are never written, so an interrupted run
 * leaves nothing mutated), runs the property test against it with a fixed seed (no shrinking) and,
 * if the mutant survives that, the unit tests that cover the mutated contract, and prints which
 * mutants survived and the kill rate.
 *
 * Every patch is checked to apply before anything runs: a mutation whose target text is gone (or
 * appears more than once) stops the run with its name.
 *
 * Environment:
 * - MUTANTS_RUNS: property sequences per mutant (default 30); MUTANTS_SEED: their seed (default 1);
 * - MUTANTS_TESTS: `unit+property` (default), `property` or `unit`;
 * - MUTANTS_ONLY: comma-separated mutant ids to run, in that order (default all, in the list's order);
 * - MUTANTS_ORACLES=off: the property test without its independent oracles (to see what they add);
 * - MUTANTS_BASELINE=0: skip the run of the unmutated copy (which must pass);
 * - MUTANTS_CHECK=1: only check that every patch applies, and run nothing;
 * - MUTANTS_TIMEOUT: minutes before a mutant's tests are stopped and it counts as killed (default 20).
 *
 * Run with `npm run contracts:mutants` from the repository root. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MUTANTS, type Mutant } from "./mutants-list";

const WORKSPACE = path.resolve(__dirname, "..");
const ROOT_MODULES = path.resolve(WORKSPACE, "..", "node_modules");
const RUNS = Number(process.env.MUTANTS_RUNS ?? 30);
const SEED = Number(process.env.MUTANTS_SEED ?? 1);
const TESTS = process.env.MUTANTS_TESTS ?? "unit+property";
const TIMEOUT_MS = Number(process.env.MUTANTS_TIMEOUT ?? 20) * 60_000;
const ONLY = process.env.MUTANTS_ONLY?.split(",").map((s) => s.trim());
const PROPERTY = "test/property/system.property.test.ts";
/** The unit test files that cover each contract. */
const UNIT: Record<Mutant["contract"], string[]> = {
  Pool: ["test/pool/*.test.ts", "test/protections.test.ts"],
  Staking: ["test/staking/*.test.ts", "test/protections.test.ts"],
};
/** What a copy leaves out: installed packages are linked, build output is rebuilt there. */
const SKIP = new Set(["node_modules", "artifacts", "cache", "coverage", "coverage.json", "dist"]);

let child: ChildProcess | undefined;
let copy: string | undefined;

function cleanUp(): void {
  if (child?.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping; the sources were never changed, the temporary copy is removed.`);
    cleanUp();
    process.exit(130);
  });
}
process.on("exit", cleanUp);

/** The text of each file a mutation patches, as it is in the workspace. */
function originals(mutants: readonly Mutant[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of mutants) {
    for (const p of m.patches) {
      if (!files.has(p.file)) files.set(p.file, readFileSync(path.join(WORKSPACE, p.file), "utf8"));
    }
  }
  return files;
}

/** The patched texts of a mutant's files; throws when a patch's target is gone or ambiguous. */
function apply(m: Mutant, files: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of m.patches) {
    const text = out.get(p.file) ?? (files.get(p.file) as string);
    const count = text.split(p.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `mutant ${m.id}: ${p.file} holds its target ${count} times (it must hold it once): ${JSON.stringify(p.find)}`,
      );
    }
    out.set(
      p.file,
      text.replace(p.find, () => p.replace),
    );
  }
  return out;
}

function run(cwd: string, files: string[]): Promise<{ ok: boolean; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PROPERTY_RUNS: String(RUNS),
      PROPERTY_SEED: String(SEED),
      PROPERTY_SHRINK: "0",
    };
    if (process.env.MUTANTS_ORACLES === "off") env.PROPERTY_ORACLES = "off";
    // Its own process group, so that a stop ends hardhat and everything it started.
    child = spawn("npx", ["hardhat", "test", ...files], { cwd, env, detached: true, shell: true });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child?.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    }, TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0 && !timedOut, output, timedOut });
    });
  });
}

/** What killed a mutant: the first failing test's title, and whether an oracle or the model saw it. */
function killedBy(output: string): string {
  if (/HH600|Compilation failed/.test(output)) return "did not compile";
  const failing = output.match(/^\s+1\) (.+)$/m)?.[1] ?? "a test";
  const where = output.includes("oracles:")
    ? " (an oracle)"
    : /chain and model disagree|outcome differs/.test(output)
      ? " (the model)"
      : "";
  return `${failing.trim()}${where}`;
}

async function main(): Promise<void> {
  // In MUTANTS_ONLY's order, so that a run that cannot finish does the ones named first.
  const mutants = ONLY
    ? MUTANTS.filter((m) => ONLY.includes(m.id)).sort((a, b) => ONLY.indexOf(a.id) - ONLY.indexOf(b.id))
    : MUTANTS;
  if (ONLY && mutants.length !== ONLY.length) throw new Error(`unknown mutant in MUTANTS_ONLY=${ONLY.join(",")}`);
  const files = originals(mutants);
  for (const m of mutants) apply(m, files);
  console.log(
    `${mutants.length} mutants, all patches apply; ${RUNS} property sequences (seed ${SEED}), tests: ${TESTS}`,
  );
  if (process.env.MUTANTS_CHECK === "1") return;

  copy = mkdtempSync(path.join(tmpdir(), "dwn-mutants-"));
  const dir = path.join(copy, "contracts");
  cpSync(WORKSPACE, dir, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) || src === WORKSPACE });
  symlinkSync(ROOT_MODULES, path.join(copy, "node_modules"), "dir");
  if (existsSync(path.join(WORKSPACE, "node_modules"))) {
    symlinkSync(path.join(WORKSPACE, "node_modules"), path.join(dir, "node_modules"), "dir");
  }
  /** The test runs for a mutant, in order: the property test, then the covering unit tests. */
  const stagesFor = (m: Mutant) => [
    ...(TESTS.includes("property") ? [[PROPERTY]] : []),
    ...(TESTS.includes("unit") ? [UNIT[m.contract]] : []),
  ];

  if (process.env.MUTANTS_BASELINE !== "0") {
    const started = Date.now();
    const all = [...new Set(mutants.flatMap((m) => stagesFor(m).flat()))];
    const base = await run(dir, all);
    if (!base.ok) {
      console.log(base.output.slice(-4000));
      throw new Error("the unmutated copy fails its tests: fix that first");
    }
    console.log(`baseline passes (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  const survivors: Mutant[] = [];
  let killed = 0;
  let stillborn = 0;
  for (const [i, m] of mutants.entries()) {
    const started = Date.now();
    const patched = apply(m, files);
    for (const [f, text] of files) writeFileSync(path.join(dir, f), patched.get(f) ?? text);
    // The next stage runs only if the mutant survived the previous one.
    let r = { ok: true, output: "", timedOut: false };
    for (const stage of stagesFor(m)) {
      r = await run(dir, stage);
      if (!r.ok) break;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const head = `[${i + 1}/${mutants.length}] ${m.id}`;
    if (r.ok) {
      survivors.push(m);
      console.log(`${head}: SURVIVED (${seconds} s) — ${m.what}`);
    } else {
      const by = r.timedOut ? "timed out" : killedBy(r.output);
      if (by === "did not compile") stillborn++;
      else killed++;
      console.log(`${head}: killed by ${by} (${seconds} s)`);
    }
  }
  for (const [f, text] of files) writeFileSync(path.join(dir, f), text);

  const counted = mutants.length - stillborn;
  const rate = counted === 0 ? 0 : (100 * killed) / counted;
  console.log(
    `\nkilled ${killed} of ${counted} mutants: ${rate.toFixed(1)} %` +
      (stillborn ? ` (${stillborn} did not compile, not counted)` : ""),
  );
  if (survivors.length > 0) {
    console.log("survivors:");
    for (const m of survivors) console.log(`  ${m.id}: ${m.what}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
