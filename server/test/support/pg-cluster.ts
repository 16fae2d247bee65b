import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./devnet";

const run = promisify(execFile);

/** Debian's PostgreSQL binaries, newest version first; undefined when none is installed. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, "bin")).find((bin) => existsSync(path.join(bin, "initdb")));
}

/**
 * A PostgreSQL cluster of the test's own on a free loopback port (as scripts/with-postgres.mjs
 * starts one), which the test may stop and start again: `stop("fast" | "immediate")`, `start()`.
 * As root it runs as the postgres user. `destroy` stops it and deletes its folder.
 */
export async function startCluster(bin: string) {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "dwn-pg-own-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const pg = (file: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, file), ...args]) : run(path.join(bin, file), args);
  const port = await freePort();
  const user = asRoot ? "postgres" : (process.env.USER ?? "postgres");
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  let running = false;
  const start = async () => {
    await pg("pg_ctl", ["-D", data, "-o", options, "-w", "-l", path.join(dir, "log"), "start"]);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate") => {
    await pg("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
    running = false;
  };
  try {
    await pg("initdb", ["-D", data, "-U", user, "-A", "trust", "--no-sync", "-E", "UTF8"]);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      if (running) await stop("immediate").catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
