import type { Sql } from "../store/db";
import { WINDOW_SECONDS } from "./limits";

/** Rows one statement of the sweep deletes at most, so that none holds its locks for long. */
export const SWEEP_BATCH = 5_000;

/** The API process sweeps this often (not on each request, whose cost must not grow with the tables). */
export const SWEEP_EVERY_MS = 60_000;

const STATEMENTS = {
  nonces: `DELETE FROM sign_in_nonces WHERE seq IN (
    SELECT seq FROM sign_in_nonces WHERE expires_at <= $1 LIMIT $2)`,
  sessions: `DELETE FROM sessions WHERE token_hash IN (
    SELECT token_hash FROM sessions WHERE expires_at <= $1 LIMIT $2)`,
  // Windows before the current one (which a process may still be leasing from).
  limits: `DELETE FROM rate_limits WHERE (key, window_start) IN (
    SELECT key, window_start FROM rate_limits WHERE window_start < $1 LIMIT $2)`,
} as const;

export interface Swept {
  nonces: number;
  sessions: number;
  limits: number;
}

/**
 * Deletes expired sign-in messages and sessions and past rate-limit windows, by their indexes,
 * in batches. Any number of API processes may run it at once. Times in unix seconds; the
 * limits' clock may be a test's own.
 */
export async function sweep(db: Sql, now: number, limitsNow = now): Promise<Swept> {
  const drain = async (text: string, before: number) => {
    let deleted = 0;
    for (;;) {
      const rows = await db.query(`${text} RETURNING 1`, [before, SWEEP_BATCH]);
      deleted += rows.length;
      if (rows.length < SWEEP_BATCH) return deleted;
    }
  };
  const currentWindow = Math.floor(limitsNow / WINDOW_SECONDS) * WINDOW_SECONDS;
  return {
    nonces: await drain(STATEMENTS.nonces, now),
    sessions: await drain(STATEMENTS.sessions, now),
    limits: await drain(STATEMENTS.limits, currentWindow - WINDOW_SECONDS),
  };
}
