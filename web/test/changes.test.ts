import { createI18n } from "../src/i18n/translate";
import { describe, expect, it } from "vitest";
import type { UpcomingChange } from "@dwn/api";
import { describeChange, formatValue } from "../src/features/changes/describe";
import { changesFor } from "../src/features/changes/UpcomingChanges";
import { changesStrings } from "../src/features/changes/strings";
import { addNamespace } from "../src/i18n/lazyNamespace";
import { loadResources } from "../src/i18n/resources";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });
addNamespace(i18n, "changes", changesStrings);
const en = i18n.getFixedT("en-us", "changes");
const zh = i18n.getFixedT("zh-cn", "changes");

const e18 = 10n ** 18n;
const NOW = 1_800_000_000;

function change(
  part: Partial<UpcomingChange> & Pick<UpcomingChange, "contract" | "setting" | "values">,
): UpcomingChange {
  return {
    id: `0x${"ab".repeat(32)}`,
    index: 0,
    current: null,
    scheduled_at: NOW - 3600,
    ready_at: NOW + 172_800,
    tx_hash: `0x${"cd".repeat(32)}`,
    ...part,
  };
}

describe("an upcoming change as the user reads it", () => {
  it("names the setting, shows only the values that change, from now to then, and from when", () => {
    const fees = change({
      contract: "staking",
      setting: "setFeeRates",
      values: { unstakeFeeRate: "1000", collectFeeRate: "300" },
      current: { unstakeFeeRate: "500", collectFeeRate: "300" },
    });
    const local = new Date((NOW + 172_800) * 1000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const time = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(describeChange(fees, en, NOW)).toEqual({
      title: "Staking fees",
      lines: [{ param: "unstakeFeeRate", label: "Redeem fee", from: "5%", to: "10%" }],
      when: `Can take effect from ${time}`,
    });
    expect(describeChange(fees, zh, NOW)).toEqual({
      title: "质押手续费",
      lines: [{ param: "unstakeFeeRate", label: "赎回手续费", from: "5%", to: "10%" }],
      when: `最早于 ${time} 生效`,
    });
    // Past its time it can be executed by anyone at any moment.
    expect(describeChange({ ...fees, ready_at: NOW - 1 }, en, NOW).when).toBe("Can take effect at any time now");
  });

  it("shows every new value when the values now are unknown", () => {
    const terms = change({
      contract: "staking",
      setting: "setStakeTerms",
      values: {
        dwnAmount: (100n * e18).toString(),
        a8Amount: "0",
        cycleDays: "3650",
        gracePeriod: "5400",
        rewardPerUnitPerSecond: (e18 / 86_400n).toString(),
      },
    });
    expect(describeChange(terms, en, NOW).lines).toEqual([
      { param: "dwnAmount", label: "DWN per unit", to: "100 DWN" },
      { param: "a8Amount", label: "A8 per unit", to: "0 A8" },
      { param: "cycleDays", label: "Cycle", to: "3,650 days" },
      { param: "gracePeriod", label: "Redeem window", to: "1.5 h" },
      // 11,574,074,074,074 wei a second is 0.9999999999999936 a day: rounded to 4 places.
      { param: "rewardPerUnitPerSecond", label: "Reward per unit", to: "1 UDBK a day" },
    ]);
  });

  it("titles tiers, pauses and unknown calls, and reads every kind of value", () => {
    const tier = change({
      contract: "pool",
      setting: "setTier",
      values: {
        tierId: "2",
        supply: "800",
        usdtprice: (600n * e18).toString(),
        dwn8price: "0",
        multiple: "16000",
        limit: "3",
      },
      current: {
        tierId: "2",
        supply: "800",
        usdtprice: (500n * e18).toString(),
        dwn8price: "0",
        multiple: "15000",
        limit: "10",
      },
    });
    expect(describeChange(tier, en, NOW)).toMatchObject({
      title: "NFT tier 2",
      lines: [
        { param: "usdtprice", from: "500 USDT", to: "600 USDT" },
        { param: "multiple", from: "×1.5", to: "×1.6" },
        { param: "limit", from: "10", to: "3" },
      ],
    });
    expect(describeChange(change({ contract: "staking", setting: "pause", values: {} }), en, NOW)).toMatchObject({
      title: "New stakes paused",
      lines: [],
    });
    expect(describeChange(change({ contract: "pool", setting: "pause", values: {} }), zh, NOW).title).toBe(
      "暂停购买 NFT",
    );
    expect(
      describeChange(change({ contract: "pool", setting: "transferOwnership", values: { newOwner: "0x1" } }), en, NOW)
        .title,
    ).toBe("Another owner call (transferOwnership)");
    expect(
      describeChange(change({ contract: "timelock", setting: "updateDelay", values: { newDelay: "86400" } }), en, NOW),
    ).toMatchObject({ title: "Notice period of changes", lines: [{ param: "newDelay", to: "1 days" }] });

    expect(formatValue("rates", ["1000", "550"], en)).toBe("10%, 5.5%");
    expect(formatValue("makeupPercent", "10100", en)).toBe("+1%");
    expect(formatValue("rewardPerSecond", (e18 / 100n).toString(), en)).toBe("864 DWN a day");
    expect(formatValue("open", false, zh)).toBe("否");
    expect(formatValue("users", ["0x1", "0x2"], en)).toBe("2 addresses");
    expect(formatValue("amounts", [(10n * e18).toString(), (5n * e18).toString()], en)).toBe("15 USDT");
    expect(formatValue("time", "0", en)).toBe("--");
    expect(formatValue("treasury", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", en)).toBe("0x7099…dc79C8");
  });

  it("each screen shows its contract's changes and the timelock's own", () => {
    const list = [
      change({ contract: "pool", setting: "setDwnPrice", values: {} }),
      change({ contract: "staking", setting: "setFeeRates", values: {} }),
      change({ contract: "timelock", setting: "updateDelay", values: {} }),
    ];
    expect(changesFor(list, "pool").map((c) => c.setting)).toEqual(["setDwnPrice", "updateDelay"]);
    expect(changesFor(list, "staking").map((c) => c.setting)).toEqual(["setFeeRates", "updateDelay"]);
  });
});
