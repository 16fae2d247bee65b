import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { StakeRecord } from "@dwn/api";
import { DetailCard } from "../src/features/contractDetails/components/DetailCard";
import { RewardRow } from "../src/features/contractDetails/components/RewardRow";
import { StakeRecordCard } from "../src/features/pledge/components/StakeRecordCard";
import { parsePledgeIdsObj, PLEDGE_IDS_OBJ } from "../src/features/shared/utils/pledgeIdsObj";
import { loadResources } from "../src/i18n/resources";
import { config } from "./support/wallet-harness";
import { markup } from "./support/markup";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });

const e18 = 10n ** 18n;

/** The screen's markup, in `language`. */
async function render(element: ReactElement, language: LanguageCode = "en-us"): Promise<string> {
  await i18n.changeLanguage(language);
  return markup(element, { i18n, config });
}

/** The text inside the element of `testId` (tags removed, entities decoded). */
function text(html: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(dd|span|time|a|article)>`).exec(html);
  return match?.[1]
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');
}

/** A stake of 2 units (seeded alice's) started 2026-01-01 00:00:00 UTC. */
const record: StakeRecord = {
  id: "7",
  status: 0,
  pay_dwn: (200n * e18).toString(),
  pay_a8: (100n * e18).toString(),
  units: "2",
  days: 30,
  start_timestamp: 1_767_225_600,
  end_timestamp: 1_769_817_600,
  redeemed: false,
};

const time = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

describe("a record card of the records tab", () => {
  const card = (status: 0 | 1 | 2, pending: bigint | undefined) =>
    createElement(StakeRecordCard, { record, status, pending, address: null });

  it("shows the id, the sub-tab's status, the principal, the days, the pending UDBK and the start", async () => {
    const html = await render(card(1, 1_999_999_999_999_987_200n));
    expect(text(html, "stake-id")).toBe("#7");
    expect(text(html, "stake-status")).toBe("Waiting for renewal");
    expect(html).toContain('data-status="1"');
    expect(text(html, "stake-pay-dwn")).toBe("200 DWN");
    expect(text(html, "stake-days")).toBe("30 days");
    // Cut to 4 decimals, as on the details page: a reward is never shown rounded up.
    expect(text(html, "stake-udbk")).toBe("1.9999 UDBK");
    expect(text(html, "stake-start")).toBe(time(record.start_timestamp));
  });

  it("shows a placeholder, not 0 UDBK, while the pending reward loads", async () => {
    expect(text(await render(card(0, undefined)), "stake-udbk")).toBe("--");
  });

  it("links to the details with the record, the sub-tab's status and the pending reward", async () => {
    const html = await render(card(2, 123_456_789n * 10n ** 12n));
    const href = /<a [^>]*data-testid="stake-details" href="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(href.startsWith("#/contractDetails?pledgeIdsObj=")).toBe(true);
    const search = new URLSearchParams(href.replace(/&amp;/g, "&").split("?")[1]);
    expect(parsePledgeIdsObj(search.get(PLEDGE_IDS_OBJ))).toEqual({
      ...record,
      status: 2,
      udbk_num: "123456789000000000000",
    });
  });

  it("speaks Chinese too", async () => {
    const html = await render(card(0, 5n * e18), "zh-cn");
    expect(text(html, "stake-status")).toBe("质押中");
    expect(text(html, "stake-days")).toBe("30 天");
    expect(text(html, "stake-udbk")).toBe("5 UDBK");
    expect(text(html, "stake-details")).toBe("详情");
  });
});

describe("the detail card", () => {
  it("shows the chain's figures, 4 decimals with its token (rewards cut, the principal rounded), and the start and end", async () => {
    const html = await render(
      createElement(DetailCard, {
        id: 7n,
        info: {
          id: 7n,
          dwnAmount: 123_456_789_000_000_000_000n,
          hashrate: 2n,
          startTime: BigInt(record.start_timestamp),
          endTime: BigInt(record.end_timestamp),
          durationPerCycle: 30n * 86_400n,
          unstakeGraceTimestamp: BigInt(record.end_timestamp) + 7_200n,
          lastCollectTime: BigInt(record.start_timestamp),
          pastUnClaimedReward: 0n,
          user: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
          redeemed: false,
          status: 0n,
          cycleIndex: 0n,
          gracePeriod: 7_200n,
          rewardPerUnitPerSecond: 1n,
        },
        totalReward: 29_999_999_999_999_808_000n,
        claimable: 999_990_000_000_000_000n,
        now: undefined,
      }),
    );
    expect(text(html, "detail-id")).toBe("#7");
    expect(text(html, "stake-status")).toBe("Pledged");
    expect(text(html, "detail-pay-dwn")).toBe("123.4568 DWN");
    expect(text(html, "detail-days")).toBe("30 days");
    expect(text(html, "detail-total-reward")).toBe("29.9999 UDBK");
    expect(text(html, "detail-claimable")).toBe("0.9999 UDBK");
    expect(text(html, "detail-start")).toBe(time(record.start_timestamp));
    expect(text(html, "detail-end")).toBe(time(record.end_timestamp));
  });
});

describe("a reward-record row", () => {
  it("shows a day's reward as + and a claim as what was received, with its fee", async () => {
    const reward = await render(
      createElement(RewardRow, { row: { timestamp: 1_767_312_000, reward_num: "1999999999999987200" } }),
    );
    expect(reward).toContain('data-kind="reward"');
    expect(text(reward, "reward-label")).toBe("Reward record");
    expect(text(reward, "reward-amount")).toBe("+1.9999 UDBK");
    expect(text(reward, "reward-time")).toBe(time(1_767_312_000));
    const claim = await render(
      createElement(RewardRow, {
        row: {
          collect_id: `0x${"ab".repeat(32)}:0`,
          tx_hash: `0x${"ab".repeat(32)}`,
          timestamp: 1_767_312_600,
          reward_num: "30000000000000000000",
          fee: "900000000000000000",
        },
      }),
    );
    expect(claim).toContain('data-kind="claim"');
    expect(text(claim, "reward-label")).toBe("Withdrawal record");
    // What the user received (30 claimed, 0.9 kept as the fee), and the fee beside it.
    expect(text(claim, "reward-amount")).toBe("29.1 UDBK");
    expect(text(claim, "reward-fee")).toBe("Fee 0.9 UDBK");
    // A claim links to its transaction on the deployment's explorer; a day's reward has none.
    expect(claim).toContain(`href="https://explorer.example/tx/0x${"ab".repeat(32)}"`);
    expect(reward).not.toContain("explorer-link");
  });
});
