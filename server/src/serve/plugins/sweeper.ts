import fp from "fastify-plugin";
import type { Db } from "../../store/db";
import { sweep } from "../sweep";

/**
 * Expired sign-in messages and sessions and past limit windows go in a periodic sweep (sweep.ts),
 * every `everyMs` (0: never); a sweep under way is awaited when the app closes.
 */
export const sweeper = fp<{ db: Db; everyMs: number; clock?: () => number; log: (line: string) => void }>(
  async (app, { db, everyMs, clock, log }) => {
    if (everyMs <= 0) return;
    let sweeping: Promise<unknown> | undefined;
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const timer = setInterval(() => {
      sweeping ??= sweep(db, seconds(Date.now()), seconds(clock?.() ?? Date.now()))
        .catch((error: unknown) => log(`The sweep failed: ${(error as Error).message}`))
        .finally(() => (sweeping = undefined));
    }, everyMs).unref();
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: "sweeper" },
);
