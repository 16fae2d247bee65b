import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** What `npm start` prints once everything runs. */
export const RUNNING = "Ctrl-C stops everything.";

/**
 * `npm start` as a newcomer runs it, on the given ports and data folder, in a process group of
 * its own (the embedded database: DATABASE_URL is not passed on). `until(text)` resolves once the
 * output holds `text`, or rejects if npm start exits first; `stop()` presses Ctrl-C and waits.
 */
export function npmStart({
  dataDir,
  devnetPort,
  port,
  args = [],
}: {
  dataDir: string;
  devnetPort: number;
  port: number;
  args?: string[];
}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEVNET_PORT: String(devnetPort),
    PORT: String(port),
    DATA_DIR: dataDir,
    HEALTH_PORT: "0",
  };
  delete env.DATABASE_URL;
  const child = spawn("npm", ["start", ...(args.length > 0 ? ["--", ...args] : [])], {
    cwd: REPO,
    env,
    detached: true,
  });
  let output = "";
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  return {
    output: () => output,
    exited,
    until(text: string): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          child.stdout?.off("data", check);
          child.stderr?.off("data", check);
          resolve();
        };
        child.stdout?.on("data", check);
        child.stderr?.on("data", check);
        check();
        void exited.then((code) => {
          if (!output.includes(text)) reject(new Error(`npm start exited (${code}) before "${text}":\n${output}`));
        });
      });
    },
    async stop(): Promise<void> {
      if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGINT");
      await exited;
    },
  };
}
