import { describe, expect, it } from "vitest";
import {
  ANNOUNCE_BEFORE,
  nextWindows,
  windowReminder,
  type RedeemWindow,
  type StakeSchedule,
} from "../src/features/shared/utils/redeemWindows";

const MINUTE = 60n;
const HOUR = 3_600n;
const DAY = 86_400n;

/**
 * The oracle: the stake's life walked a minute at a time from its start, as a clock would see
 * it: a cycle of `durationPerCycle`, then the redeem window for `gracePeriod`, then the renewal
 * pause of `renewalDelay`, then the next cycle, each phase ending where the running sum of the
 * phases so far says (no multiplication, division or remainder). Returns each minute's state
 * and the windows met, in order.
 */
function walk(s: StakeSchedule, minutes: number) {
  const phases = [s.durationPerCycle, s.gracePeriod, s.renewalDelay];
  const windows: RedeemWindow[] = [];
  const inWindowAt: boolean[] = [];
  let phase = 0;
  let phaseEnd = s.startTime + phases[0];
  let opensAt = 0n;
  for (let m = 0; m < minutes; m++) {
    const t = s.startTime + BigInt(m) * MINUTE;
    while (t >= phaseEnd) {
      if (phase === 0) opensAt = phaseEnd;
      if (phase === 1) windows.push({ index: BigInt(windows.length), opensAt, closesAt: phaseEnd });
      phase = (phase + 1) % 3;
      phaseEnd += phases[phase];
    }
    inWindowAt.push(phase === 1);
  }
  return { windows, inWindowAt };
}

const asText = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? `${v}` : v));
const same = (a: unknown, b: unknown) => asText(a) === asText(b);

/** A stake starting at an odd second, with phases in whole minutes (so each minute falls on the walk). */
const schedules: Record<string, StakeSchedule> = {
  "the devnet's terms (30 days, a 24-hour window, the contract's 1-hour pause)": {
    startTime: 1_767_225_637n,
    durationPerCycle: 30n * DAY,
    gracePeriod: DAY,
    renewalDelay: HOUR,
  },
  "a short cycle with a window shorter than its pause": {
    startTime: 1_800_000_001n,
    durationPerCycle: 3n * HOUR,
    gracePeriod: 20n * MINUTE,
    renewalDelay: HOUR,
  },
  "a one-day cycle with the longest window (30 days)": {
    startTime: 1_700_000_059n,
    durationPerCycle: DAY,
    gracePeriod: 30n * DAY,
    renewalDelay: HOUR,
  },
};

describe("the redeem windows of a stake, against a minute-by-minute walk of its life", () => {
  for (const [name, s] of Object.entries(schedules)) {
    it(`match the walk at every minute and the second before it: ${name}`, () => {
      const period = s.durationPerCycle + s.gracePeriod + s.renewalDelay;
      const minutes = Number((2n * period) / MINUTE);
      // Walked three periods further, so that the three windows ahead of the last minute are known.
      const { windows, inWindowAt } = walk(s, minutes + Number((3n * period) / MINUTE));
      expect(windows.length).toBeGreaterThanOrEqual(5);
      const wrong: string[] = [];
      let ahead = 0; // the walk's first window not yet closed
      for (let m = 0; m < minutes && wrong.length < 5; m++) {
        const t = s.startTime + BigInt(m) * MINUTE;
        // The last second of the minute before: the same window, or the one that just closed.
        if (m > 0 && nextWindows(s, t - 1n, 1)[0].index !== windows[ahead].index) wrong.push(`minute ${m} - 1 s`);
        while (windows[ahead].closesAt <= t) ahead++;
        const current = windows[ahead];
        const expected = inWindowAt[m]
          ? { kind: "open", window: current }
          : current.opensAt - t <= ANNOUNCE_BEFORE
            ? { kind: "soon", window: current }
            : undefined;
        if (!same(nextWindows(s, t, 3), windows.slice(ahead, ahead + 3))) wrong.push(`minute ${m}: windows`);
        if (!same(windowReminder(s, t), expected)) wrong.push(`minute ${m}: reminder`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("opens at its first second and is closed at the second the window ends", () => {
    const s = schedules["the devnet's terms (30 days, a 24-hour window, the contract's 1-hour pause)"];
    const [first, second] = walk(s, Number((70n * DAY) / MINUTE)).windows;
    expect(windowReminder(s, first.opensAt - 1n)?.kind).toBe("soon");
    expect(windowReminder(s, first.opensAt)).toEqual({ kind: "open", window: first });
    expect(windowReminder(s, first.closesAt - 1n)).toEqual({ kind: "open", window: first });
    // Closed: the next window is 30 days and an hour away, too far to announce.
    expect(windowReminder(s, first.closesAt)).toBeUndefined();
    expect(windowReminder(s, second.opensAt - ANNOUNCE_BEFORE)).toEqual({ kind: "soon", window: second });
    expect(windowReminder(s, second.opensAt - ANNOUNCE_BEFORE - 1n)).toBeUndefined();
  });

  it("before the stake's start, the first window is the next", () => {
    const s = schedules["a short cycle with a window shorter than its pause"];
    const { windows } = walk(s, 24 * 60);
    expect(nextWindows(s, s.startTime - 1_000n, 3)).toEqual(windows.slice(0, 3));
  });
});
