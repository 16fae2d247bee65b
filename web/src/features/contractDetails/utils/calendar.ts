import { nextWindows, type StakeSchedule } from "../../shared/utils/redeemWindows";

/** How many of a stake's windows one file holds: the one open now (or the next), and the two after. */
export const WINDOWS_IN_FILE = 3;

/** The texts of each event, already in the user's language. */
export interface WindowTexts {
  summary: string;
  description: string;
  /** The reminder's text, an hour before the window closes. */
  alarm: string;
}

/**
 * An iCalendar file (RFC 5545) of a stake's next {@link WINDOWS_IN_FILE} redeem windows from
 * `now` (the chain's time), made on the device: one VEVENT per window from its opening to its
 * closing instant, written in UTC ("Z"), which every calendar shows in its own time zone, with
 * a reminder one hour before the window closes and the stake's link. Each event's UID names
 * the chain, the contract, the stake and the window, so a calendar that imports the file again
 * updates the events rather than adding copies.
 */
export function stakeCalendar({
  chainId,
  staking,
  id,
  link,
  schedule,
  now,
  texts,
}: {
  chainId: number;
  staking: string;
  id: bigint;
  /** The stake's details screen. */
  link: string;
  schedule: StakeSchedule;
  /** The chain's time, unix seconds: the windows start from it, and it stamps the file. */
  now: bigint;
  texts: WindowTexts;
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//DWN dApp//Redeem windows//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  for (const window of nextWindows(schedule, now, WINDOWS_IN_FILE)) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:stake-${chainId}-${staking.toLowerCase()}-${id}-window-${window.index}@dwn`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(window.opensAt)}`,
      `DTEND:${utc(window.closesAt)}`,
      `SUMMARY:${text(texts.summary)}`,
      `DESCRIPTION:${text(`${texts.description}\n${link}`)}`,
      `URL:${link}`,
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${text(texts.alarm)}`,
      "TRIGGER;RELATED=END:-PT1H",
      "END:VALARM",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** Unix seconds as an iCalendar UTC date-time: 20260101T000000Z. */
function utc(seconds: bigint): string {
  return new Date(Number(seconds) * 1000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

const encoder = new TextEncoder();
/** Lines are at most 75 octets; a longer one continues on lines that start with a space (§3.1). */
const LINE_OCTETS = 75;

/** `line` folded at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space is one of its 75 octets.
    const room = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > room) {
      parts.push(part);
      part = "";
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

/** Saves `content` as the file `name` through the browser's download (no server involved). */
export function saveCalendarFile(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: "text/calendar;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns: the object URL is freed well after.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
