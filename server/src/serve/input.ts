import type { Fields } from "@dwn/api";
import { isAddress, isHex, type Address, type Hex } from "viem";
import type { MessageKey } from "./messages";

/** A refusal the caller can act on: the reply's status with a message in the caller's language. */
export class Refusal extends Error {
  constructor(
    readonly status: 401 | 422 | 10001,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** The largest id the store keeps (PostgreSQL BIGINT); a larger one cannot name a record. */
const MAX_ID = 2n ** 63n - 1n;

const bad = (key: MessageKey, params: Record<string, string | number>) => new Refusal(422, key, params);

/** Reads and checks request fields; every problem is a 422 that names the field. */
export function reader(fields: Fields) {
  function required(field: string): string {
    const value = fields[field];
    if (value === undefined || value === "") throw bad("missing", { field });
    return value;
  }
  function integer(field: string, min: number, max: number, fallback?: number): number {
    const raw = fields[field];
    if ((raw === undefined || raw === "") && fallback !== undefined) return fallback;
    const text = required(field);
    const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) throw bad("notInteger", { field, min, max });
    return value;
  }
  return {
    address(field: string): Address {
      const value = required(field);
      if (!isAddress(value, { strict: false })) throw bad("notAddress", { field });
      return value;
    },
    /** An optional address, lower-case; undefined when not sent. */
    optionalAddress(field: string): string | undefined {
      if (fields[field] === undefined || fields[field] === "") return undefined;
      const value = fields[field];
      if (!isAddress(value, { strict: false })) throw bad("notAddress", { field });
      return value.toLowerCase();
    },
    /** The start of an address: "0x" and 6 to 40 hex characters, either case; lower-case. */
    addressPrefix(field: string): string {
      const value = required(field);
      if (!/^0x[0-9a-fA-F]{6,40}$/.test(value)) throw bad("badPrefix", { field });
      return value.toLowerCase();
    },
    signature(field: string): Hex {
      const value = required(field);
      if (!isHex(value) || value.length < 132 || value.length % 2 !== 0) throw new Refusal(422, "notSignature");
      return value;
    },
    integer,
    optionalInteger(field: string, min: number, max: number): number | undefined {
      return fields[field] === undefined || fields[field] === "" ? undefined : integer(field, min, max);
    },
    /** An optional field that, when sent, must be one of `values` (the income list's `type`). */
    optionalOneOf<T extends string>(field: string, values: readonly T[]): T | undefined {
      const value = fields[field];
      if (value === undefined || value === "") return undefined;
      const found = values.find((v) => v === value);
      if (found === undefined) throw bad("notOneOf", { field, values: values.join(", ") });
      return found;
    },
    /** `page` ≥ 1 and a page size from 1 to `max` (`limit`, or `rows` for the stake list). */
    paging(sizeField = "limit", max = 100) {
      const page = integer("page", 1, 1_000_000, 1);
      const size = integer(sizeField, 1, max, 10);
      return { offset: (page - 1) * size, limit: size };
    },
    /** An on-chain id as a bigint, up to what the database's BIGINT columns hold. */
    id(field: string): bigint {
      const text = required(field);
      if (!/^\d{1,19}$/.test(text) || BigInt(text) > MAX_ID)
        throw bad("notInteger", { field, min: 0, max: MAX_ID.toString() });
      return BigInt(text);
    },
  };
}
