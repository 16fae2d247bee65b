import type { TFunction } from "../../i18n/translate";
import type { SettingValue, UpcomingChange } from "@dwn/api";
import { formatDecimal, formatTime, shorten } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import type { ChangesMessages } from "./strings";

type Param = keyof ChangesMessages["param"];
type SettingKey = keyof ChangesMessages["setting"];
type T = TFunction<"changes">;

/** How a parameter's value reads: its unit and scale. */
type Kind =
  | { token: string }
  | { perDay: string }
  | "percent"
  | "percents"
  | "makeup"
  | "multiple"
  | "count"
  | "time"
  | "days"
  | "seconds"
  | "address"
  | "flag"
  | "raw";

/** Every parameter of the owner's settings (contracts/deploy/settings.ts) and how to show it. */
const KINDS: Record<Param, Kind> = {
  supply: "count",
  usdtprice: { token: "USDT" },
  dwn8price: { token: "DWN9" },
  multiple: "multiple",
  limit: "count",
  rewardPerSecond: { perDay: "DWN" },
  rate: "percent",
  rates: "percents",
  price: { token: "USDT" },
  time: "time",
  makeupPercent: "makeup",
  maxMakeupCount: "count",
  treasury: "address",
  open: "flag",
  users: "count",
  amounts: { token: "USDT" },
  dwnAmount: { token: "DWN" },
  a8Amount: { token: "A8" },
  cycleDays: "days",
  gracePeriod: "seconds",
  rewardPerUnitPerSecond: { perDay: "UDBK" },
  unstakeFeeRate: "percent",
  collectFeeRate: "percent",
  recipient: "address",
  newDelay: "seconds",
  target: "address",
  data: "raw",
};

const DAY = 86_400n;
const big = (v: SettingValue) => (typeof v === "string" && /^\d+$/.test(v) ? BigInt(v) : 0n);
const percent = (bp: bigint) => `${formatDecimal(bp, 2)}%`;

/** One value as the user reads it, in the user's language. */
export function formatValue(param: Param, value: SettingValue, t: T): string {
  const kind = KINDS[param];
  if (typeof kind === "object") {
    if ("token" in kind) {
      // creditGuarantee's amounts: their total.
      const total = Array.isArray(value) ? value.reduce((sum, v) => sum + big(v), 0n) : big(value);
      return `${formatMoney("figure", total)} ${kind.token}`;
    }
    return t("perDay", { amount: `${formatMoney("figure", big(value) * DAY)} ${kind.perDay}` });
  }
  switch (kind) {
    case "percent":
      return percent(big(value));
    case "percents":
      return (Array.isArray(value) ? value : []).map((v) => percent(big(v))).join(", ");
    case "makeup":
      // 10100: 1.01 a day, +1 % a day.
      return `+${percent(big(value) - 10_000n)}`;
    case "multiple":
      return `×${formatDecimal(big(value), 4)}`;
    case "count":
      return Array.isArray(value) ? t("addresses", { count: value.length }) : String(big(value));
    case "time":
      return big(value) === 0n ? "--" : formatTime(big(value));
    case "days":
      return t("days", { days: formatDecimal(big(value), 0) });
    case "seconds": {
      const seconds = big(value);
      return seconds % DAY === 0n
        ? t("days", { days: formatDecimal(seconds / DAY, 0) })
        : t("hours", { hours: formatDecimal((seconds * 100n) / 3600n, 2) });
    }
    case "address":
      return shorten(String(value), 6);
    case "flag":
      return value === true ? t("yes") : t("no");
    case "raw":
      return shorten(String(value), 10);
  }
}

/** One line of a change: a parameter, its value now (when known) and the value it will have. */
export interface ChangeLine {
  param: Param;
  label: string;
  from?: string;
  to: string;
}

export interface DescribedChange {
  title: string;
  lines: ChangeLine[];
  /** When it can take effect. */
  when: string;
}

function titleOf(change: UpcomingChange, t: T): string {
  const key = (k: SettingKey) => `setting.${k}` as const;
  if (change.setting === "pause" || change.setting === "unpause") {
    const which = change.contract === "staking" ? "Staking" : "Pool";
    return t(key(`${change.setting}${which}`));
  }
  if (change.setting === "setTier") return t(key("setTier"), { tier: String(change.values.tierId) });
  if (change.contract !== "other" && change.setting in KNOWN_SETTINGS) return t(key(change.setting as SettingKey));
  return t(key("other"), { name: change.setting });
}

/** The settings with a title of their own (the rest read as "another owner call"). */
const KNOWN_SETTINGS: Partial<Record<string, true>> = {
  setStaticRewardPerSecond: true,
  setDirectPushRate: true,
  setDynamicRates: true,
  setDwnPrice: true,
  setOpenBuyTime: true,
  setMakeup: true,
  setTreasury: true,
  setOpenCapitalPool: true,
  creditGuarantee: true,
  setStakeTerms: true,
  setFeeRates: true,
  setFeeRecipient: true,
  updateDelay: true,
};

/**
 * A queued owner change as the user reads it: what it changes, each value from what it is now
 * to what it will be (only those that change, when the current values are known), and from when.
 */
export function describeChange(change: UpcomingChange, t: T, nowSeconds: number): DescribedChange {
  const all: ChangeLine[] = [];
  for (const [name, value] of Object.entries(change.values)) {
    if (name === "tierId" || !(name in KINDS)) continue;
    const param = name as Param;
    const current = change.current?.[param];
    all.push({
      param,
      label: t(`param.${param}`),
      ...(current === undefined ? {} : { from: formatValue(param, current, t) }),
      to: formatValue(param, value, t),
    });
  }
  const changed = all.filter((line) => line.from === undefined || line.from !== line.to);
  return {
    title: titleOf(change, t),
    lines: changed.length > 0 ? changed : all,
    when: change.ready_at > nowSeconds ? t("from", { time: formatTime(change.ready_at) }) : t("now"),
  };
}
