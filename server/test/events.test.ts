import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Status } from "@dwn/api";
import { createPublicClient, http, type Address } from "viem";
import { createEvents } from "../src/serve/events";
import { createSignIn } from "../src/serve/signin";
import { openDb, type Db } from "../src/store/db";
import { placeholderContracts, sessionToken, startApi, type ApiServer } from "./support/api";
import { roleIndex, startStack, type Stack } from "./support/stack";

/**
 * The event stream (GET /api/events) over HTTP against the real server and the real indexer on
 * a devnet: who is told what after each batch the indexer applies. A = #9 bound to alice, B = #10
 * bound to A (A's descendant), U = #11 bound to alice (unrelated to A and B).
 */

const A = 9;
const B = 10;
const U = 11;
const KEEP_ALIVE_MS = 300;
const PER_SESSION = 2;
const PER_ADDRESS = 3;
/** How long any one awaited event may take before the test fails (it comes within a poll). */
const EVENT_WITHIN_MS = 10_000;

/** An event, a comment line, or the head sent again unchanged (the stream's keep-alive). */
type Item = { event: string; data: { block: string; topics?: string[] } } | { comment: string } | { repeated: string };

/** An open stream: its items as they arrive, read in order. */
interface Stream {
  status: number;
  headers: Headers;
  /** The next item (events, comments, repeated heads); rejects when none comes in time or the stream ends. */
  next(): Promise<Item>;
  /** The events up to and including the first `head` at `block` or above (comments and repeated heads skipped). */
  untilHead(block: bigint): Promise<Item[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(origin: string, query: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/events${query}`, { signal: abort.signal });
  const items: Item[] = [];
  const waiting: (() => void)[] = [];
  let done = false;
  let lastHead: string | undefined;
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const wakeAll = () => waiting.splice(0).forEach((w) => w());
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        text += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = text.indexOf("\n\n")) !== -1) {
          const frame = text.slice(0, cut);
          text = text.slice(cut + 2);
          if (frame.startsWith(":")) items.push({ comment: frame.slice(1).trim() });
          else {
            const event = /^event: (.*)$/m.exec(frame)?.[1] ?? "message";
            const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? "null") as { block: string };
            if (event === "head" && data.block === lastHead) items.push({ repeated: data.block });
            else items.push({ event, data });
            if (event === "head") lastHead = data.block;
          }
          wakeAll();
        }
      }
    } catch {
      // Aborted by the test.
    }
    done = true;
    endedResolve();
    wakeAll();
  })();
  async function next(): Promise<Item> {
    const deadline = Date.now() + EVENT_WITHIN_MS;
    while (items.length === 0) {
      if (done) throw new Error("The stream ended.");
      if (Date.now() > deadline) throw new Error("No event came in time.");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return items.shift()!;
  }
  return {
    status: response.status,
    headers: response.headers,
    next,
    async untilHead(block) {
      const seen: Item[] = [];
      for (;;) {
        const item = await next();
        if (!("event" in item)) continue;
        seen.push(item);
        if (item.event === "head" && BigInt(item.data.block) >= block) return seen;
      }
    },
    ended,
    close: () => abort.abort(),
  };
}

/** Resolves when every stream ended; fails the test when one has not in time. */
const allEnded = (...streams: Stream[]) =>
  Promise.race([
    Promise.all(streams.map((s) => s.ended)),
    new Promise((_, reject) => setTimeout(() => reject(new Error("A stream did not end.")), EVENT_WITHIN_MS).unref()),
  ]);

const changedOf = (items: Item[]) =>
  items.filter((i): i is Extract<Item, { event: string }> => "event" in i && i.event === "changed").map((i) => i.data);

let stack: Stack;
let stopped = false;
const tokens = new Map<number, string>();
const open: Stream[] = [];
const address = (index: number) => stack.accounts[index].address;
const stream = async (index: number, query = "") => {
  const s = await openStream(stack.url, `?token=${tokens.get(index)}${query}`);
  open.push(s);
  return s;
};

before(async () => {
  stack = await startStack({
    env: {
      EVENTS_KEEP_ALIVE_MS: String(KEEP_ALIVE_MS),
      EVENTS_PER_SESSION: String(PER_SESSION),
      EVENTS_PER_ADDRESS: String(PER_ADDRESS),
    },
  });
  const alice = address(roleIndex("alice"));
  for (const [index, inviter] of [
    [A, alice],
    [B, undefined],
    [U, alice],
  ] as const) {
    await stack.fund(index);
    await stack.mined(stack.as(index).pool.write.setInviter([inviter ?? address(A)]));
  }
  await stack.waitIndexed();
  for (const index of [A, B, U]) tokens.set(index, await sessionToken(stack.db, address(index).toLowerCase()));
});

after(async () => {
  for (const s of open) s.close();
  if (!stopped) await stack.stop();
});

describe("opening a stream", () => {
  it("refuses a missing, unknown, expired or signed-out token with 401 and the sentence, in the asked language", async () => {
    const expired = "expired-token-of-a-test";
    const now = Math.floor(Date.now() / 1000);
    await stack.db.query("INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
      createHash("sha256").update(expired).digest("hex"),
      address(A).toLowerCase(),
      now - 100,
      now - 1,
    ]);
    const signedOut = await sessionToken(stack.db, address(U).toLowerCase());
    await stack.data("user/logout", {}, { token: signedOut });
    for (const query of [
      "",
      "?token=",
      "?token=unknown",
      `?token=${expired}`,
      `?token=${signedOut}`,
      "?token=a&token=b",
    ]) {
      const response = await fetch(`${stack.url}/api/events${query}${query ? "&" : "?"}lang=en-us`);
      assert.equal(response.status, 401, query);
      assert.deepEqual(await response.json(), {
        status: Status.notSignedIn,
        msg: "Please connect your wallet and sign in again",
        data: null,
      });
    }
    // The API's default language, and the language header of the other calls.
    const chinese = await fetch(`${stack.url}/api/events?token=unknown`);
    assert.equal(chinese.status, 401);
    assert.equal(((await chinese.json()) as { msg: string }).msg, "请连接钱包并重新登录");
    const byHeader = await fetch(`${stack.url}/api/events`, { headers: { "think-lang": "en-us" } });
    assert.equal(((await byHeader.json()) as { msg: string }).msg, "Please connect your wallet and sign in again");
  });

  it("answers an event stream whose first event is the indexed head", async () => {
    const { number } = await stack.waitIndexed();
    const s = await stream(A);
    assert.equal(s.status, 200);
    assert.equal(s.headers.get("content-type"), "text/event-stream");
    assert.equal(s.headers.get("cache-control"), "no-cache");
    assert.equal(s.headers.get("x-accel-buffering"), "no");
    assert.deepEqual(await s.next(), { event: "head", data: { block: number.toString() } });
    s.close();
  });

  it("sends the head again as its keep-alive, an event the page sees (EventSource hides comments)", async () => {
    const s = await stream(A);
    const first = await s.next();
    assert.ok("event" in first && first.event === "head");
    const started = Date.now();
    assert.deepEqual(await s.next(), { repeated: first.data.block });
    assert.ok(Date.now() - started < KEEP_ALIVE_MS * 10);
    s.close();
  });

  it("ends a stream whose session signs out", async () => {
    const token = await sessionToken(stack.db, address(U).toLowerCase());
    const s = await openStream(stack.url, `?token=${token}`);
    open.push(s);
    await s.next();
    await stack.data("user/logout", {}, { token });
    await allEnded(s);
  });

  it(`refuses a session's stream past ${PER_SESSION} open with 429, and takes one again once one closes`, async () => {
    const token = await sessionToken(stack.db, address(U).toLowerCase());
    const first = await openStream(stack.url, `?token=${token}`);
    const second = await openStream(stack.url, `?token=${token}`);
    open.push(first, second);
    await Promise.all([first.next(), second.next()]);
    const refused = await fetch(`${stack.url}/api/events?token=${token}&lang=en-us`);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get("retry-after"), "5");
    assert.deepEqual(await refused.json(), {
      status: Status.tooMany,
      msg: "Too many live updates are open for this account; close a page or try again in 5 seconds",
      data: null,
    });
    // Another session of the same account is not refused.
    const other = await stream(U);
    assert.equal(other.status, 200);
    other.close();
    first.close();
    await allEnded(first);
    // The server forgets the stream once it sees the connection go.
    let again = await openStream(stack.url, `?token=${token}`);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openStream(stack.url, `?token=${token}`);
    }
    open.push(again);
    assert.equal(again.status, 200);
    again.close();
    second.close();
  });

  it(`refuses an account's stream past ${PER_ADDRESS} open over all its sessions (signing in again gives no more), in the caller's language`, async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => sessionToken(stack.db, address(U).toLowerCase())));
    const held: Stream[] = [];
    for (const token of [sessions[0], sessions[0], sessions[1]])
      held.push(await openStream(stack.url, `?token=${token}`));
    open.push(...held);
    await Promise.all(held.map((s) => s.next()));
    for (const token of sessions.slice(1)) {
      const refused = await fetch(`${stack.url}/api/events?token=${token}&lang=zh-cn`);
      assert.equal(refused.status, 429);
      assert.deepEqual(await refused.json(), {
        status: Status.tooMany,
        msg: "此账户打开的实时更新连接过多，请关闭一个页面或 5 秒后再试",
        data: null,
      });
    }
    // Another account is not refused.
    const other = await stream(A);
    assert.equal(other.status, 200);
    other.close();
    for (const s of held) s.close();
    await allEnded(...held);
  });
});

describe("what each account is told", () => {
  let a: Stream;
  let b: Stream;
  let u: Stream;

  before(async () => {
    [a, b, u] = [await stream(A), await stream(B), await stream(U)];
    for (const s of [a, b, u]) await s.next();
  });

  it("an own purchase: nfts and team for the buyer alone", async () => {
    const purchase = await stack.mined(stack.as(A).pool.write.buy([2n]));
    const { number } = await stack.waitIndexed();
    assert.deepEqual(changedOf(await a.untilHead(number)), [
      { block: purchase.blockNumber.toString(), topics: ["nfts", "team"] },
    ]);
    assert.deepEqual(changedOf(await b.untilHead(number)), []);
    assert.deepEqual(changedOf(await u.untilHead(number)), []);
  });

  it("a descendant's purchase: team and income for its inviter, nfts and team for the buyer, nothing for another", async () => {
    const purchase = await stack.mined(stack.as(B).pool.write.buy([1n]));
    const { number } = await stack.waitIndexed();
    const block = purchase.blockNumber.toString();
    assert.deepEqual(changedOf(await a.untilHead(number)), [{ block, topics: ["income", "team"] }]);
    assert.deepEqual(changedOf(await b.untilHead(number)), [{ block, topics: ["nfts", "team"] }]);
    assert.deepEqual(changedOf(await u.untilHead(number)), []);
  });

  it("a withdrawal: income for the account alone", async () => {
    const collect = await stack.mined(stack.as(A).pool.write.collectDynamicProfit());
    const { number } = await stack.waitIndexed();
    assert.deepEqual(changedOf(await a.untilHead(number)), [
      { block: collect.blockNumber.toString(), topics: ["income"] },
    ]);
    assert.deepEqual(changedOf(await b.untilHead(number)), []);
    assert.deepEqual(changedOf(await u.untilHead(number)), []);
  });

  it("a stake: stakes for the account alone", async () => {
    const staked = await stack.mined(stack.as(A).staking.write.stake([1n]));
    const { number } = await stack.waitIndexed();
    assert.deepEqual(changedOf(await a.untilHead(number)), [
      { block: staked.blockNumber.toString(), topics: ["stakes"] },
    ]);
    assert.deepEqual(changedOf(await u.untilHead(number)), []);
  });

  it("a bind below: team for every ancestor watched, nothing for another", async () => {
    const C = 12;
    await stack.fund(C);
    const bound = await stack.mined(stack.as(C).pool.write.setInviter([address(B)]));
    const { number } = await stack.waitIndexed();
    const expected = [{ block: bound.blockNumber.toString(), topics: ["team"] }];
    assert.deepEqual(changedOf(await a.untilHead(number)), expected);
    assert.deepEqual(changedOf(await b.untilHead(number)), expected);
    assert.deepEqual(changedOf(await u.untilHead(number)), []);
  });

  it("another API process on the same database tells its own streams too", async (t) => {
    if (stack.db.kind !== "postgres") return t.skip("several processes share PostgreSQL only");
    const db: Db = await openDb(stack.config.db);
    let second: ApiServer | undefined;
    try {
      const client = createPublicClient({ transport: http(stack.devnet.rpcUrl) });
      const signIn = createSignIn({
        db,
        client,
        pool: stack.record.contracts.pool,
        chainId: stack.record.chainId,
        origin: "http://127.0.0.1:8080",
      });
      second = await startApi({ db, signIn, contracts: placeholderContracts(stack.record.contracts.pool as Address) });
      const there = await openStream(second.origin, `?token=${tokens.get(A)}`);
      open.push(there);
      await there.next();
      const purchase = await stack.mined(stack.as(B).pool.write.buy([1n]));
      const { number } = await stack.waitIndexed();
      const expected = [{ block: purchase.blockNumber.toString(), topics: ["income", "team"] }];
      assert.deepEqual(changedOf(await there.untilHead(number)), expected);
      assert.deepEqual(changedOf(await a.untilHead(number)), expected);
      there.close();
    } finally {
      await second?.close();
      await db.close();
    }
  });

  it("a reorg's rollback: all four topics at the lower head, then that head, to every stream", async () => {
    const fork = await stack.testClient.snapshot();
    await stack.mined(stack.as(U).pool.write.buy([1n]));
    await stack.testClient.mine({ blocks: 2 });
    const { number: high } = await stack.waitIndexed();
    for (const s of [a, b, u]) await s.untilHead(high);
    await stack.testClient.revert({ id: fork });
    const { number: low } = await stack.waitIndexed();
    assert.ok(low < high);
    const block = low.toString();
    for (const s of [a, b, u]) {
      assert.deepEqual(await s.untilHead(0n), [
        { event: "changed", data: { block, topics: ["income", "nfts", "stakes", "team"] } },
        { event: "head", data: { block } },
      ]);
    }
  });

  it("ends every stream when the server shuts down, without waiting for them", async () => {
    stopped = true;
    await stack.stop();
    await allEnded(a, b, u);
  });
});

describe("the keep-alive", () => {
  it("repeats the head the streams were told, never one whose changes are still being read", async () => {
    // A checkpoint that moves from block 10 to 12, and a changes query that answers only when let.
    let block = 10;
    let letChanges!: () => void;
    const changesLet = new Promise<void>((resolve) => (letChanges = resolve));
    const db = {
      kind: "pglite",
      async query(sql: string) {
        if (sql.includes("FROM sync_state")) return [{ block: String(block), reorgs: 0 }];
        if (sql.includes("FROM sessions")) return [{ token_hash: "session" }];
        await changesLet;
        return [{ address: "0xa", topic: "nfts", block: "11" }];
      },
    } as unknown as Db;
    const events = createEvents({ db, limits: { keepAliveMs: 20, pollMs: 10 } });
    const stream = await events.open("0xa", "session");
    let text = "";
    stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
    block = 12;
    // Several keep-alives while the check that read block 12 waits for its changes.
    await new Promise((resolve) => setTimeout(resolve, 150));
    letChanges();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await events.close();
    const told = text
      .split("\n\n")
      .filter(Boolean)
      .map((frame) => {
        const [event, data] = frame.split("\n");
        return `${event.slice("event: ".length)} ${(JSON.parse(data.slice("data: ".length)) as { block: string }).block}`;
      });
    const changed = told.indexOf("changed 11");
    assert.ok(changed > 0, told.join(", "));
    assert.ok(
      told.slice(0, changed).every((t) => t === "head 10"),
      `before the change: ${told.join(", ")}`,
    );
    assert.ok(told.slice(0, changed).length >= 3, `keep-alives meanwhile: ${told.join(", ")}`);
    assert.equal(told[changed + 1], "head 12");
  });
});
