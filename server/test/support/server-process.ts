import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverBundle } from "../../../scripts/bundle.mjs";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The server as `npm start` runs it: its sources in one file (scripts/bundle.mjs). */
const BUNDLE = await serverBundle();

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
  const child = spawn(process.execPath, [BUNDLE], {
    cwd: SERVER,
    env: merged,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const hear = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      onLine(line);
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
  return {
    exited,
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
