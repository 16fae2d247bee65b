import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createApiClient, Status, type Endpoint, type Payload, type TeamBranch, type TeamMember } from "@dwn/api";
import { createPublicClient, http, keccak256, toHex, type Address } from "viem";
import { createApplier, decodeLogs, type ChainLog } from "../src/apply/apply";
import { LEGS_FROM } from "../src/apply/team";
import { createSignIn } from "../src/serve/signin";
import type { Db } from "../src/store/db";
import { placeholderContracts, sessionToken, startApi, type ApiServer } from "./support/api";
import { openTestDb } from "./support/db";
import { seededRandom, testSeed } from "./support/random";
import { createLogFactory } from "./support/synthetic";

/**
 * The team explorer's calls (user/getTeamBranch, user/searchTeam) on a tree the apply stage
 * indexes from pool events: a chain 14 generations deep, a member with 36 direct friends, and
 * members placed at random, a third of them sharing the address prefix 0xabcdef. Every answer is
 * compared with an oracle worked out here from the events alone (the binds and purchases), and
 * every question about someone outside the caller's branch is refused.
 */

const SEED = testSeed("TEAM_SEED");
const WAD = 10n ** 18n;
const LEVELS = [5n, 20n, 60n, 150n, 400n].map((t) => t * WAD);
const POOL: Address = "0x00000000000000000000000000000000000000aa";
const SHARED = "0xabcdef";

interface Member {
  address: string;
  parent: number;
  /** The bind's block time; the root never binds. */
  time: number;
}

/** The tree as the events say it, and the oracle's figures worked out from them. */
const members: Member[] = [];
const bought = new Map<number, { amount: bigint; tier: number }[]>();
const children: number[][] = [];

const rand = seededRandom(SEED);
const addressOf = (n: number) => {
  const hash = keccak256(toHex(`member ${n} of ${SEED}`)).slice(2, 42);
  return n % 3 === 1 ? `${SHARED}${hash.slice(6)}` : `0x${hash}`;
};

/** Oracle: each figure by walking the events' tree (recursion over the children lists). */
const own = (m: number) => (bought.get(m) ?? []).reduce((s, b) => s + b.amount, 0n);
const branchOf = (m: number): bigint => own(m) + children[m].reduce((s, c) => s + branchOf(c), 0n);
const sizeOf = (m: number): number => children[m].reduce((s, c) => s + 1 + sizeOf(c), 0);
const heightOf = (m: number): number => Math.max(0, ...children[m].map((c) => 1 + heightOf(c)));
const depthOf = (m: number): number => (m === 0 ? 0 : 1 + depthOf(members[m].parent));
const chainUp = (m: number): number[] => (m === 0 ? [0] : [...chainUp(members[m].parent), m]);
const isBelow = (m: number, caller: number) => chainUp(m).includes(caller);
const byJoin = (a: number, b: number) =>
  members[a].time - members[b].time || (members[a].address < members[b].address ? -1 : 1);
const byLeg = (a: number, b: number) => {
  const d = branchOf(b) - branchOf(a);
  return d > 0n ? 1 : d < 0n ? -1 : byJoin(a, b);
};

function expectedMember(m: number, caller: number): TeamMember {
  const legs = children[m].map(branchOf);
  const team = legs.reduce((s, x) => s + x, 0n);
  const small = team - legs.reduce((a, b) => (b > a ? b : a), 0n);
  return {
    address: members[m].address,
    create_time: m === 0 ? null : members[m].time,
    generation: depthOf(m) - depthOf(caller),
    own_hashrate: own(m).toString(),
    team_hashrate: team.toString(),
    team_performance: (own(m) + team).toString(),
    small_performance: small.toString(),
    friend_num: children[m].length,
    community_num: sizeOf(m),
    branch_depth: heightOf(m),
    top_tier: Math.max(0, ...(bought.get(m) ?? []).map((b) => b.tier)),
    level: LEVELS.filter((t) => small >= t).length,
  };
}

let db: Db;
let drop: () => Promise<void>;
let api: ApiServer;
let client: ReturnType<typeof createApiClient>;
/** A signed-in session per member key. */
const tokens = new Map<number, string>();

/** Member keys: the chain's members (generation 1..14 under the root), and the one with many friends. */
const CHAIN_LENGTH = 14;
const HUB = 3;

before(async () => {
  ({ db, drop } = await openTestDb());
  const make = createLogFactory(POOL);
  const logs: ChainLog[] = [];
  members.push({ address: addressOf(0), parent: -1, time: 0 });
  children.push([]);
  const bind = (parent: number) => {
    const n = members.length;
    members.push({ address: addressOf(n), parent, time: Number(make.block) * 3 });
    children.push([]);
    children[parent].push(n);
    logs.push(make.bind(addressOf(n) as Address, addressOf(parent) as Address));
    // Mostly in a block of its own; now and then with the next bind (equal times: address order).
    if (rand.chance(0.7)) make.nextBlock();
    return n;
  };
  for (let g = 1; g <= CHAIN_LENGTH; g++) bind(g - 1);
  make.nextBlock();
  // 36 direct friends of the hub, several binding in one block.
  for (let i = 0; i < 36; i++) bind(HUB);
  make.nextBlock();
  for (let i = 0; i < 70; i++) bind(rand.int(0, members.length - 1));
  make.nextBlock();
  for (let m = 0; m < members.length; m++) {
    if (!rand.chance(0.6)) continue;
    for (let k = rand.int(1, 2); k > 0; k--) {
      const tier = rand.int(1, 5);
      // Whole tokens from a short list, so that some legs come out equal.
      const amount = BigInt(rand.pick([1, 2, 5, 10, 25])) * WAD;
      bought.set(m, [...(bought.get(m) ?? []), { amount, tier }]);
      logs.push(make.purchase(members[m].address as Address, BigInt(tier), amount));
    }
    if (rand.chance(0.5)) make.nextBlock();
  }
  // Two of the hub's legs, its first and last to join, come out equal and larger than the others:
  // the largest is the one that joined first.
  make.nextBlock();
  const hubLegs = [...children[HUB]].sort(byJoin);
  const top = hubLegs.reduce((max, c) => (branchOf(c) > max ? branchOf(c) : max), 0n) + 50n * WAD;
  for (const c of [hubLegs[0], hubLegs[hubLegs.length - 1]]) {
    const amount = top - branchOf(c);
    bought.set(c, [...(bought.get(c) ?? []), { amount, tier: 1 }]);
    logs.push(make.purchase(members[c].address as Address, 1n, amount));
  }
  const decoded = decodeLogs(logs).map((log) => ({ log, time: log.blockNumber * 3n }));
  const applier = createApplier(db);
  for (let i = 0; i < decoded.length; i += 97) await applier.apply(decoded.slice(i, i + 97));

  const signIn = createSignIn({
    db,
    client: createPublicClient({ transport: http("http://127.0.0.1:9") }),
    pool: POOL,
    chainId: 31337,
    origin: "https://dwn.example",
  });
  api = await startApi({ db, signIn, contracts: placeholderContracts(POOL), levelThresholds: LEVELS });
  client = createApiClient({ origin: api.origin, publicKey: api.keys.publicKey });
});

after(async () => {
  await api?.close();
  await drop?.();
});

async function tokenOf(m: number): Promise<string> {
  let token = tokens.get(m);
  if (!token) tokens.set(m, (token = await sessionToken(db, members[m].address)));
  return token;
}

async function call<E extends Endpoint>(endpoint: E, payload: Payload<E>, caller: number) {
  return client.call(endpoint, payload, { lang: "en-us", token: await tokenOf(caller) });
}

async function branch(caller: number, payload: Payload<"user/getTeamBranch">): Promise<TeamBranch> {
  const reply = await call("user/getTeamBranch", payload, caller);
  assert.equal(reply.status, Status.ok, `${reply.msg} (seed ${SEED})`);
  return reply.data as TeamBranch;
}

/** Every page of a member's friends in `order`, `limit` at a time. */
async function allFriends(caller: number, m: number, order: "joined" | "legs", limit: number) {
  const out: TeamBranch["friends"] = [];
  for (let page = 1; ; page++) {
    const b = await branch(caller, { address: members[m].address, page: String(page), limit: String(limit), order });
    out.push(...b.friends);
    if (b.friends.length < limit) return out;
  }
}

function expectedBranch(m: number, caller: number, order: "joined" | "legs"): TeamBranch {
  const up = chainUp(m);
  const largest = [...children[m]].sort(byLeg)[0];
  return {
    member: expectedMember(m, caller),
    path: up.slice(up.indexOf(caller), -1).map((a) => members[a].address),
    largest_leg:
      largest === undefined
        ? null
        : { address: members[largest].address, team_performance: branchOf(largest).toString() },
    friends: [...children[m]].sort(order === "joined" ? byJoin : byLeg).map((c) => ({
      address: members[c].address,
      team_performance: branchOf(c).toString(),
      friend_num: children[c].length,
      largest: c === largest,
    })),
  };
}

describe(`team explorer (seed ${SEED}: TEAM_SEED=${SEED} replays it)`, () => {
  test("the tree is as deep and as wide as the explorer must handle", () => {
    assert.ok(Math.max(...members.map((_, m) => depthOf(m))) >= 12);
    assert.ok(children[HUB].length >= 30);
    // The hub's legs are kept in order in ranked_legs; the chain's members' are sorted on each call.
    assert.ok(children[HUB].length >= LEGS_FROM);
    assert.ok(children.slice(0, CHAIN_LENGTH).some((c, m) => m !== HUB && c.length > 0 && c.length < LEGS_FROM));
    // Two of its legs are equal, and the largest.
    const [first, second] = [...children[HUB]].sort(byLeg);
    assert.equal(branchOf(first), branchOf(second));
  });

  test("a member's summary and every page of its friends, in both orders, down the chain and back", async () => {
    const caller = 1;
    // The caller's own branch, by default and by address.
    const own = await branch(caller, { page: "1", limit: "100" });
    assert.deepEqual(own, expectedBranch(caller, caller, "joined"));
    // Down every generation of the chain, with the breadcrumbs back to the caller.
    for (let m = caller; m <= CHAIN_LENGTH; m++) {
      const b = await branch(caller, { address: members[m].address, page: "1", limit: "100", order: "legs" });
      assert.deepEqual(b, expectedBranch(m, caller, "legs"), `generation ${m - caller}`);
    }
    // The hub's 36 friends, 7 a page: the pages make up the whole list, once each, in order.
    for (const order of ["joined", "legs"] as const) {
      const pages = await allFriends(caller, HUB, order, 7);
      assert.deepEqual(pages, expectedBranch(HUB, caller, order).friends, order);
      assert.equal(pages.filter((f) => f.largest).length, 1);
    }
    // A page past the end is empty, the summary the same.
    const past = await branch(caller, { address: members[HUB].address, page: "9", limit: "7" });
    assert.deepEqual(past, { ...expectedBranch(HUB, caller, "joined"), friends: [] });
    const pastLegs = await branch(caller, { address: members[HUB].address, page: "9", limit: "7", order: "legs" });
    assert.deepEqual(pastLegs, { ...expectedBranch(HUB, caller, "legs"), friends: [] });
    // The address in capitals names the same member.
    const upper = `0x${members[HUB].address.slice(2).toUpperCase()}`;
    assert.deepEqual(
      (await branch(caller, { address: upper, page: "1", limit: "5" })).member,
      expectedMember(HUB, caller),
    );
  });

  test("members of a caller's team are answered as the oracle has them; ancestors, siblings and cousins are refused", async () => {
    // Callers: the chain's middle, the hub, a member placed at random, a leaf.
    const leaf = members.findIndex((_, m) => children[m].length === 0);
    const callers = [7, HUB, rand.int(CHAIN_LENGTH + 1, members.length - 1), leaf];
    for (const caller of callers) {
      // Its ancestors, its siblings, itself and its friends, and members drawn at random.
      const parent = members[caller].parent;
      const asked = new Set([
        ...chainUp(caller),
        ...(parent === -1 ? [] : children[parent]),
        ...children[caller],
        ...Array.from({ length: 12 }, () => rand.int(0, members.length - 1)),
      ]);
      for (const m of asked) {
        const reply = await call("user/getTeamBranch", { address: members[m].address, page: "1", limit: "3" }, caller);
        if (isBelow(m, caller)) {
          assert.equal(reply.status, Status.ok, `${m} under ${caller}: ${reply.msg}`);
          const expected = expectedBranch(m, caller, "joined");
          assert.deepEqual(reply.data, { ...expected, friends: expected.friends.slice(0, 3) });
        } else {
          // An ancestor, a sibling, a cousin: a sentence, never their data.
          assert.deepEqual(
            reply,
            { status: Status.badInput, msg: "This address is not in your team", data: null },
            `${m} is outside ${caller}'s team`,
          );
        }
      }
    }
  });

  test("unknown, malformed and badly paged questions get 422 with a sentence; no token gets 401", async () => {
    const caller = HUB;
    const refused = async (payload: Payload<"user/getTeamBranch">, msg: RegExp) => {
      const reply = await call("user/getTeamBranch", payload, caller);
      assert.equal(reply.status, Status.badInput, JSON.stringify(payload));
      assert.match(reply.msg, msg);
      assert.equal(reply.data, null);
    };
    const inTeam = { page: "1", limit: "10" };
    await refused({ ...inTeam, address: `0x${"12".repeat(20)}` }, /not in your team/);
    // Largest legs first reads its page by another path: an ancestor of the caller is refused there too.
    await refused({ ...inTeam, address: members[0].address, order: "legs" }, /not in your team/);
    await refused({ ...inTeam, address: "0x1234" }, /address must be a wallet address/);
    await refused({ ...inTeam, address: "alice.eth" }, /address must be a wallet address/);
    await refused(
      { ...inTeam, address: members[children[HUB][0]].address, order: "size" as "legs" },
      /order must be one of/,
    );
    await refused({ address: members[HUB].address, page: "0", limit: "10" }, /page must be a whole number/);
    await refused({ address: members[HUB].address, page: "1", limit: "101" }, /limit must be a whole number/);
    // In Chinese too.
    const zh = await client.call(
      "user/getTeamBranch",
      { ...inTeam, address: members[0].address },
      { lang: "zh-cn", token: await tokenOf(caller) },
    );
    assert.deepEqual(zh, { status: Status.badInput, msg: "该地址不在您的团队中", data: null });
    for (const [endpoint, payload] of [
      ["user/getTeamBranch", inTeam],
      ["user/searchTeam", { ...inTeam, prefix: SHARED }],
    ] as const) {
      const reply = await client.call(endpoint, payload, { lang: "en-us" });
      assert.equal(reply.status, Status.notSignedIn);
      assert.equal(reply.data, null);
    }
  });

  test("a signed-in member the indexer has no row for yet has an empty team of its own and sees no one else", async () => {
    const newcomer = `0x${"5e".repeat(20)}`;
    const token = await sessionToken(db, newcomer);
    const own = await client.call("user/getTeamBranch", { page: "1", limit: "10" }, { lang: "en-us", token });
    assert.equal(own.status, Status.ok);
    assert.deepEqual((own.data as TeamBranch).friends, []);
    assert.equal((own.data as TeamBranch).member.community_num, 0);
    const other = await client.call(
      "user/getTeamBranch",
      { address: members[0].address, page: "1", limit: "10" },
      { lang: "en-us", token },
    );
    assert.equal(other.status, Status.badInput);
    const search = await client.call(
      "user/searchTeam",
      { prefix: SHARED, page: "1", limit: "10" },
      { lang: "en-us", token },
    );
    assert.deepEqual(search.data, []);
  });

  test("search finds the caller's team members by address prefix, paged in address order, and no one else", async () => {
    const callers = [0, 1, HUB, 9];
    for (const caller of callers) {
      const team = members.map((_, m) => m).filter((m) => isBelow(m, caller));
      const expected = (prefix: string) =>
        team
          .filter((m) => members[m].address.startsWith(prefix.toLowerCase()))
          .sort((a, b) => (members[a].address < members[b].address ? -1 : 1))
          .map((m) => expectedMember(m, caller));
      const pages: TeamMember[] = [];
      for (let page = 1; ; page++) {
        const reply = await call("user/searchTeam", { prefix: SHARED, page: String(page), limit: "4" }, caller);
        assert.equal(reply.status, Status.ok, reply.msg);
        pages.push(...(reply.data as TeamMember[]));
        if ((reply.data as TeamMember[]).length < 4) break;
      }
      assert.deepEqual(pages, expected(SHARED), `caller ${caller}`);
      // A whole address, in capitals: the one member when in the team, nothing when outside it.
      for (const m of [caller, HUB, CHAIN_LENGTH, members.length - 1, 0]) {
        const prefix = `0x${members[m].address.slice(2).toUpperCase()}`;
        const reply = await call("user/searchTeam", { prefix, page: "1", limit: "10" }, caller);
        assert.deepEqual(reply.data, expected(prefix), `${m} searched by ${caller}`);
      }
      // 7 digits of a member's address: everyone in the team who shares them.
      const prefix = members[team[team.length - 1]].address.slice(0, 9);
      const reply = await call("user/searchTeam", { prefix, page: "1", limit: "100" }, caller);
      assert.deepEqual(reply.data, expected(prefix));
    }
    // Prefixes that end in f and in 9 cross a digit boundary: the range still holds exactly them.
    for (const prefix of ["0xabcdef", "0xffffff", "0x999999", "0xabcdf0"]) {
      const reply = await call("user/searchTeam", { prefix, page: "1", limit: "100" }, 0);
      const expected = members
        .filter((m) => m.address.startsWith(prefix))
        .map((m) => m.address)
        .sort();
      assert.deepEqual(
        (reply.data as TeamMember[]).map((m) => m.address),
        expected,
        prefix,
      );
    }
  });

  test("a prefix shorter than 6 hex digits, or not hex, is refused with a sentence", async () => {
    for (const prefix of ["0xabcde", "0x", "abcdef12", "0xabcdeg", `0x${"a".repeat(41)}`, ""]) {
      const reply = await call("user/searchTeam", { prefix, page: "1", limit: "10" }, HUB);
      assert.equal(reply.status, Status.badInput, prefix);
      assert.match(reply.msg, prefix === "" ? /prefix is required/ : /prefix must be 0x followed by 6 to 40 hex/);
      assert.equal(reply.data, null);
    }
    assert.deepEqual(api.faults, []);
  });
});
