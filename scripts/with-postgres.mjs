#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on a free loopback
// port (fsync off), then stops and deletes the cluster. Usage: node scripts/with-postgres.mjs cmd…
// Needs Debian's postgresql package; as root the cluster runs as the postgres user.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("Usage: node scripts/with-postgres.mjs <command> [args…]");
  process.exit(2);
}

function findBin() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  console.error("PostgreSQL is not installed: apt-get install -y postgresql (the server tests run on it too).");
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const bin = findBin();
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(tmpdir(), "dwn-pg-"));
chmodSync(dir, 0o777);
const data = path.join(dir, "data");
const run = (file, args) => {
  const full = path.join(bin, file);
  if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", full, ...args], { stdio: "pipe" });
  else execFileSync(full, args, { stdio: "pipe" });
};
const port = await freePort();
const user = asRoot ? "postgres" : (process.env.USER ?? "postgres");
let started = false;
const stop = () => {
  if (started) {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
    } catch {
      // already stopped
    }
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
};
try {
  run("initdb", ["-D", data, "-U", user, "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run("pg_ctl", ["-D", data, "-o", opts, "-w", "-l", path.join(dir, "log"), "start"]);
  started = true;
} catch (error) {
  console.error(`Could not start a PostgreSQL cluster: ${error.stderr?.toString() ?? error}`);
  stop();
  process.exit(2);
}
const url = `postgres://${user}@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL ${path.basename(path.dirname(bin))} at ${url}`);
const child = spawn(command[0], command.slice(1), { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
