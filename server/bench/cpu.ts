import { readdirSync, readFileSync } from "node:fs";

/**
 * Where a benchmark run's CPU goes, from Linux's /proc: the API process, the database server (its
 * postmaster and every backend it forked), the load generator, and the whole machine. On a
 * system without /proc every figure reads 0 and the caller prints none.
 */

/** Clock ticks per second of /proc's figures (USER_HZ: 100 on every Linux build that matters here). */
const TICKS = 100;

/** A process's fields after its name in /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // gone, or no /proc
  }
}

/** CPU seconds (user + system) the process has used so far; 0 once it has gone. */
function processSeconds(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS : 0;
}

/** CPU seconds the process `root` and its children (those still running, and those it has reaped) have used so far. */
function familySeconds(root: number): number {
  const own = statFields(root);
  if (!own) return 0;
  let total = own.slice(11, 15).reduce((sum, v) => sum + Number(v), 0) / TICKS;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === root) total += (Number(f[11]) + Number(f[12])) / TICKS;
  }
  return total;
}

/** Busy CPU seconds of the whole machine so far (every core: user, nice, system, irq, softirq, steal). */
function machineSeconds(): number {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .split(/ +/);
    return [user, nice, system, irq, softirq, steal].reduce((sum, v) => sum + Number(v), 0) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds so far, per part. */
export interface CpuReading {
  api: number;
  database: number;
  load: number;
  machine: number;
}

/** The postmaster's pid, given the pid of one of its backends. */
export function parentOf(pid: number): number {
  const f = statFields(pid);
  return f ? Number(f[1]) : 0;
}

export function readCpu(parts: { api: number; postmaster: number; load: number }): CpuReading {
  return {
    api: processSeconds(parts.api),
    database: familySeconds(parts.postmaster),
    load: processSeconds(parts.load),
    machine: machineSeconds(),
  };
}

/** Microseconds of CPU per request of each part between two readings. */
export function perRequest(before: CpuReading, after: CpuReading, requests: number): CpuReading {
  const us = (k: keyof CpuReading) => (requests > 0 ? ((after[k] - before[k]) * 1e6) / requests : 0);
  return { api: us("api"), database: us("database"), load: us("load"), machine: us("machine") };
}
