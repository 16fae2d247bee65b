// `npm run e2e:test`: the browser tests in two lanes that run at the same time. Each lane starts
// one stack (`npm start`, see support/stack.ts) and runs its files one after another against it;
// a file that needs a stack of its own (other options or configuration, see e2eSuite) starts
// its own when its turn comes, beside the other lane. Each file is its own `node --test` run (of
// its bundle, scripts/bundle.mjs; a file run by hand runs through tsx), so
// its output and time are its own; every line is printed with its lane's name.
//
//   node --import tsx scripts/run.ts                        every file
//   node --import tsx scripts/run.ts tests/a.test.ts …      only these (in their lanes)
//
// A file in no lane below (a new one) runs after the lanes' files, on a stack of its own, in
// whichever lane is free first: add it to a lane once it is known to share well.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { e2eBundle } from "../../scripts/bundle.mjs";
import { ACCOUNT_OFFSET_VAR, SHARED_STACK_VAR, startStack, type SharedStack, type Stack } from "../support/stack";

const E2E = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The lanes, each with what its shared stack runs with and its files in the order they run on
 * it. Files of one lane never run at the same time, so chain time travel and automine switches
 * stay within a file. What a file leaves on the chain and in the database stays for the next:
 * each file gets accounts of its own (E2E_ACCOUNT_OFFSET, see devnetAccount), and the order
 * keeps what a file needs of the seeded state:
 * - offline, config-offline and wallet read alice's team as seeded (bob and dave): before any
 *   file binds an account of its own to alice (pending, mine, and all of lane B);
 * - wallet puts the chain back after each test (evm_revert to where it started);
 * - mine counts the days since the pool opened (two, by its own time travel), then sells a tier
 *   out and raises a price: after every other file of its lane but the one on a stack of its own,
 *   and on lane A, whose clock nothing else moves by a day;
 * - pledge sums the emission of the seed's stakes in their first cycle: before any file of its
 *   lane moves the chain's clock (screens, with its stake in its redeem window);
 * - live binds its own friend under its own member and moves the clock by an hour: on lane B,
 *   away from mine's day count.
 * Both shared stacks name the explorer history rows link to (mine and pledge ask for it; wallet
 * checks that `wallet_addEthereumChain` names it). timelock (--timelock) and walletconnect
 * (WALLETCONNECT_PROJECT_ID) start stacks of their own (see e2eSuite). csp, invite, language,
 * shells and wallet-apps write nothing on the chain and read nothing of the explorer: either lane
 * takes them.
 * The lanes are balanced by the files' times (docs/testing.md), so they end close together.
 */
/** The explorer both shared stacks name (the one mine and pledge expect). */
const EXPLORER_URL = "https://testnet.bscscan.com";

const LANES: readonly { env: Record<string, string>; files: readonly string[] }[] = [
  {
    env: { EXPLORER_URL },
    files: [
      "offline",
      "config-offline",
      "csp",
      "polish",
      "wallet",
      "pending",
      "invite",
      "language",
      "shells",
      "wallet-apps",
      "mine",
      "timelock",
    ],
  },
  {
    env: { EXPLORER_URL },
    files: ["pledge", "screens", "share", "team", "live", "walletconnect"],
  },
];

interface Result {
  file: string;
  lane: string;
  ok: boolean;
  ms: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const allFiles = readdirSync(path.join(E2E, "tests"))
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => name.replace(/\.test\.ts$/, ""));
const wanted = process.argv.slice(2).map((arg) => path.basename(arg).replace(/\.test\.ts$/, ""));
const unknown = wanted.filter((name) => !allFiles.includes(name));
if (unknown.length > 0) {
  console.error(`No test file ${unknown.join(", ")} in tests/.`);
  process.exit(2);
}
const selected = (name: string) => allFiles.includes(name) && (wanted.length === 0 || wanted.includes(name));
const lanes = LANES.map(({ env, files }) => ({ env, files: files.filter(selected) }));
/** Files in no lane: each on a stack of its own, taken by whichever lane is free first. */
const unlisted = allFiles.filter((name) => selected(name) && !LANES.some(({ files }) => files.includes(name)));

const results: Result[] = [];
const children = new Set<number>();
const logDir = mkdtempSync(path.join(tmpdir(), "dwn-e2e-run-"));

/** Prints `chunk`'s lines, each with `prefix`, keeping a partial line for the next chunk. */
function printer(prefix: string) {
  let partial = "";
  return {
    write(chunk: Buffer) {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
    },
    end() {
      if (partial) process.stdout.write(`${prefix} ${partial}\n`);
      partial = "";
    },
  };
}

/**
 * Runs one test file with `node --test`, on `shared` when given; resolves with its result. The
 * file runs as one JavaScript file (scripts/bundle.mjs): through tsx, its imports took about 4 s
 * more CPU a file.
 */
async function runFile(lane: string, file: string, shared: SharedStack | undefined): Promise<Result> {
  const begin = Date.now();
  let bundled: string;
  try {
    bundled = await e2eBundle(`tests/${file}.test.ts`);
  } catch (error) {
    console.log(`[${lane}] ✘ ${file} did not build: ${error instanceof Error ? error.message : String(error)}`);
    const result = { file, lane, ok: false, ms: Date.now() - begin };
    results.push(result);
    return result;
  }
  return new Promise((resolve) => {
    const out = printer(`[${lane} ${file}]`);
    const env = { ...process.env };
    if (shared) env[SHARED_STACK_VAR] = JSON.stringify(shared);
    else delete env[SHARED_STACK_VAR];
    // Accounts of its own: its indices from 20 on moved past every other file's (support/stack.ts).
    env[ACCOUNT_OFFSET_VAR] = String(1_000 * (allFiles.indexOf(file) + 1));
    const child = spawn(process.execPath, ["--test", "--test-reporter=spec", bundled], {
      cwd: E2E,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (child.pid) children.add(child.pid);
    child.stdout.on("data", out.write);
    child.stderr.on("data", out.write);
    child.on("close", (code) => {
      if (child.pid) children.delete(child.pid);
      out.end();
      const result = { file, lane, ok: code === 0, ms: Date.now() - begin };
      console.log(`[${lane}] ${result.ok ? "✔" : "✘"} ${file} in ${seconds(result.ms)}`);
      results.push(result);
      resolve(result);
    });
  });
}

/** One lane: its shared stack (when a file of it is selected), its files in order, then new files. */
async function runLane(name: string, { env, files }: (typeof lanes)[number]): Promise<void> {
  let stack: Stack | undefined;
  try {
    if (files.length > 0) {
      const logFile = path.join(logDir, `stack-${name}.log`);
      const begin = Date.now();
      stack = await startStack(env, [], { logFile });
      console.log(`[${name}] shared stack up in ${seconds(Date.now() - begin)} (${stack.origin}; log ${logFile})`);
      const shared: SharedStack = { origin: stack.origin, rpcUrl: stack.rpcUrl, logFile, env };
      for (const file of files) await runFile(name, file, shared);
    }
  } catch (error) {
    console.log(
      `[${name}] ✘ the shared stack did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    for (const file of files) results.push({ file, lane: name, ok: false, ms: 0 });
  } finally {
    await stack?.stop();
  }
  for (let file = unlisted.shift(); file !== undefined; file = unlisted.shift()) await runFile(name, file, undefined);
}

process.on("SIGINT", () => {
  for (const pid of children) process.kill(pid, "SIGINT");
});

const started = Date.now();
await Promise.all(lanes.map((lane, i) => runLane(String.fromCharCode(65 + i), lane)));
rmSync(logDir, { recursive: true, force: true });

console.log(`\nBrowser tests, ${lanes.length} lanes at once, ${seconds(Date.now() - started)} in all:`);
for (const r of results)
  console.log(`  ${r.ok ? "✔" : "✘"} ${r.lane} ${r.file.padEnd(16)} ${seconds(r.ms).padStart(6)}`);
process.exit(results.length > 0 && results.every((r) => r.ok) ? 0 : 1);
