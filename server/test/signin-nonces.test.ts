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
  PENDING_PER_ADDRESS,
  type LoginOutcome,
} from "../src/serve/signin";
import { sweep, SWEEP_BATCH } from "../src/serve/sweep";
import type { Db } from "../src/store/db";
import { openTestDb } from "./support/db";

/**
 * Pending sign-in messages: several per address, each usable once; bounded per address and in
 * all; swept by expiry; a challenge's cost independent of how many are pending. No chain: a
 * stand-in RPC answers `validUser` with true and every address has no code, unless a test
 * says otherwise.
 */

const POOL: Address = "0x00000000000000000000000000000000000000aa";
const ORIGIN = "https://dwn.example";

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
  ): Promise<LoginOutcome> => signIn.login(account.address, await account.signMessage({ message }));
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
    for (let i = 0; i < 3; i++) messages.push(await signIn.challenge(alice.address));
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
    // The stranger asks before her, and keeps asking while she signs.
    for (let i = 0; i < 50; i++) await signIn.challenge(alice.address);
    const hers = await signIn.challenge(alice.address);
    for (let i = 0; i < PENDING_PER_ADDRESS - 1; i++) await signIn.challenge(alice.address);
    const outcome = await login(signIn, alice, hers);
    assert.equal(outcome.ok, true, JSON.stringify(outcome));
    assert.equal((await pendingOf(alice.address)).length, PENDING_PER_ADDRESS - 1);
  });

  test("an address keeps its five newest messages: a sixth evicts the oldest", async () => {
    const signIn = signInWith();
    const alice = newAccount();
    const bob = newAccount();
    const bobs = await signIn.challenge(bob.address);
    const messages = [];
    for (let i = 0; i < PENDING_PER_ADDRESS + 1; i++) messages.push(await signIn.challenge(alice.address));
    assert.deepEqual(await pendingOf(alice.address), messages.slice(1));
    assert.deepEqual(await login(signIn, alice, messages[0]), { ok: false, reason: "badSignature" });
    for (const message of messages.slice(1)) assert.equal((await login(signIn, alice, message)).ok, true);
    // Another address's message is not touched.
    assert.equal((await login(signIn, bob, bobs)).ok, true);
  });

  test("pending messages are capped in all: the oldest give way, the newest stay usable", async () => {
    const signIn = signInWith({ pendingTotal: 20 });
    const accounts = Array.from({ length: 30 }, newAccount);
    const messages = [];
    for (const account of accounts) messages.push(await signIn.challenge(account.address));
    const [{ count }] = await db.query<{ count: string }>("SELECT count(*)::text AS count FROM sign_in_nonces");
    assert.equal(Number(count), 20);
    assert.deepEqual(await login(signIn, accounts[9], messages[9]), { ok: false, reason: "noChallenge" });
    assert.equal((await login(signIn, accounts[10], messages[10])).ok, true);
    assert.equal((await login(signIn, accounts[29], messages[29])).ok, true);
  });

  test("a message signs in until it expires, not after", async () => {
    const signIn = signInWith();
    const alice = newAccount();
    const start = clock;
    try {
      const message = await signIn.challenge(alice.address);
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
    const message = await signIn.challenge(wallet.address);
    const owner = newAccount();
    const started = performance.now();
    const outcome = await signIn.login(wallet.address, await owner.signMessage({ message }));
    const took = performance.now() - started;
    assert.deepEqual(outcome, { ok: false, reason: "badSignature" });
    assert.ok(took >= 250 && took < 3000, `took ${took} ms`);
    assert.deepEqual(chain.methods, ["eth_getCode", "eth_call"]);
    // The message is still there for a signature that does check.
    assert.equal((await pendingOf(wallet.address)).length, 1);
  });

  test("the sweep deletes 10,000 expired messages in batches and keeps the live ones", async () => {
    const signIn = signInWith();
    const expired = 10_000;
    await db.query(
      `INSERT INTO sign_in_nonces (address, message, expires_at)
       SELECT '0x' || lpad(to_hex(i), 40, '0'), 'old ' || i, $1 - (i % 300) FROM generate_series(1, $2::int) AS i`,
      [clock, expired],
    );
    const live = Array.from({ length: 3 }, newAccount);
    const messages = [];
    for (const account of live) messages.push(await signIn.challenge(account.address));
    assert.ok(expired > SWEEP_BATCH, "more than one batch");

    const swept = await sweep(db, clock);
    assert.equal(swept.nonces, expired);
    const [{ count }] = await db.query<{ count: string }>("SELECT count(*)::text AS count FROM sign_in_nonces");
    assert.equal(Number(count), live.length);
    for (const [i, account] of live.entries()) assert.equal((await login(signIn, account, messages[i])).ok, true);
    assert.deepEqual(await sweep(db, clock), { nonces: 0, sessions: 0, limits: 0 });
  });

  test("a challenge and a login read a handful of rows by index, however many are pending", async () => {
    // 10,000 pending messages of 2,000 addresses (five each), then alice's.
    await db.query(
      `INSERT INTO sign_in_nonces (address, message, expires_at)
       SELECT '0x' || lpad(to_hex(i % 2000), 40, '0'), 'pending ' || i, $1 FROM generate_series(1, 10000) AS i`,
      [clock + CHALLENGE_SECONDS],
    );
    await db.query("ANALYZE sign_in_nonces");
    const alice = newAccount().address.toLowerCase();
    const busy = "0x" + "5".padStart(40, "0");

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
    const [{ seq }] = await db.query<{ seq: string }>(CHALLENGE_SQL.insert, [alice, "alice's", clock + 300]);
    const statements: [string, string, unknown[]][] = [
      ["trim an address with five pending", CHALLENGE_SQL.trimAddress, [busy, PENDING_PER_ADDRESS]],
      ["trim a new address", CHALLENGE_SQL.trimAddress, [alice, PENDING_PER_ADDRESS]],
      ["trim the total", CHALLENGE_SQL.trimTotal, [seq, 100_000]],
      ["pending of an address at login", CHALLENGE_SQL.pending, [busy, clock, PENDING_PER_ADDRESS]],
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
        assert.ok(touched <= 2 * PENDING_PER_ADDRESS, `${name}: ${node["Node Type"]} touched ${touched} rows`);
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
