import { describe, expect, it } from "vitest";
import type { StakeRecord } from "@dwn/api";
import { feeEstimate, feeFigures, ratePercent, RATE_SCALE } from "../src/features/shared/utils/fees";
import {
  contractDetailsPath,
  parsePledgeIdsObj,
  PLEDGE_IDS_OBJ,
  type PledgeRecord,
} from "../src/features/shared/utils/pledgeIdsObj";

const e18 = 10n ** 18n;
/** The devnet's reward: 11574074074074 UDBK-wei a unit a second. */
const RATE = 11_574_074_074_074n;

describe("the popup's fee, as Staking.sol computes it", () => {
  it("uses basis points: contract value / 100 = percent", () => {
    expect(RATE_SCALE).toBe(10_000n);
    expect(ratePercent(500n)).toBe("5");
    expect(ratePercent(300n)).toBe("3");
    expect(ratePercent(250n)).toBe("2.5");
    expect(ratePercent(333n)).toBe("3.33");
    expect(ratePercent(1n)).toBe("0.01");
    expect(ratePercent(2_000n)).toBe("20");
    expect(ratePercent(0n)).toBe("0");
  });

  it("is amount × rate / 10000, and the user receives the rest", () => {
    // Redeeming 100 DWN at 5%.
    expect(feeEstimate(100n * e18, 500n)).toEqual({ amount: 100n * e18, fee: 5n * e18, receivable: 95n * e18 });
    // Redeeming 300 DWN at 5%.
    expect(feeEstimate(300n * e18, 500n)).toEqual({ amount: 300n * e18, fee: 15n * e18, receivable: 285n * e18 });
    expect(feeEstimate(0n, 500n)).toEqual({ amount: 0n, fee: 0n, receivable: 0n });
    expect(feeEstimate(7n * e18, 0n)).toEqual({ amount: 7n * e18, fee: 0n, receivable: 7n * e18 });
  });

  it("rounds the fee down, like Solidity's integer division, so the receivable rounds up", () => {
    // 12345 × 300 / 10000 = 370.35 → 370.
    expect(feeEstimate(12_345n, 300n)).toEqual({ amount: 12_345n, fee: 370n, receivable: 11_975n });
    // 33 × 300 / 10000 = 0.99 → 0: a dust claim pays no fee.
    expect(feeEstimate(33n, 300n)).toEqual({ amount: 33n, fee: 0n, receivable: 33n });
    // 1 × 2000 / 10000 = 0.2 → 0.
    expect(feeEstimate(1n, 2_000n).fee).toBe(0n);
    // 34 × 300 / 10000 = 1.02 → 1.
    expect(feeEstimate(34n, 300n).fee).toBe(1n);
  });

  it("matches a day's claim of a 2-unit devnet stake at 3%", () => {
    const pending = 2n * RATE * 86_400n;
    expect(pending).toBe(1_999_999_999_999_987_200n);
    // 1999999999999987200 × 300 / 10000 = 59999999999999616 exactly.
    expect(feeEstimate(pending, 300n)).toEqual({
      amount: pending,
      fee: 59_999_999_999_999_616n,
      receivable: 1_939_999_999_999_987_584n,
    });
  });
});

describe("the popup's figures, as shown", () => {
  it("are 4 decimals at most, trailing zeros trimmed: what the user receives cut, the fee rounded; the rate in %", () => {
    expect(feeFigures(100n * e18, 500n, "reward")).toEqual({ amount: "100", rate: "5", fee: "5", receivable: "95" });
    expect(feeFigures(1_999_999_999_999_987_200n, 300n, "reward")).toEqual({
      amount: "1.9999",
      rate: "3",
      fee: "0.06",
      receivable: "1.9399",
    });
    expect(feeFigures(123_456_789n * 10n ** 12n, 250n, "reward")).toEqual({
      amount: "123.4567",
      rate: "2.5",
      fee: "3.0864",
      receivable: "120.3703",
    });
    expect(feeFigures(0n, 300n, "reward")).toEqual({ amount: "0", rate: "3", fee: "0", receivable: "0" });
  });
});

const apiRecord: StakeRecord = {
  id: "12",
  status: 0,
  pay_dwn: (200n * e18).toString(),
  pay_a8: (100n * e18).toString(),
  units: "2",
  days: 30,
  start_timestamp: 1_767_225_600,
  end_timestamp: 1_769_817_600,
  redeemed: false,
};

/** The query string of a /contractDetails path, as the router's useSearchParams reads it. */
const query = (path: string) => new URLSearchParams(path.slice(path.indexOf("?") + 1));

describe("the pledgeIdsObj link between the records and the detail screen", () => {
  const record: PledgeRecord = { ...apiRecord, status: 1, udbk_num: "1999999999999987200" };

  it("carries the record as JSON, with the sub-tab's status and the pending reward", () => {
    const path = contractDetailsPath(record);
    expect(path.startsWith("/contractDetails?pledgeIdsObj=")).toBe(true);
    expect(JSON.parse(query(path).get(PLEDGE_IDS_OBJ) ?? "")).toEqual({
      ...apiRecord,
      status: 1,
      udbk_num: "1999999999999987200",
    });
    expect(query(path).has("address")).toBe(false);
  });

  it("round-trips: the detail screen reads back the record the link was made of", () => {
    expect(parsePledgeIdsObj(query(contractDetailsPath(record)).get(PLEDGE_IDS_OBJ))).toEqual(record);
    for (const status of [0, 1, 2] as const) {
      const back = parsePledgeIdsObj(query(contractDetailsPath({ ...record, status })).get(PLEDGE_IDS_OBJ));
      expect(back?.status).toBe(status);
    }
  });

  it("passes the inviter address parameter on", () => {
    const address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const path = contractDetailsPath(record, address);
    expect(query(path).get("address")).toBe(address);
    expect(parsePledgeIdsObj(query(path).get(PLEDGE_IDS_OBJ))).toEqual(record);
  });

  it("refuses what is not a stake record", () => {
    expect(parsePledgeIdsObj(null)).toBeUndefined();
    expect(parsePledgeIdsObj("")).toBeUndefined();
    expect(parsePledgeIdsObj("{not json")).toBeUndefined();
    expect(parsePledgeIdsObj("null")).toBeUndefined();
    expect(parsePledgeIdsObj("42")).toBeUndefined();
    const broken = (change: Record<string, unknown>) => JSON.stringify({ ...record, ...change });
    expect(parsePledgeIdsObj(broken({ id: 12 }))).toBeUndefined();
    expect(parsePledgeIdsObj(broken({ id: "-1" }))).toBeUndefined();
    expect(parsePledgeIdsObj(broken({ status: 3 }))).toBeUndefined();
    expect(parsePledgeIdsObj(broken({ status: "1" }))).toBeUndefined();
    expect(parsePledgeIdsObj(broken({ pay_dwn: "1e20" }))).toBeUndefined();
    expect(parsePledgeIdsObj(broken({ udbk_num: undefined }))).toBeUndefined();
    expect(parsePledgeIdsObj(broken({ start_timestamp: "now" }))).toBeUndefined();
  });
});
