import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync, createPublicKey } from "node:crypto";
import fc from "fast-check";
import {
  createApiClient,
  decryptText,
  importPublicKey,
  incomeTypes,
  sealSessionKey,
  signFields,
  Status,
  type Endpoint,
  type Fields,
  type Language,
} from "@dwn/api";
import { poolAbi } from "@dwn/contracts";
import { createPublicClient, custom, encodeFunctionResult, isAddress, type Address } from "viem";
import { DEVNET_ACCOUNTS } from "../../contracts/deploy/accounts";
import { devnetHdAccount } from "../../contracts/deploy/devnet-keys";
import { createSignIn } from "../src/serve/signin";
import { addNotice } from "../src/store/queries";
import type { Db } from "../src/store/db";
import { fetchConfig, placeholderContracts, startApi, type ApiServer } from "./support/api";
import { openTestDb } from "./support/db";

/**
 * Generated malformed requests against every endpoint: each must get a {status, msg, data}
 * reply (sealed when the request carried a readable sKey) with 401 or 422, a message in the
 * request's language, and the server must keep serving. No chain: sign-in reads a stand-in
 * RPC that answers `validUser` with true and nothing else.
 */

const SEED = Number(process.env.FC_SEED ?? 0x5eed_2025);
const POOL: Address = "0x00000000000000000000000000000000000000aa";
const member = devnetHdAccount(DEVNET_ACCOUNTS.alice);
const BODY_LIMIT = 16 * 1024;

/** The endpoints of api/src/protocol.ts: whether they need a token, and their valid payloads. */
type Pairs = [string, string][];
interface EndpointSpec {
  open: boolean;
  valid: fc.Arbitrary<Pairs>;
  /** Payloads with at least one field the endpoint must refuse. */
  invalid: fc.Arbitrary<Pairs>;
}

const int = (min: number, max: number) => fc.integer({ min, max }).map(String);
const bigIntText = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map(String);

/** Text that is not a plain run of ASCII digits. */
const notDigits = fc.oneof(
  fc.constantFrom(
    "1.5",
    "1e3",
    "0x10",
    " 1",
    "1 ",
    "+1",
    "-0",
    "١٢",
    "１",
    "NaN",
    "Infinity",
    "null",
    "[]",
    "{}",
    "true",
    "1; DROP TABLE stakes; --",
    "' OR '1'='1",
    "1 UNION SELECT token_hash FROM sessions",
  ),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}.${b}`),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).filter((s) => !/^\d+$/.test(s)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).filter((s) => !/^\d+$/.test(s)),
);

/** 1 to 10^80, with every number of digits equally likely (so 2^63 and 2^256 are crossed). */
const magnitude = fc
  .integer({ min: 1, max: 80 })
  .chain((digits) => fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) }));

/** A whole number outside [min, max], or not a whole number. `required`: the empty string too. */
function badInt(min: bigint, max: bigint, required = false) {
  const edges = [min - 1n, max + 1n, 2n ** 31n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n, 2n ** 256n - 1n, 2n ** 256n];
  return fc.oneof(
    fc.constantFrom(...edges.filter((n) => n < min || n > max).map(String)),
    magnitude.map((m) => String(min - m)),
    magnitude.map((m) => String(max + m)),
    notDigits,
    ...(required ? [fc.constant("")] : []),
  );
}

const validAddress = fc.oneof(
  fc.constant(member.address),
  fc.stringMatching(/^0x[0-9a-f]{40}$/),
  fc.stringMatching(/^0x[0-9A-F]{40}$/),
);
const badAddress = fc.oneof(
  fc.constantFrom(
    "",
    "0x",
    "0X" + "a".repeat(40),
    member.address.slice(2),
    `${member.address}0`,
    "bob.eth",
    "' OR 1=1 --",
  ),
  fc.stringMatching(/^0x[0-9a-f]{0,39}$/),
  fc.stringMatching(/^0x[0-9a-f]{41,80}$/),
  fc.string({ unit: "grapheme", maxLength: 60 }).filter((s) => !isAddress(s, { strict: false })),
);
/** Any signature: none is a signature of a pending message, so every login is refused. */
const anySignature = fc.oneof(
  fc.stringMatching(/^0x[0-9a-f]{130}$/),
  fc.stringMatching(/^0x[0-9a-f]{0,129}$/),
  fc.constantFrom("", "0x", `0x${"zz".repeat(65)}`, "' OR 1=1 --"),
  fc.string({ unit: "grapheme", maxLength: 200 }),
);

const page = int(1, 1_000_000);
const limit = int(1, 100);
const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: undefined });

/** Pairs from named arbitraries, leaving out the undefined ones. */
function pairs(model: Record<string, fc.Arbitrary<string | undefined>>): fc.Arbitrary<Pairs> {
  return fc
    .record(model)
    .map((fields) => Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** `valid` with one or more fields replaced by the bad values given. */
function spoil(valid: Record<string, fc.Arbitrary<string | undefined>>, bad: Record<string, fc.Arbitrary<string>>) {
  const names = Object.keys(bad);
  return fc
    .tuple(
      pairs(valid),
      // Mostly one bad field, so that no other check can hide a missing one.
      fc.oneof(
        { arbitrary: fc.constantFrom(...names).map((name) => [name]), weight: 3 },
        fc.subarray(names, { minLength: 1 }),
      ),
      fc.record(bad),
    )
    .map(([fields, spoiled, values]) => {
      const kept = fields.filter(([name]) => !spoiled.includes(name));
      return [...kept, ...spoiled.map((name): [string, string] => [name, values[name]])];
    });
}

const paging = { page: optional(page), limit: optional(limit) };

/** The income list's `type` filter names a row type (api/src/protocol.ts). */
const INCOME_TYPES: readonly string[] = [...incomeTypes, "collect_static", "collect_dynamic"];
const incomeType = fc.constantFrom(...INCOME_TYPES);
const badIncomeType = fc.oneof(
  fc.constantFrom("0", "1", "5", "STATIC", " static", "static ", "static,direct", "' OR 1=1 --"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((s) => !INCOME_TYPES.includes(s)),
);
const badPaging = { page: badInt(1n, 1_000_000n), limit: badInt(1n, 100n) };
const teamOrder = fc.constantFrom("joined", "legs");
const badTeamOrder = fc.oneof(
  fc.constantFrom("JOINED", "leg", " legs", "1", "' OR 1=1 --"),
  fc.string({ maxLength: 20 }).filter((s) => s !== "" && s !== "joined" && s !== "legs"),
);
/** "0x" and 6 to 40 hex digits: the start of an address to search the team by. */
const goodPrefix = fc.stringMatching(/^0x[0-9a-fA-F]{6,40}$/);
const badPrefix = fc.oneof(
  fc.constantFrom("", "0x", "0xabcde", "abcdef", "0Xabcdef", "0xabcdeg", `0x${"a".repeat(41)}`, "' OR 1=1 --"),
  fc.stringMatching(/^0x[0-9a-f]{0,5}$/),
  fc.string({ unit: "grapheme", maxLength: 50 }).filter((s) => !/^0x[0-9a-fA-F]{6,40}$/.test(s)),
);

const ENDPOINTS: Record<Endpoint, EndpointSpec> = {
  "user/get_address_random": {
    open: true,
    valid: pairs({ address: validAddress }),
    invalid: spoil({ address: validAddress }, { address: badAddress }),
  },
  "user/login": {
    open: true,
    valid: pairs({ address: validAddress, signs: anySignature }),
    // Without a signature of a pending challenge, every login is refused.
    invalid: fc.oneof(
      pairs({ address: validAddress, signs: anySignature }),
      spoil({ address: validAddress, signs: anySignature }, { address: badAddress }),
    ),
  },
  "user/logout": { open: false, valid: fc.constant([]), invalid: fc.constant([]) },
  "user/getMemberTeamInfo": { open: false, valid: fc.constant([]), invalid: fc.constant([]) },
  "user/getFriendList": { open: false, valid: pairs(paging), invalid: spoil(paging, badPaging) },
  "user/getTeamBranch": {
    open: false,
    valid: pairs({ ...paging, order: optional(teamOrder), address: optional(fc.constant(member.address)) }),
    invalid: fc.oneof(
      spoil(
        { ...paging, order: optional(teamOrder), address: optional(fc.constant(member.address)) },
        // An empty address is one not sent: the caller's own branch.
        { ...badPaging, order: badTeamOrder, address: badAddress.filter((a) => a !== "") },
      ),
      // A well-formed address outside the caller's team (the caller has none yet).
      pairs({
        ...paging,
        address: fc.stringMatching(/^0x[0-9a-f]{40}$/).filter((a) => a !== member.address.toLowerCase()),
      }),
    ),
  },
  "user/searchTeam": {
    open: false,
    valid: pairs({ prefix: goodPrefix, ...paging }),
    invalid: spoil({ prefix: goodPrefix, ...paging }, { ...badPaging, prefix: badPrefix }),
  },
  "NFT/getNFTList": { open: false, valid: pairs(paging), invalid: spoil(paging, badPaging) },
  "NFT/getIncomeList": {
    open: false,
    valid: pairs({ ...paging, type: optional(incomeType) }),
    invalid: fc.oneof(
      spoil(
        { ...paging, type: optional(incomeType), start_time: optional(int(0, 2 ** 40)) },
        {
          ...badPaging,
          type: badIncomeType,
          start_time: badInt(0n, 2n ** 40n),
          end_time: badInt(0n, 2n ** 40n),
        },
      ),
      // Both times valid, in the wrong order.
      fc
        .tuple(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }), pairs(paging))
        .map(([a, b, rest]): Pairs => [
          ...rest,
          ["start_time", String(Math.max(a, b) + 1)],
          ["end_time", String(Math.min(a, b))],
        ]),
    ),
  },
  "stake/getStakeList": {
    open: false,
    valid: pairs({ page: optional(page), rows: optional(int(1, 999)), status: optional(int(0, 2)) }),
    invalid: spoil(
      { page: optional(page), rows: optional(int(1, 999)), status: optional(int(0, 2)) },
      { page: badInt(1n, 1_000_000n), rows: badInt(1n, 999n), status: badInt(0n, 2n) },
    ),
  },
  "stake/getStakeById": {
    open: false,
    valid: pairs({ id: bigIntText(0n, 2n ** 63n - 1n), ...paging }),
    invalid: spoil(
      { id: bigIntText(0n, 2n ** 63n - 1n), ...paging },
      { id: badInt(0n, 2n ** 63n - 1n, true), ...badPaging },
    ),
  },
  "notice/getList": { open: true, valid: pairs(paging), invalid: spoil(paging, badPaging) },
  "notice/getDetail": {
    open: true,
    valid: pairs({ id: int(1, 2 ** 31 - 1) }),
    invalid: spoil({ id: int(1, 2 ** 31 - 1) }, { id: badInt(1n, 2n ** 31n - 1n, true) }),
  },
  "system/getUpcomingChanges": { open: true, valid: fc.constant([]), invalid: fc.constant([]) },
};
const endpointNames = Object.keys(ENDPOINTS) as Endpoint[];
const anyEndpoint = fc.constantFrom(...endpointNames);

/** How a request is wrapped; each variant other than "valid" must be refused. */
type SessionKeyPlan =
  | { kind: "none" }
  | { kind: "valid"; key: number }
  | { kind: "garbage"; header: string }
  | { kind: "notAKey"; plain: number }
  | { kind: "otherServer"; key: number };
type SignPlan =
  | { kind: "valid" }
  | { kind: "absent" }
  | { kind: "garbage"; value: string }
  | { kind: "otherFields"; extra: string }
  | { kind: "otherKey" }
  | { kind: "truncated"; by: number };
type TimePlan =
  { kind: "now" } | { kind: "absent" } | { kind: "offset"; seconds: number } | { kind: "text"; value: string };
type TokenPlan = { kind: "valid" } | { kind: "none" } | { kind: "garbage"; value: string };

interface Plan {
  /** What is wrong with the request, for the failure report. */
  defect: string;
  path: string;
  method: "POST" | "GET";
  lang?: Language;
  /** The payload; a name may repeat. */
  fields: Pairs;
  sKey: SessionKeyPlan;
  sign: SignPlan;
  t: TimePlan;
  token: TokenPlan;
  /** Sent as is instead of the form body (with this content type; null: none). */
  raw?: { contentType: string | null; body: string };
  /** Bytes of padding added to the form body. */
  pad?: number;
  expect: 401 | 422;
}

const langs = fc.constantFrom<Language | undefined>("zh-cn", "en-us", undefined);
/** Session keys of test "page loads": index into the pool built in `before`. */
const KEYS = 3;
const sessionKey = fc.integer({ min: 0, max: KEYS - 1 });
/** Plaintexts that are not session keys, sealed with the right public key. */
const NOT_KEYS = ["", "short", "ABCDEFGHIJKLMNO", "ABCDEFGHIJKLMNOPQ", "ABCDEFGHIJKLMNO!", "ÄBCDEFGHIJKLMNOP"];

const tokenGarbage = fc.oneof(
  fc.constantFrom("", "null", "undefined", "' OR 1=1 --", "x".repeat(2000)),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 80 }),
);

const validEnvelope = (key: number) => ({
  sKey: { kind: "valid", key } as const,
  sign: { kind: "valid" } as const,
  t: { kind: "now" } as const,
});

/** Requests whose envelope (sKey, l_sign, t) is wrong, or whose token is: all endpoints. */
const envelopeDefects: fc.Arbitrary<Plan> = fc
  .tuple(anyEndpoint, langs, sessionKey, fc.nat(100))
  .chain(([endpoint, lang, key, pick]) => {
    const spec = ENDPOINTS[endpoint];
    const base = { path: `/api/${endpoint}`, method: "POST" as const, lang };
    const token: TokenPlan = spec.open ? { kind: "none" } : { kind: "valid" };
    const variants: fc.Arbitrary<Plan>[] = [
      fc
        .record({
          header: fc.oneof(
            fc.base64String({ minLength: 344, maxLength: 344 }),
            fc.base64String({ minLength: 4, maxLength: 1000 }),
            fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 400 }).filter((s) => s.trim() !== ""),
            fc.constantFrom("x".repeat(8000), "=".repeat(344)),
          ),
          fields: spec.valid,
        })
        .map(({ header, fields }) => ({
          ...base,
          ...validEnvelope(key),
          defect: "an sKey header that is not RSA-OAEP of a session key",
          sKey: { kind: "garbage", header },
          fields,
          token,
          expect: 422,
        })),
      fc.record({ plain: fc.nat(NOT_KEYS.length - 1), fields: spec.valid }).map(({ plain, fields }) => ({
        ...base,
        ...validEnvelope(key),
        defect: "an sKey that seals something other than 16 characters of [A-Za-z0-9]",
        sKey: { kind: "notAKey", plain },
        fields,
        token,
        expect: 422,
      })),
      spec.valid.map((fields) => ({
        ...base,
        ...validEnvelope(key),
        defect: "an sKey sealed for another server's key",
        sKey: { kind: "otherServer", key },
        fields,
        token,
        expect: 422,
      })),
      fc
        .record({
          sign: fc.oneof(
            fc.constant<SignPlan>({ kind: "absent" }),
            fc.constant<SignPlan>({ kind: "otherKey" }),
            fc.integer({ min: 1, max: 8 }).map((by): SignPlan => ({ kind: "truncated", by })),
            fc
              .string({ unit: "grapheme-ascii", maxLength: 12 })
              .map((extra): SignPlan => ({ kind: "otherFields", extra })),
            fc
              .oneof(fc.base64String({ maxLength: 200 }), fc.string({ unit: "grapheme", maxLength: 100 }))
              .map((value): SignPlan => ({ kind: "garbage", value })),
          ),
          fields: spec.valid,
        })
        .map(({ sign, fields }) => ({
          ...base,
          ...validEnvelope(key),
          defect: `l_sign ${sign.kind}`,
          sign,
          fields,
          token,
          expect: 422,
        })),
      fc
        .record({
          t: fc.oneof(
            fc.constant<TimePlan>({ kind: "absent" }),
            fc
              .oneof(fc.integer({ min: 301, max: 10 ** 9 }), fc.integer({ min: -(10 ** 9), max: -301 }))
              .map((seconds): TimePlan => ({ kind: "offset", seconds })),
            fc
              .oneof(notDigits, fc.constantFrom("", "9999999999999", "-1", "0"))
              .map((value): TimePlan => ({ kind: "text", value })),
          ),
          fields: spec.valid,
        })
        .map(({ t, fields }) => ({
          ...base,
          ...validEnvelope(key),
          defect: `t ${JSON.stringify(t)}`,
          t,
          fields,
          token,
          expect: 422,
        })),
    ];
    if (!spec.open) {
      variants.push(
        spec.valid.map((fields) => ({
          ...base,
          defect: "no sKey on a call that must be encrypted",
          sKey: { kind: "none" },
          sign: { kind: "absent" },
          t: { kind: "absent" },
          fields,
          token,
          expect: 422,
        })),
        fc
          .record({
            fields: spec.valid,
            token: fc.oneof(
              fc.constant<TokenPlan>({ kind: "none" }),
              tokenGarbage.map((value): TokenPlan => ({ kind: "garbage", value })),
            ),
          })
          .map(({ fields, token: bad }) => ({
            ...base,
            ...validEnvelope(key),
            defect: "a valid envelope with no token or a garbage token",
            fields,
            token: bad,
            expect: 401,
          })),
      );
    }
    return variants[pick % variants.length];
  });

/** Requests with a field the endpoint must refuse, plain (open calls) or enveloped. */
const fieldDefects: fc.Arbitrary<Plan> = fc
  .tuple(
    anyEndpoint,
    langs,
    sessionKey,
    fc.boolean(),
    fc.nat(4).map((n) => n === 0),
  )
  // No fields to spoil; and a valid logout would end the session the other plans use.
  .filter(
    ([endpoint]) =>
      endpoint !== "user/getMemberTeamInfo" && endpoint !== "user/logout" && endpoint !== "system/getUpcomingChanges",
  )
  .chain(([endpoint, lang, key, enveloped, garbageToken]) => {
    const spec = ENDPOINTS[endpoint];
    const sealed = enveloped || !spec.open;
    return spec.invalid.map((fields): Plan => {
      // A garbage token on a closed call is caught before the fields: 401.
      const token: TokenPlan = spec.open
        ? { kind: "none" }
        : garbageToken
          ? { kind: "garbage", value: "not-a-token" }
          : { kind: "valid" };
      return {
        defect: `fields ${JSON.stringify(fields)}`,
        path: `/api/${endpoint}`,
        method: "POST",
        lang,
        fields,
        ...(sealed ? validEnvelope(key) : { sKey: { kind: "none" }, sign: { kind: "absent" }, t: { kind: "absent" } }),
        token,
        expect: token.kind === "garbage" ? 401 : 422,
      };
    });
  });

const WRONG_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "text/plain;charset=UTF-8",
  "multipart/form-data; boundary=----dwn",
  "application/xml",
  "application/octet-stream",
  "text/html",
  "application/x-www-form-urlencoded-x",
  "",
];
const unknownPath = fc.oneof(
  fc.constantFrom(
    "/api/",
    "/api/user",
    "/api/user/login/",
    "/api/USER/LOGIN",
    "/api/user//login",
    "/api/nft/getNFTList",
    "/api/config/x",
    "/api/system/status/x",
    "/api/%zz",
    "/api/user/%E4%B8%AD",
    "/api/notice/getList.json",
  ),
  fc.stringMatching(/^[A-Za-z0-9_.~-]{1,30}(\/[A-Za-z0-9_.~-]{1,30}){0,3}$/).map((p) => `/api/x-${p}`),
);

/** Requests the framework must refuse: content types, sizes, duplicates, paths, methods. */
const transportDefects: fc.Arbitrary<Plan> = fc
  .tuple(anyEndpoint, langs, sessionKey, fc.boolean(), fc.nat(100))
  .chain(([endpoint, lang, key, enveloped, pick]) => {
    const spec = ENDPOINTS[endpoint];
    const sealed = enveloped || !spec.open;
    const envelope = sealed
      ? validEnvelope(key)
      : { sKey: { kind: "none" } as const, sign: { kind: "absent" } as const, t: { kind: "absent" } as const };
    const token: TokenPlan = spec.open ? { kind: "none" } : { kind: "valid" };
    const base = { path: `/api/${endpoint}`, method: "POST" as const, lang, ...envelope, token, expect: 422 as const };
    const variants: fc.Arbitrary<Plan>[] = [
      fc
        .record({
          contentType: fc.constantFrom(...WRONG_TYPES, null),
          fields: spec.valid,
          shape: fc.constantFrom("form", "json", "text"),
          text: fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }),
        })
        .map(({ contentType, fields, shape, text }) => ({
          ...base,
          defect: `content type ${JSON.stringify(contentType)} with a ${shape} body`,
          fields,
          raw: {
            contentType,
            body:
              shape === "json"
                ? JSON.stringify(Object.fromEntries([...fields, ["lang", lang ?? "zh-cn"]]))
                : shape === "form"
                  ? new URLSearchParams(fields).toString()
                  : text,
          },
        })),
      fc
        .record({ fields: spec.valid, pad: fc.integer({ min: BODY_LIMIT, max: 4 * BODY_LIMIT }) })
        .map(({ fields, pad }) => ({
          ...base,
          defect: `a body over the limit (${pad} bytes of padding)`,
          fields,
          pad,
        })),
      fc
        .record({
          fields: spec.valid,
          name: fc.constantFrom("lang", "t", "l_sign", "page", "address", "token", "id"),
          values: fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 4 }),
        })
        .map(({ fields, name, values }) => ({
          ...base,
          defect: `field ${name} sent ${values.length} times`,
          fields: [...fields.filter(([n]) => n !== name), ...values.map((v): [string, string] => [name, v])],
        })),
      fc
        .record({ path: unknownPath, method: fc.constantFrom<"POST" | "GET">("POST", "GET"), fields: spec.valid })
        .map(({ path, method, fields }) => ({
          ...base,
          defect: `${method} ${path}`,
          path,
          method,
          fields,
        })),
      spec.valid.map((fields) => ({ ...base, defect: `GET ${base.path}`, method: "GET" as const, fields })),
      fc.record({ fields: spec.valid }).map(({ fields }) => ({
        ...base,
        defect: "POST /api/config",
        path: "/api/config",
        fields,
      })),
    ];
    return variants[pick % variants.length];
  });

/** System status: a request with a sKey must carry a valid envelope; bodies must be forms. */
const statusDefects: fc.Arbitrary<Plan> = fc.tuple(langs, sessionKey, fc.nat(100)).chain(([lang, key, pick]) => {
  const base = {
    path: "/api/system/status",
    method: "POST" as const,
    lang,
    fields: [] as Pairs,
    token: { kind: "none" } as const,
    expect: 422 as const,
  };
  const variants: fc.Arbitrary<Plan>[] = [
    fc.base64String({ minLength: 4, maxLength: 400 }).map((header) => ({
      ...base,
      ...validEnvelope(key),
      defect: "status with an unreadable sKey",
      sKey: { kind: "garbage", header },
    })),
    fc.integer({ min: 301, max: 10 ** 6 }).map((seconds) => ({
      ...base,
      ...validEnvelope(key),
      defect: "status with a stale t",
      t: { kind: "offset", seconds: -seconds },
    })),
    fc.constantFrom(...WRONG_TYPES).map((contentType) => ({
      ...base,
      sKey: { kind: "none" },
      sign: { kind: "absent" },
      t: { kind: "absent" },
      defect: `status with content type ${contentType}`,
      raw: { contentType, body: "{}" },
    })),
  ];
  return variants[pick % variants.length];
});

describe("malformed requests", () => {
  let server: ApiServer;
  let db: Db;
  let drop: () => Promise<void>;
  let token: string;
  let noticeId: number;
  const sessionKeys: string[] = [];
  const sealedKeys: string[] = [];
  const notKeys: string[] = [];
  const foreignKeys: string[] = [];

  before(async () => {
    ({ db, drop } = await openTestDb());
    const chain = createPublicClient({
      transport: custom(
        {
          async request({ method, params }: { method: string; params?: unknown }) {
            const [call] = Array.isArray(params) ? (params as { to?: string }[]) : [];
            if (method === "eth_call" && call?.to?.toLowerCase() === POOL) {
              return encodeFunctionResult({ abi: poolAbi, functionName: "validUser", result: true });
            }
            throw new Error(`The stand-in chain answers validUser only, not ${method}.`);
          },
        },
        { retryCount: 0 },
      ),
    });
    const signIn = createSignIn({ db, client: chain, pool: POOL, chainId: 31337, origin: "https://dwn.example" });
    server = await startApi({ db, signIn, contracts: placeholderContracts(POOL), signInPerMinute: 1_000_000 });
    noticeId = await addNotice(
      db,
      { title_zh: "公告", body_zh: "正文", title_en: "Notice", body_en: "Body" },
      Math.floor(Date.now() / 1000),
    );

    const { publicKey } = await fetchConfig(server.origin);
    const key = await importPublicKey(publicKey);
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const foreign = await importPublicKey(
      createPublicKey(otherKey).export({ type: "spki", format: "der" }).toString("base64"),
    );
    for (let i = 0; i < KEYS; i++) {
      const client = createApiClient({ origin: server.origin, publicKey });
      sessionKeys.push(client.sessionKey);
      sealedKeys.push(await sealSessionKey(key, client.sessionKey));
      foreignKeys.push(await sealSessionKey(foreign, client.sessionKey));
    }
    for (const plain of NOT_KEYS) notKeys.push(await sealSessionKey(key, plain));

    const api = createApiClient({ origin: server.origin, publicKey });
    const challenge = await api.call("user/get_address_random", { address: member.address }, { lang: "en-us" });
    const signs = await member.signMessage({ message: challenge.data });
    const login = await api.call("user/login", { address: member.address, signs }, { lang: "en-us" });
    assert.equal(login.status, Status.ok, login.msg);
    token = login.data.access_token;
  });

  after(async () => {
    await server?.close();
    await drop?.();
  });

  /** Builds the request a plan describes, sends it, and returns the opened reply. */
  async function send(plan: Plan) {
    const fields: Pairs = [...plan.fields];
    if (plan.lang) fields.push(["lang", plan.lang]);
    const sent = plan.token.kind === "valid" ? token : plan.token.kind === "garbage" ? plan.token.value : undefined;
    if (sent !== undefined) fields.push(["token", sent]);
    const t = plan.t;
    const now = Math.floor(Date.now() / 1000);
    if (t.kind === "now") fields.push(["t", String(now)]);
    if (t.kind === "offset") fields.push(["t", String(now + t.seconds)]);
    if (t.kind === "text") fields.push(["t", t.value]);

    const headers: Record<string, string> = { version: "2.0", client: "h5" };
    if (plan.lang) headers["think-lang"] = plan.lang;
    const s = plan.sKey;
    let replyKey: string | undefined;
    if (s.kind === "valid") {
      headers.sKey = sealedKeys[s.key];
      replyKey = sessionKeys[s.key];
    }
    if (s.kind === "garbage") headers.sKey = s.header;
    if (s.kind === "notAKey") headers.sKey = notKeys[s.plain];
    if (s.kind === "otherServer") headers.sKey = foreignKeys[s.key];

    if (s.kind !== "none") {
      const signKey = s.kind === "valid" ? sessionKeys[s.key] : sessionKeys[0];
      const object: Fields = Object.fromEntries(fields);
      const sign = plan.sign;
      if (sign.kind === "valid") fields.push(["l_sign", await signFields(signKey, object)]);
      if (sign.kind === "otherKey")
        fields.push([
          "l_sign",
          await signFields(
            sessionKeys.find((k) => k !== signKey)!,
            object,
          ),
        ]);
      if (sign.kind === "otherFields")
        fields.push(["l_sign", await signFields(signKey, { ...object, extra: sign.extra })]);
      if (sign.kind === "truncated")
        // Whole characters, not just the optional "=" padding.
        fields.push(["l_sign", (await signFields(signKey, object)).replace(/=+$/, "").slice(0, -sign.by)]);
      if (sign.kind === "garbage") fields.push(["l_sign", sign.value]);
    }

    let body: string | Uint8Array<ArrayBuffer> = new URLSearchParams(fields).toString();
    let contentType: string | null = "application/x-www-form-urlencoded";
    if (plan.pad) body += `&pad=${"x".repeat(plan.pad)}`;
    if (plan.raw) {
      contentType = plan.raw.contentType;
      body = contentType === null ? new TextEncoder().encode(plan.raw.body) : plan.raw.body;
    }
    if (contentType !== null) headers["content-type"] = contentType;

    const response = await fetch(`${server.origin}${plan.path}`, {
      method: plan.method,
      headers,
      body: plan.method === "GET" ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    let json: string;
    if (type.startsWith("text/plain")) {
      assert.ok(replyKey, `a sealed reply to a request without a readable sKey: ${plan.defect}`);
      json = await decryptText(replyKey, text);
    } else {
      assert.match(type, /^application\/json/, `reply content type ${type}`);
      json = text;
    }
    return { httpStatus: response.status, body: JSON.parse(json) as unknown };
  }

  function check(plan: Plan, reply: { httpStatus: number; body: unknown }) {
    const where = `${plan.defect} → ${JSON.stringify(reply.body)}`;
    // A body over the limit is refused before it is read: HTTP 413, the same body in plain JSON.
    assert.equal(reply.httpStatus, plan.pad ? 413 : 200, where);
    assert.ok(reply.body && typeof reply.body === "object", where);
    assert.deepEqual(Object.keys(reply.body).sort(), ["data", "msg", "status"], where);
    const { status, msg, data } = reply.body as { status: unknown; msg: unknown; data: unknown };
    assert.equal(status, plan.expect, where);
    assert.equal(data, null, where);
    assert.ok(typeof msg === "string" && msg.trim().length > 0, where);
    const cjk = /[\u4e00-\u9fff]/;
    if ((plan.lang ?? "zh-cn") === "zh-cn") assert.match(msg, cjk, `message not in Chinese: ${where}`);
    else {
      assert.doesNotMatch(msg, cjk, `message not in English: ${where}`);
      assert.match(msg, /[A-Za-z]{3}/, where);
    }
  }

  async function run(name: string, plans: fc.Arbitrary<Plan>, numRuns: number) {
    try {
      await fc.assert(
        fc.asyncProperty(plans, async (plan) => check(plan, await send(plan))),
        { seed: SEED, numRuns, includeErrorInReport: true },
      );
    } catch (error) {
      console.error(`${name}: fast-check seed ${SEED} (rerun with FC_SEED=${SEED})`);
      throw error;
    }
    assert.deepEqual(server.faults, [], "the server logged a fault");
  }

  test(`a broken envelope or token is refused on every endpoint (seed ${SEED})`, () =>
    run("envelope", envelopeDefects, 400));

  test(`bad field values are refused on every endpoint (seed ${SEED})`, () => run("fields", fieldDefects, 500));

  test(`bodies, content types, paths and methods the API does not speak are refused (seed ${SEED})`, () =>
    run("transport", transportDefects, 250));

  test(`system status refuses a broken envelope (seed ${SEED})`, () => run("status", statusDefects, 30));

  test("every numeric field takes exactly its documented range", async () => {
    const PAGE: [string, bigint, bigint] = ["page", 1n, 1_000_000n];
    const LIMIT: [string, bigint, bigint] = ["limit", 1n, 100n];
    const ranges: [Endpoint, [string, bigint, bigint][]][] = [
      ["user/getFriendList", [PAGE, LIMIT]],
      ["user/getTeamBranch", [PAGE, LIMIT]],
      ["user/searchTeam", [PAGE, LIMIT]],
      ["NFT/getNFTList", [PAGE, LIMIT]],
      ["NFT/getIncomeList", [PAGE, LIMIT, ["start_time", 0n, 2n ** 40n], ["end_time", 0n, 2n ** 40n]]],
      ["stake/getStakeList", [PAGE, ["rows", 1n, 999n], ["status", 0n, 2n]]],
      ["stake/getStakeById", [["id", 0n, 2n ** 63n - 1n], PAGE, LIMIT]],
      ["notice/getList", [PAGE, LIMIT]],
      ["notice/getDetail", [["id", 1n, 2n ** 31n - 1n]]],
    ];
    for (const [endpoint, fields] of ranges) {
      const required: Pairs =
        endpoint === "stake/getStakeById"
          ? [["id", "1"]]
          : endpoint === "user/searchTeam"
            ? [["prefix", "0xabcdef"]]
            : [];
      for (const [name, min, max] of fields) {
        const outside = [min - 1n, max + 1n, 2n ** 63n, 2n ** 64n, 2n ** 256n].filter((n) => n < min || n > max);
        const cases: [string, 422 | "accepted"][] = [
          ...outside.map((n): [string, 422] => [String(n), 422]),
          ...["1.0", "-0", " 1", "1e2", "0x1"].map((v): [string, 422] => [v, 422]),
          [String(min), "accepted"],
          [String(max), "accepted"],
        ];
        for (const [value, expected] of cases) {
          const plan: Plan = {
            defect: `${endpoint} ${name}=${value}`,
            path: `/api/${endpoint}`,
            method: "POST",
            lang: "en-us",
            fields: [...required.filter(([n]) => n !== name), [name, value]],
            ...validEnvelope(0),
            token: ENDPOINTS[endpoint].open ? { kind: "none" } : { kind: "valid" },
            expect: 422,
          };
          const reply = await send(plan);
          if (expected === 422) check(plan, reply);
          else {
            // In range: answered, or refused by a business rule (no such record), never as bad input.
            const { status } = reply.body as { status: number };
            assert.ok(
              status === Status.ok || status === Status.businessRule,
              `${plan.defect} → ${JSON.stringify(reply.body)}`,
            );
          }
        }
      }
    }
    assert.deepEqual(server.faults, []);
  });

  test("after all that, valid requests are answered correctly", async () => {
    const { publicKey } = await fetchConfig(server.origin);
    const api = createApiClient({ origin: server.origin, publicKey });
    const notices = await api.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" });
    assert.deepEqual(
      { status: notices.status, titles: notices.data.map((n) => n.title) },
      { status: Status.ok, titles: ["Notice"] },
    );
    const detail = await api.call("notice/getDetail", { id: String(noticeId) }, { lang: "zh-cn" });
    assert.equal(detail.status, Status.ok);
    assert.equal(detail.data.title, "公告");
    const team = await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token });
    assert.equal(team.status, Status.ok, team.msg);
    const missing = await api.call("stake/getStakeById", { id: "1", page: "1", limit: "10" }, { lang: "en-us", token });
    assert.deepEqual(missing, { status: Status.businessRule, msg: "No such stake record", data: null });
    const status = await fetch(`${server.origin}/api/system/status`);
    assert.equal(((await status.json()) as { status: number }).status, Status.ok);
    assert.deepEqual(server.faults, []);
  });
});
