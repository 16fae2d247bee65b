import { after, before, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { poolAbi } from "@dwn/contracts";
import { createPublicClient, custom, encodeFunctionResult, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { parseSiweMessage } from "viem/siwe";
import {
  CHALLENGE_SECONDS,
  CHALLENGE_SQL,
  createSignIn,
  PENDING_PER_REQUESTER,
  type LoginOutcome,
} from "../src/serve/signin";
import { sweep, SWEEP_BATCH } from "../src/serve/sweep";
import type { Db } from "../src/store/db";
import { openTestDb } from "./support/db";

/**
 * Pending sign-in messages: several per requester (a page's session key), each usable once and
 * only by the requester that asked for it; bounded per requester and in all; swept by expiry; a challenge's cost independent of how many are pending. No chain: a
 * stand-in RPC answers `validUser` with true and every address has no code, unless a test
 * says otherwise.
 */

const POOL: Address = "0x00000000000000000000000000000000000000aa";
const ORIGIN = "https://dwn.example";
/** The requester of most tests: one page load's session key, as app.ts names it. */
const PAGE = "key:page";

interface StandIn {
  /** Code at an address (default: none). */
  code: Map<string, Hex>;
  /** eth_call to a wallet (not the pool) never answers. */
  hangWalletCalls: boolean;
  methods: string[];
}

function standInClient(chain: StandIn) {
  return createPublicClient({
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown }) {
          chain.methods.push(method);
          const [first] = Array.isArray(params) ? (params as unknown[]) : [];
          if (method === "eth_getCode") return chain.code.get(String(first).toLowerCase()) ?? "0x";
          if (method === "eth_call" && (first as { to?: string }).to?.toLowerCase() === POOL) {
            return encodeFunctionResult({ abi: poolAbi, functionName: "validUser", result: true });
          }
          if (method === "eth_call" && chain.hangWalletCalls) return new Promise(() => undefined);
          throw new Error(`The stand-in chain does not answer ${method}.`);
        },
      },
      { retryCount: 0 },
    ),
  });
}

describe("pending sign-in messages", () => {
  let db: Db;
  let drop: () => Promise<void>;
  let clock = 1_800_000_000;
  const chain: StandIn = { code: new Map(), hangWalletCalls: false, methods: [] };
  const signInWith = (options: Partial<Parameters<typeof createSignIn>[0]> = {}) =>
    createSignIn({
      db,
      client: standInClient(chain),
      pool: POOL,
      chainId: 31337,
      origin: ORIGIN,
      now: () => clock,
      ...options,
    });

  before(async () => {
    ({ db, drop } = await openTestDb());
  });
  after(() => drop?.());
  beforeEach(async () => {
    await db.query("DELETE FROM sign_in_nonces");
    chain.code.clear();
    chain.hangWalletCalls = false;
    chain.methods.length = 0;
  });

  const newAccount = () => privateKeyToAccount(generatePrivateKey());
  const login = async (
    signIn: ReturnType<typeof signInWith>,
    account: PrivateKeyAccount,
    message: string,
    requester = PAGE,
  ): Promise<LoginOutcome> => signIn.login(account.address, await account.signMessage({ message }), requester);
  const pendingOf = async (address: Address) =>
    (
      await db.query<{ message: string }>("SELECT message FROM sign_in_nonces WHERE address = $1 ORDER BY seq", [
        address.toLowerCase(),
      ])
    ).map((r) => r.message);

  test("each of several messages for one address signs in once, in any order", async () => {
    const signIn = signInWith();
    const alice = newAccount();
    const messages = [];
    for (let i = 0; i < 3; i++) messages.push(await signIn.challenge(alice.address, PAGE));
    assert.equal(new Set(messages.map((m) => parseSiweMessage(m).nonce)).size, 3, "three distinct nonces");
    for (const message of [messages[1], messages[2], messages[0]]) {
      const outcome = await login(signIn, alice, message);
      assert.equal(outcome.ok, true, JSON.stringify(outcome));
    }
    for (const message of messages) {
      assert.deepEqual(await login(signIn, alice, message), { ok: false, reason: "noChallenge" });
    }
    // EOAs were checked by recovery alone: the chain was asked validUser once per login and nothing else.
    assert.deepEqual(chain.methods, ["eth_call", "eth_call", "eth_call"]);
  });

  test("a stranger's flood of challenges for alice does not stop the message she signs", async () => {
    const signIn = signInWith();
    const alice = newAccount();
    const stranger = "key:stranger";
    // The stranger asks before her, and keeps asking while she signs.
    for (let i = 0; i < 50; i++) await signIn.challenge(alice.address, stranger);
    const hers = await signIn.challenge(alice.address, PAGE);
    for (let i = 0; i < 50; i++) await signIn.challenge(alice.address, stranger);
    // Her signature is of no use to the stranger, whose messages she did not sign.
    assert.deepEqual(await login(signIn, alice, hers, stranger), { ok: false, reason: "badSignature" });
    const outcome = await login(signIn, alice, hers);
    assert.equal(outcome.ok, true, JSON.stringify(outcome));
    // The stranger's flood kept only its own newest.
    assert.equal((await pendingOf(alice.address)).length, PENDING_PER_REQUESTER);
  });

  test("a requester keeps its five newest messages, whatever their addresses: a sixth evicts its oldest", async () => {
    const signIn = signInWith();
    const alice = newAccount();
    const bob = newAccount();
    const other = "key:other";
    const bobs = await signIn.challenge(bob.address, other);
    const messages = [];
    for (let i = 0; i < PENDING_PER_REQUESTER + 1; i++) {
      messages.push(await signIn.challenge((i % 2 === 0 ? alice : bob).address, PAGE));
    }
    const mine = await db.query<{ message: string }>(
      "SELECT message FROM sign_in_nonces WHERE requester = $1 ORDER BY seq",
      [PAGE],
    );
    assert.deepEqual(
      mine.map((r) => r.message),
      messages.slice(1),
    );
    assert.deepEqual(await login(signIn, alice, messages[0]), { ok: false, reason: "badSignature" });
    for (const [i, message] of messages.entries()) {
      if (i > 0) assert.equal((await login(signIn, i % 2 === 0 ? alice : bob, message)).ok, true);
    }
    // Another requester's message is not touched.
    assert.equal((await login(signIn, bob, bobs, other)).ok, true);
  });

  test("pending messages are capped in all: the oldest give way, the newest stay usable", async () => {
    const signIn = signInWith({ pendingTotal: 20 });
    const accounts = Array.from({ length: 30 }, newAccount);
    const messages = [];
    // Each from a page of its own.
    const page = (i: number) => `key:page${i}`;
    for (const [i, account] of accounts.entries()) messages.push(await signIn.challenge(account.address, page(i)));
    const [{ count }] = await db.query<{ count: string }>("SELECT count(*)::text AS count FROM sign_in_nonces");
    assert.equal(Number(count), 20);
    assert.deepEqual(await login(signIn, accounts[9], messages[9], page(9)), { ok: false, reason: "noChallenge" });
    assert.equal((await login(signIn, accounts[10], messages[10], page(10))).ok, true);
    assert.equal((await login(signIn, accounts[29], messages[29], page(29))).ok, true);
  });

  test("a message signs in until it expires, not after", async () => {
    const signIn = signInWith();
    const alice = newAccount();
    const start = clock;
    try {
      const message = await signIn.challenge(alice.address, PAGE);
      clock = start + CHALLENGE_SECONDS;
      assert.deepEqual(await login(signIn, alice, message), { ok: false, reason: "noChallenge" });
      clock = start + CHALLENGE_SECONDS - 1;
      assert.equal((await login(signIn, alice, message)).ok, true);
    } finally {
      clock = start;
    }
  });

  test("a contract account's check that never answers is refused after the timeout", async () => {
    const signIn = signInWith({ contractCheckTimeoutMs: 300 });
    const wallet = newAccount();
    chain.code.set(wallet.address.toLowerCase(), "0x6000");
    chain.hangWalletCalls = true;
    const message = await signIn.challenge(wallet.address, PAGE);
    const owner = newAccount();
    const started = performance.now();
    const outcome = await signIn.login(wallet.address, await owner.signMessage({ message }), PAGE);
    const took = performance.now() - started;
    assert.deepEqual(outcome, { ok: false, reason: "badSignature" });
    assert.ok(took >= 250 && took < 3000, `took ${took} ms`);
    assert.deepEqual(chain.methods, ["eth_call"]);
    // The message is still there for a signature that does check.
    assert.equal((await pendingOf(wallet.address)).length, 1);
  });

  test("the sweep deletes 10,000 expired messages in batches and keeps the live ones", async () => {
    const signIn = signInWith();
    const expired = 10_000;
    await db.query(
      `INSERT INTO sign_in_nonces (requester, address, message, expires_at)
       SELECT 'key:' || i, '0x' || lpad(to_hex(i), 40, '0'), 'old ' || i, $1 - (i % 300)
       FROM generate_series(1, $2::int) AS i`,
      [clock, expired],
    );
    const live = Array.from({ length: 3 }, newAccount);
    const messages = [];
    for (const account of live) messages.push(await signIn.challenge(account.address, PAGE));
    assert.ok(expired > SWEEP_BATCH, "more than one batch");

    const swept = await sweep(db, clock);
    assert.equal(swept.nonces, expired);
    const [{ count }] = await db.query<{ count: string }>("SELECT count(*)::text AS count FROM sign_in_nonces");
    assert.equal(Number(count), live.length);
    for (const [i, account] of live.entries()) assert.equal((await login(signIn, account, messages[i])).ok, true);
    assert.deepEqual(await sweep(db, clock), { nonces: 0, sessions: 0, limits: 0 });
  });

  test("a challenge and a login read a handful of rows by index, however many are pending", async () => {
    // 10,000 pending messages of 2,000 requesters (five each, for one address each), then alice's.
    await db.query(
      `INSERT INTO sign_in_nonces (requester, address, message, expires_at)
       SELECT 'key:' || (i % 2000), '0x' || lpad(to_hex(i % 2000), 40, '0'), 'pending ' || i, $1
       FROM generate_series(1, 10000) AS i`,
      [clock + CHALLENGE_SECONDS],
    );
    await db.query("ANALYZE sign_in_nonces");
    const alice = newAccount().address.toLowerCase();
    const busy = "0x" + "5".padStart(40, "0");
    const busyRequester = "key:5";

    /** Every scan node of the statement's plan, as run: its kind, index, rows returned and filtered. */
    async function scans(sql: string, params: unknown[]) {
      const [row] = await db.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const raw = row["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
      const found: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        if (/Scan/.test(node["Node Type"])) found.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan[0].Plan);
      return found;
    }
    const [{ seq }] = await db.query<{ seq: string }>(CHALLENGE_SQL.insert, [PAGE, alice, "alice's", clock + 300]);
    const statements: [string, string, unknown[]][] = [
      ["trim a requester with five pending", CHALLENGE_SQL.trimRequester, [busyRequester, PENDING_PER_REQUESTER]],
      ["trim a new requester", CHALLENGE_SQL.trimRequester, [PAGE, PENDING_PER_REQUESTER]],
      ["trim the total", CHALLENGE_SQL.trimTotal, [seq, 100_000]],
      ["pending at login", CHALLENGE_SQL.pending, [busyRequester, busy, clock, PENDING_PER_REQUESTER]],
    ];
    for (const [name, sql, params] of statements) {
      const nodes = await scans(sql, params);
      assert.ok(nodes.length > 0, name);
      for (const node of nodes) {
        assert.doesNotMatch(
          node["Node Type"],
          /^Seq Scan$/,
          `${name}: ${node["Node Type"]} on ${node["Relation Name"]}`,
        );
        const touched =
          (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1) + (node["Rows Removed by Filter"] ?? 0);
        assert.ok(touched <= 2 * PENDING_PER_REQUESTER, `${name}: ${node["Node Type"]} touched ${touched} rows`);
      }
    }
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}
