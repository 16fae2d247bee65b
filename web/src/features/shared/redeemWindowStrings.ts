import type { LanguageCode } from "../../i18n/languages";

/**
 * The strings of the redeem window reminders (home's card, the details screen's calendar), as
 * the `redeemWindow` namespace. They travel with those parts, not in the first visit's
 * strings; each adds them to the translations when it first renders (i18n/lazyNamespace.ts).
 */
const enUs = {
  title: "Redeem window",
  closesIn: "Stake #{{id}}: redeem window closes in {{time}}",
  opensToday: "Stake #{{id}}: redeem window opens today at {{time}}",
  opensTomorrow: "Stake #{{id}}: redeem window opens tomorrow at {{time}}",
  hoursMinutes: "{{hours}} h {{minutes}} min",
  daysHoursMinutes: "{{days}} d {{hours}} h {{minutes}} min",
  addToCalendar: "Add to calendar",
  calendarNote:
    "Saves this stake's next three redeem windows as a calendar file, each with a reminder an hour before it closes. The file is made on this device; nothing is sent anywhere.",
  eventSummary: "DWN stake #{{id}}: redeem window",
  eventDescription:
    "Redeem the principal of stake #{{id}} before this window closes, or the stake renews itself for another cycle.",
  alarm: "Stake #{{id}}: the redeem window closes in 1 hour",
};

export type RedeemWindowMessages = typeof enUs;

const zhCn: RedeemWindowMessages = {
  title: "赎回窗口",
  closesIn: "质押 #{{id}}：赎回窗口将在 {{time}}后关闭",
  opensToday: "质押 #{{id}}：赎回窗口今天 {{time}} 开启",
  opensTomorrow: "质押 #{{id}}：赎回窗口明天 {{time}} 开启",
  hoursMinutes: "{{hours}} 小时 {{minutes}} 分",
  daysHoursMinutes: "{{days}} 天 {{hours}} 小时 {{minutes}} 分",
  addToCalendar: "添加到日历",
  calendarNote:
    "将这笔质押接下来的三个赎回窗口保存为日历文件，每个窗口关闭前 1 小时提醒。文件在本设备上生成，不会发送到任何地方。",
  eventSummary: "DWN 质押 #{{id}}：赎回窗口",
  eventDescription: "请在窗口关闭前赎回质押 #{{id}} 的本金，否则质押将自动续期一个周期。",
  alarm: "质押 #{{id}}：赎回窗口将在 1 小时后关闭",
};

/** zh-cn and en-us complete (typed against the English set); the other languages fall back to English. */
export const redeemWindowStrings: Partial<Record<LanguageCode, RedeemWindowMessages>> = {
  "en-us": enUs,
  "zh-cn": zhCn,
};
