import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { stakeCalendar } from "../src/features/contractDetails/utils/calendar";
import type { StakeSchedule } from "../src/features/shared/utils/redeemWindows";

const seconds = (iso: string) => BigInt(Date.parse(iso) / 1000);

/** A stake on the devnet's terms (30-day cycle, 24-hour window, 1-hour pause) started 2026-01-01 00:00:37 UTC. */
const schedule: StakeSchedule = {
  startTime: seconds("2026-01-01T00:00:37Z"),
  durationPerCycle: 30n * 86_400n,
  gracePeriod: 86_400n,
  renewalDelay: 3_600n,
};

/** Its windows, counted on a calendar: each cycle starts 31 days and 1 hour after the last. */
const WINDOWS = [
  { start: "2026-01-31T00:00:37Z", end: "2026-02-01T00:00:37Z" },
  { start: "2026-03-03T01:00:37Z", end: "2026-03-04T01:00:37Z" },
  { start: "2026-04-03T02:00:37Z", end: "2026-04-04T02:00:37Z" },
  { start: "2026-05-04T03:00:37Z", end: "2026-05-05T03:00:37Z" },
];

const LINK = "https://dwn.example/chain/#/contractDetails?id=3";

const texts = {
  summary: "DWN 质押 #3：赎回窗口",
  description: "请在窗口关闭前赎回质押 #3 的本金，否则质押将自动续期一个周期; commas, too.",
  alarm: "质押 #3：赎回窗口将在 1 小时后关闭",
};

function calendarAt(now: string) {
  const ics = stakeCalendar({
    chainId: 31337,
    staking: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
    id: 3n,
    link: LINK,
    schedule,
    now: seconds(now),
    texts,
  });
  return { ics, calendar: new ICAL.Component(ICAL.parse(ics)) };
}

const iso = (time: ICAL.Time) => time.toJSDate().toISOString().replace(".000", "");

describe("the redeem windows' calendar file", () => {
  it("holds the next three windows, each from its opening to its closing instant in UTC", () => {
    const { calendar } = calendarAt("2026-01-15T12:00:00Z");
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => ({ start: iso(event.startDate), end: iso(event.endDate) }))).toEqual(
      WINDOWS.slice(0, 3),
    );
    // UTC instants: the same moment in every time zone the calendar shows it in.
    for (const event of events) {
      expect(event.startDate.zone?.tzid).toBe("UTC");
      expect(event.endDate.zone?.tzid).toBe("UTC");
    }
    expect(events.map((event) => event.summary)).toEqual([texts.summary, texts.summary, texts.summary]);
    // Each window its own stable id: importing a newer file updates these events.
    expect(new Set(events.map((event) => event.uid)).size).toBe(3);
  });

  it("starts from the window open now, and moves on once it has closed", () => {
    const inFirst = calendarAt("2026-01-31T23:59:00Z").calendar;
    expect(iso(new ICAL.Event(inFirst.getFirstSubcomponent("vevent")!).startDate)).toBe(WINDOWS[0].start);
    const afterFirst = calendarAt("2026-02-01T00:00:37Z").calendar;
    const events = afterFirst.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => iso(event.startDate))).toEqual(WINDOWS.slice(1, 4).map((w) => w.start));
  });

  it("reminds one hour before each window closes", () => {
    const { calendar } = calendarAt("2026-01-15T12:00:00Z");
    for (const [i, vevent] of calendar.getAllSubcomponents("vevent").entries()) {
      const alarms = vevent.getAllSubcomponents("valarm");
      expect(alarms).toHaveLength(1);
      const [alarm] = alarms;
      expect(alarm.getFirstPropertyValue("action")).toBe("DISPLAY");
      expect(alarm.getFirstPropertyValue("description")).toBe(texts.alarm);
      const trigger = alarm.getFirstProperty("trigger")!;
      expect(trigger.getParameter("related")).toBe("END");
      const before = trigger.getFirstValue() as ICAL.Duration;
      // The alarm's instant: the event's end moved by the trigger's duration.
      const end = new ICAL.Event(vevent).endDate.clone();
      end.addDuration(before);
      expect(iso(end)).toBe(new Date(Date.parse(WINDOWS[i].end) - 3_600_000).toISOString().replace(".000", ""));
    }
  });

  it("links to the stake, in the event's URL and at the end of its description", () => {
    const { calendar } = calendarAt("2026-01-15T12:00:00Z");
    for (const vevent of calendar.getAllSubcomponents("vevent")) {
      expect(vevent.getFirstPropertyValue("url")).toBe(LINK);
      expect(vevent.getFirstPropertyValue("description")).toBe(`${texts.description}\n${LINK}`);
    }
  });

  it("is a valid file: CRLF lines of at most 75 octets, folded between whole characters", () => {
    const { ics } = calendarAt("2026-01-15T12:00:00Z");
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.slice(0, -2).split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(ics).not.toContain("\uFFFD");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
  });
});
