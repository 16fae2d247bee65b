import type { TFunction } from "../../../i18n/translate";
import { durationParts } from "../../shared/utils/duration";
import { windowReminder, type WindowReminder } from "../../shared/utils/redeemWindows";
import type { ScheduledStake } from "../hooks/useStakeSchedules";

/** A stake whose window is open, or opens within a day, at the chain's time `now`. */
export interface StakeReminder {
  id: bigint;
  reminder: WindowReminder;
}

/** The deadline a reminder counts down to: an open window's close, a coming window's opening. */
const deadline = ({ reminder }: StakeReminder) =>
  reminder.kind === "open" ? reminder.window.closesAt : reminder.window.opensAt;

/** The stakes to remind of, open windows first, each group soonest first. */
export function remindersAt(stakes: readonly ScheduledStake[], now: bigint): StakeReminder[] {
  return stakes
    .flatMap(({ id, schedule }) => {
      const reminder = windowReminder(schedule, now);
      return reminder ? [{ id, reminder }] : [];
    })
    .sort((a, b) => {
      if (a.reminder.kind !== b.reminder.kind) return a.reminder.kind === "open" ? -1 : 1;
      const [x, y] = [deadline(a), deadline(b)];
      return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
    });
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The phone's calendar day of unix seconds (its time zone). */
const dayOf = (seconds: bigint) => new Date(Number(seconds) * 1000).toDateString();

/**
 * The line home shows: how long until an open window closes (whole minutes, cut: never more
 * time than is left), or at what time of the phone's day a coming window opens, today or
 * tomorrow counted from the chain's `now`, not from the phone's clock.
 */
export function reminderText(t: TFunction<"redeemWindow">, { id, reminder }: StakeReminder, now: bigint): string {
  if (reminder.kind === "open") {
    const parts = durationParts(reminder.window.closesAt - now);
    const time = parts.days === "0" ? t("hoursMinutes", parts) : t("daysHoursMinutes", parts);
    return t("closesIn", { id: id.toString(), time });
  }
  const opens = new Date(Number(reminder.window.opensAt) * 1000);
  const time = `${pad(opens.getHours())}:${pad(opens.getMinutes())}`;
  const key = dayOf(reminder.window.opensAt) === dayOf(now) ? "opensToday" : "opensTomorrow";
  return t(key, { id: id.toString(), time });
}
