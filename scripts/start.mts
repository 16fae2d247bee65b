// `npm start`: the whole product on this machine. Builds the web app, starts the devnet (the
// chain of the last run, replayed from the data folder, or a new one, deployed and seeded), then
// the server (indexer + API + the web app, embedded database) against it, prints where each is,
// and stops both on Ctrl-C. If either stops by itself, the other is stopped too.
// `npm start -- --reset` deletes the data folder first: a new chain and an empty database.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverBundle } from "./bundle.mjs";
import { WEB_DIST, WEB_STAMP, webInputsDigest } from "./web-build.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO, ".data"));
/** Which chain the data folder's database describes: the devnet's genesis block hash. */
const chainMarker = path.join(dataDir, "chain.json");

const children: ChildProcess[] = [];
let stopping = false;

/**
 * The server logs one JSON object per line (pino): shown here as its time and message, a
 * request as its method, path, status and duration, and the level when it is not info.
 * Anything else passes as it is.
 */
function readable(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const time = typeof entry.time === "string" ? entry.time.slice(11, 19) : "";
    const level = entry.level === "info" ? "" : ` ${String(entry.level).toUpperCase()}`;
    const text =
      entry.msg === "request"
        ? `${String(entry.method)} ${String(entry.path)} ${String(entry.status)} ${String(entry.ms)} ms`
        : String(entry.msg ?? "");
    return `${time}${level} ${text}`;
  } catch {
    return line;
  }
}

/** Starts `command` in its own process group, echoing its output, and resolves when `ready` appears. */
function launch(name: string, command: string[], cwd: string, ready: string): Promise<string> {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, DEVNET_STATE_DIR: path.join(dataDir, "devnet") },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = "";
    const echo = (stream: NodeJS.WriteStream) => {
      let partial = "";
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) stream.write(`${readable(line)}\n`);
        if (seen.length < 1_000_000) seen += chunk.toString();
        if (seen.includes(ready)) resolve(seen);
      };
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

if (process.argv.includes("--reset")) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Starting clean: deleted ${dataDir}.`);
}
mkdirSync(dataDir, { recursive: true });

/** The genesis block hash of the devnet at DEVNET_PORT. */
async function genesisHash(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${process.env.DEVNET_PORT ?? "8545"}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBlockByNumber", params: ["0x0", false] }),
  });
  const { result } = (await response.json()) as { result: { hash: string } };
  return result.hash;
}

/**
 * A database indexes one chain. The data folder names the chain its database belongs to; a
 * folder of another chain (or a database from before the chain was kept) is refused with a
 * sentence rather than served as if it described this one.
 */
function checkDataFolder(genesis: string): string | undefined {
  const hasDatabase = existsSync(path.join(dataDir, "pglite"));
  const marked = existsSync(chainMarker)
    ? (JSON.parse(readFileSync(chainMarker, "utf8")) as { genesisHash: string }).genesisHash
    : undefined;
  if ((marked && marked !== genesis) || (!marked && hasDatabase)) {
    return (
      `The data folder ${dataDir} belongs to another chain than the devnet's (genesis block ${genesis}). ` +
      "Run `npm start -- --reset` to start clean, or set DATA_DIR to another folder."
    );
  }
  writeFileSync(chainMarker, JSON.stringify({ genesisHash: genesis }) + "\n");
  return undefined;
}

// The web app the server serves under /chain/: the devnet build, which carries the built-in wallet.
// It is built again only when something it is made from changed since the last devnet build (a
// production build in the same folder, or none, builds it again too). The build is made in a
// folder of its own and then put in web/dist's place: a server already serving web/dist (another
// npm start, a test's server) never meets a half-written or emptied folder.
const digest = webInputsDigest();
if (existsSync(WEB_STAMP) && readFileSync(WEB_STAMP, "utf8") === digest) {
  console.log("The web app's devnet build is up to date.");
} else {
  console.log("Building the web app (devnet build)…");
  const fresh = `${WEB_DIST}.building-${process.pid}`;
  const build = spawnSync(
    "npm",
    ["run", "--workspace", "web", "build:devnet", "--", "--outDir", fresh, "--emptyOutDir"],
    { cwd: REPO, encoding: "utf8" },
  );
  if (build.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    console.error(`The web app did not build:\n${build.stdout}${build.stderr}`);
    process.exit(1);
  }
  writeFileSync(path.join(fresh, path.basename(WEB_STAMP)), digest);
  putInPlace(fresh, WEB_DIST);
}

/**
 * Puts the folder `fresh` in `target`'s place, by two renames. Another npm start building the
 * same sources at the same time (the browser tests' two lanes on a clone with no build yet) may
 * move `target` away first, or put its own build there first: either way `target` ends up a
 * whole build, and the one left over is removed.
 */
function putInPlace(fresh: string, target: string) {
  const old = `${target}.old-${process.pid}`;
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? "";
  try {
    renameSync(target, old);
  } catch (error) {
    if (code(error) !== "ENOENT") throw error;
  }
  try {
    renameSync(fresh, target);
  } catch (error) {
    if (!["ENOTEMPTY", "EEXIST"].includes(code(error))) throw error;
    rmSync(fresh, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

// The server's sources in one file (scripts/bundle.mjs): it starts in a third of the CPU
// time tsx takes, and is made again only when a source changed.
const serverEntry = await serverBundle().catch((error: Error) => {
  console.error(`The server did not build:\n${error.message}`);
  process.exit(1);
});

try {
  const devnet = ["npx", "hardhat", "devnet", ...(process.argv.includes("--timelock") ? ["--timelock"] : [])];
  await launch("devnet", devnet, path.join(REPO, "contracts"), "Ctrl-C stops the devnet.");
  const refusal = checkDataFolder(await genesisHash());
  if (refusal) {
    console.error(`\n${refusal}`);
    await stop(1);
  }
  const server = await launch("server", ["node", serverEntry], path.join(REPO, "server"), "Server listening on");
  const port = process.env.PORT ?? "8080";
  const health = /Health port on (http:\/\/[^\s"]+) /.exec(server)?.[1];
  console.log(
    [
      "",
      "The DWN dApp is running:",
      `  API         http://127.0.0.1:${port}/api/ (GET /api/config, /api/system/status)`,
      `  web app     http://127.0.0.1:${port}/chain/`,
      `  devnet RPC  http://127.0.0.1:${process.env.DEVNET_PORT ?? "8545"} (chain 31337)`,
      `  health      ${health ?? "(see above)"}/health, /ready, /metrics (HEALTH_PORT; not on the public port)`,
      `  data        ${dataDir} (kept between runs; npm start -- --reset starts clean)`,
      "Ctrl-C stops everything.",
    ].join("\n"),
  );
} catch {
  // The exit handler has already said what stopped and is stopping the rest.
}
