import type { StakeRecord } from "@dwn/api";

/**
 * The stake record /contractDetails opens with, carried in its `pledgeIdsObj` query parameter
 * as JSON (spec §2): the API's record with `status` set to the records sub-tab it was opened
 * from and `udbk_num`, the pending UDBK (18-decimal integer as a decimal string) the card showed.
 */
export type PledgeRecord = Omit<StakeRecord, "status"> & { status: 0 | 1 | 2; udbk_num: string };

export const PLEDGE_IDS_OBJ = "pledgeIdsObj";

/** The /contractDetails link of a record: `?pledgeIdsObj=…` plus the inviter `address` when the page has one. */
export function contractDetailsPath(record: PledgeRecord, address?: string | null): string {
  const params = new URLSearchParams({ [PLEDGE_IDS_OBJ]: JSON.stringify(record) });
  if (address) params.set("address", address);
  return `/contractDetails?${params.toString()}`;
}

const isStatus = (value: unknown): value is 0 | 1 | 2 => value === 0 || value === 1 || value === 2;
const isDecimal = (value: unknown): value is string => typeof value === "string" && /^\d+$/.test(value);
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

/** The record of a `pledgeIdsObj` value, or undefined when it is missing or not a stake record. */
export function parsePledgeIdsObj(text: string | null): PledgeRecord | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Record<string, unknown>;
  const valid =
    isDecimal(r.id) &&
    isStatus(r.status) &&
    isDecimal(r.pay_dwn) &&
    isDecimal(r.udbk_num) &&
    typeof r.days === "number" &&
    isTime(r.start_timestamp) &&
    isTime(r.end_timestamp);
  if (!valid) return undefined;
  return {
    id: r.id as string,
    status: r.status as 0 | 1 | 2,
    pay_dwn: r.pay_dwn as string,
    pay_a8: isDecimal(r.pay_a8) ? r.pay_a8 : "0",
    units: isDecimal(r.units) ? r.units : "0",
    days: r.days as number,
    start_timestamp: r.start_timestamp as number,
    end_timestamp: r.end_timestamp as number,
    redeemed: r.redeemed === true,
    udbk_num: r.udbk_num as string,
  };
}

/**
 * The stake id a /contractDetails link names, and nothing else from it: the screen reads every
 * figure from the chain and the API, so a crafted link cannot show a figure the chain does not
 * hold. Taken from `pledgeIdsObj`'s `id` (the spec's link), or from an `id` parameter.
 */
export function stakeIdOfLink(params: URLSearchParams): bigint | undefined {
  let id: unknown = params.get("id");
  const text = params.get(PLEDGE_IDS_OBJ);
  if (text) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === "object" && value !== null) id = (value as Record<string, unknown>).id;
    } catch {
      return undefined;
    }
  }
  if (typeof id === "number" && Number.isSafeInteger(id)) id = String(id);
  return typeof id === "string" && /^[1-9]\d{0,76}$/.test(id) ? BigInt(id) : undefined;
}
