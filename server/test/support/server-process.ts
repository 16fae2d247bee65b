import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { madeServerBundle } from "../../../scripts/bundle.mjs";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The server as `npm start` runs it: its sources in one file (scripts/bundle.mjs), which the
 * pass's runner makes before it imports a test file (support/files.ts). Not made here: a module
 * that waits at its top level is evaluated whenever that wait ends, and node's test runner then
 * gave the tests of every file importing it to whichever file's suite was running.
 */
function bundle(): string {
  const made = madeServerBundle();
  if (!made) throw new Error("The server's bundle is not made: run the test files through test/support/files.ts.");
  return made;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Starts the real server (`src/main.ts`, bundled) as its own process group with `env` added to this
 * process's environment (an empty value removes a variable). `onLine` hears every line it
 * prints; `kill` signals the whole group, so the loader's helpers end with it.
 */
export function spawnServer(env: Record<string, string>, onLine: (line: string) => void = () => undefined) {
  // The health port: a free one, so that processes side by side never meet on the default.
  const merged: NodeJS.ProcessEnv = { ...process.env, HEALTH_PORT: "0" };
  for (const [name, value] of Object.entries(env)) {
    if (value === "") delete merged[name];
    else merged[name] = value;
  }
  const child = spawn(process.execPath, [bundle()], {
    cwd: SERVER,
    env: merged,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const heard = new Set<() => void>();
  const hear = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      onLine(line);
      for (const listener of heard) listener();
    }
  };
  child.stdout.on("data", hear);
  child.stderr.on("data", hear);
  let running = true;
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once("exit", (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  /** The first URL the process printed after `label` ("Health port on", "Server listening on"). */
  const printed = (label: string) =>
    new Promise<string>((resolve, reject) => {
      const pattern = new RegExp(`${label} (http://[^ ]+?)[ ,"]`);
      const look = () => {
        const match = lines.map((line) => pattern.exec(line)).find(Boolean);
        if (match) {
          heard.delete(look);
          resolve(match[1]);
        } else if (!running) {
          heard.delete(look);
          reject(new Error(`The server ended before printing "${label}":\n${lines.join("\n")}`));
        }
      };
      heard.add(look);
      void exited.then(look);
      look();
    });
  return {
    exited,
    // Where it listens, as it printed. Started with PORT and HEALTH_PORT 0, each port is the one
    // the kernel gave it: no other process can take it between the test's choice and the bind.
    /** The health port's origin (/health, /ready, /metrics). */
    healthOrigin: () => printed("Health port on"),
    /** The API's origin (SERVER_ROLE api or all). */
    apiOrigin: () => printed("Server listening on"),
    /** Everything the process printed so far. */
    output: () => lines.join("\n"),
    get running() {
      return running;
    },
    kill(signal: NodeJS.Signals) {
      if (!running || child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    },
  };
}

export type ServerProcess = ReturnType<typeof spawnServer>;
