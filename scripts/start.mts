// `npm start`: the whole product on this machine. Builds the web app, starts the devnet (a fresh
// chain, deployed and seeded), then the server (indexer + API + the web app, embedded database)
// against it, prints where each is, and stops both on Ctrl-C. If either stops by itself, the
// other is stopped too.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO, ".data"));

const children: ChildProcess[] = [];
let stopping = false;

/** Starts `command` in its own process group, echoing its output, and resolves when `ready` appears. */
function launch(name: string, command: string[], cwd: string, ready: string): Promise<ChildProcess> {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = "";
    const echo = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      stream.write(chunk);
      if (seen.length < 1_000_000) seen += chunk.toString();
      if (seen.includes(ready)) resolve(child);
    };
    child.stdout?.on("data", echo(process.stdout));
    child.stderr?.on("data", echo(process.stderr));
    child.once("exit", (code, signal) => {
      if (!stopping) {
        console.error(`\nThe ${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
        void stop(1);
      }
      reject(new Error(`The ${name} stopped before it was ready.`));
    });
  });
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.reverse().map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
          child.once("exit", () => resolve());
          process.kill(-child.pid, "SIGINT");
        }),
    ),
  );
  process.exit(code);
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

// The web app the server serves under /chain/: the devnet build, which carries the built-in wallet.
console.log("Building the web app (devnet build)…");
const build = spawnSync("npm", ["run", "--workspace", "web", "build:devnet"], { cwd: REPO, encoding: "utf8" });
if (build.status !== 0) {
  console.error(`The web app did not build:\n${build.stdout}${build.stderr}`);
  process.exit(1);
}

try {
  await launch("devnet", ["npx", "hardhat", "devnet"], path.join(REPO, "contracts"), "Ctrl-C stops the devnet.");
  // Each start begins a new chain, so what an earlier run indexed describes a chain that is gone.
  rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
  await launch("server", ["node", "--import", "tsx", "src/main.ts"], path.join(REPO, "server"), "Server listening on");
  const port = process.env.PORT ?? "8080";
  console.log(
    [
      "",
      "The DWN dApp is running:",
      `  API         http://127.0.0.1:${port}/api/ (GET /api/config, /api/system/status)`,
      `  web app     http://127.0.0.1:${port}/chain/`,
      `  devnet RPC  http://127.0.0.1:${process.env.DEVNET_PORT ?? "8545"} (chain 31337)`,
      `  data        ${dataDir}`,
      "Ctrl-C stops everything.",
    ].join("\n"),
  );
} catch {
  // The exit handler has already said what stopped and is stopping the rest.
}
