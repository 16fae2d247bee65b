import { QueryClient } from "@tanstack/react-query";
import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Address } from "viem";
import { DetailCard } from "../src/features/contractDetails/components/DetailCard";
import { RedeemWindowCard } from "../src/features/home/components/RedeemWindowCard";
import type { ScheduledStake } from "../src/features/home/hooks/useStakeSchedules";
import { stakeSchedulesKey } from "../src/lib/queryKeys";
import { chainTimeKey, useChainTime } from "../src/features/shared/hooks/useChainTime";
import { loadResources } from "../src/i18n/resources";
import type { ChainTimeSample } from "../src/lib/chainClock";
import type { StakeInfo } from "../src/lib/reads/staking";
import { markup } from "./support/markup";
import { config } from "./support/wallet-harness";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });

const ACCOUNT: Address = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const DAY = 86_400n;
const HOUR = 3_600n;
const MINUTE = 60n;
const CYCLE = 30n * DAY;

const local = (...parts: [number, number, number, number, number]) => BigInt(new Date(...parts).getTime() / 1000);
/** The chain's time in these tests: 18:30 on the phone's 10 June 2026 (its own time zone). */
const CHAIN_NOW = local(2026, 5, 10, 18, 30);

/** A stake whose first window opens at `opensAt` (30-day cycle, 24-hour window, 1-hour pause). */
const stake = (id: bigint, opensAt: bigint): ScheduledStake => ({
  id,
  schedule: { startTime: opensAt - CYCLE, durationPerCycle: CYCLE, gracePeriod: DAY, renewalDelay: HOUR },
});

const STAKES = [
  // Opens at 14:00 tomorrow.
  stake(4n, local(2026, 5, 11, 14, 0)),
  // Its window closes in 5 h 12 min (and 30 s).
  stake(3n, CHAIN_NOW + 5n * HOUR + 12n * MINUTE + 30n - DAY),
  // Opens in two days: not yet.
  stake(5n, CHAIN_NOW + 2n * DAY),
  // Opens at 21:00 today.
  stake(6n, local(2026, 5, 10, 21, 0)),
];

afterEach(() => void vi.useRealTimers());

/** A query client holding the stakes and a chain time read just now. */
function seeded(stakes: ScheduledStake[], blockTime = CHAIN_NOW): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(stakeSchedulesKey(config.contracts.staking, ACCOUNT), stakes);
  client.setQueryData<ChainTimeSample>(chainTimeKey(config.chain.rpcUrl), { blockTime, readAt: performance.now() });
  return client;
}

async function render(
  client: QueryClient,
  language: LanguageCode = "en-us",
  element = createElement(RedeemWindowCard, { account: ACCOUNT }),
) {
  await i18n.changeLanguage(language);
  return markup(element, { i18n, config, client });
}

/** Each row's link and text. */
const rows = (html: string) =>
  [...html.matchAll(/<a [^>]*data-testid="redeem-window-row"[^>]*>(.*?)<\/a>/g)].map(([a, inner]) => ({
    href: /href="([^"]+)"/.exec(a)?.[1],
    text: inner
      .replace(/<[^>]+>/g, "")
      .replace("›", "")
      .trim(),
  }));

describe("home's redeem window card", () => {
  it("lists the open windows, then those opening within a day, each linking to its stake", async () => {
    expect(rows(await render(seeded(STAKES)))).toEqual([
      { href: "#/contractDetails?id=3", text: "Stake #3: redeem window closes in 5 h 12 min" },
      { href: "#/contractDetails?id=6", text: "Stake #6: redeem window opens today at 21:00" },
      { href: "#/contractDetails?id=4", text: "Stake #4: redeem window opens tomorrow at 14:00" },
    ]);
  });

  it("speaks Chinese too", async () => {
    expect(rows(await render(seeded(STAKES), "zh-cn")).map((row) => row.text)).toEqual([
      "质押 #3：赎回窗口将在 5 小时 12 分后关闭",
      "质押 #6：赎回窗口今天 21:00 开启",
      "质押 #4：赎回窗口明天 14:00 开启",
    ]);
  });

  it("shows nothing when no window is open or near, nor before the stakes and the chain's time are read", async () => {
    expect(await render(seeded([stake(5n, CHAIN_NOW + 2n * DAY)]))).toBe(
      '<span hidden="" data-testid="home-redeem-window-none"></span>',
    );
    const unread = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    expect(await render(unread)).toBe("");
  });

  it("counts on the chain's time: a phone clock 2 hours ahead or behind changes no countdown", async () => {
    const right = rows(await render(seeded(STAKES)));
    expect(right).toHaveLength(3);
    for (const offset of [2, -2]) {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Number(CHAIN_NOW) * 1000 + offset * 3_600_000);
      expect(rows(await render(seeded(STAKES))), `${offset} h`).toEqual(right);
      vi.useRealTimers();
    }
  });
});

describe("the details screen's countdown", () => {
  const info: StakeInfo = {
    id: 3n,
    dwnAmount: 100n * 10n ** 18n,
    hashrate: 1n,
    startTime: STAKES[1].schedule.startTime,
    endTime: STAKES[1].schedule.startTime + CYCLE,
    durationPerCycle: CYCLE,
    unstakeGraceTimestamp: STAKES[1].schedule.startTime + CYCLE + DAY,
    lastCollectTime: STAKES[1].schedule.startTime,
    pastUnClaimedReward: 0n,
    user: ACCOUNT,
    redeemed: false,
    status: 1n,
    cycleIndex: 0n,
    gracePeriod: DAY,
    rewardPerUnitPerSecond: 1n,
  };
  function Details() {
    return createElement(DetailCard, { id: 3n, info, totalReward: 0n, claimable: 0n, now: useChainTime() });
  }
  const countdown = (html: string) => /data-testid="detail-countdown"[^>]*>(.*?)<\/p>/.exec(html)?.[1];

  it("counts on the chain's time too: a phone clock 2 hours off changes nothing", async () => {
    const right = countdown(await render(seeded(STAKES), "en-us", createElement(Details)));
    expect(right).toBe("Redeem window closes in 0 d 5 h 12 min");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Number(CHAIN_NOW) * 1000 + 2 * 3_600_000);
    expect(countdown(await render(seeded(STAKES), "en-us", createElement(Details)))).toBe(right);
  });
});
