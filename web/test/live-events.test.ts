import { QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Address } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffDelay,
  connectLive,
  SILENCE_MS,
  type EventSourceLike,
} from "../src/features/live/connection";
import { LIVE_TOPICS, parseChanged, parseHead, type LiveChange, type LiveTopic } from "../src/features/live/events";
import { liveEventsUrl, startLiveEvents } from "../src/features/live/run";
import { liveStatus } from "../src/features/live/status";
import { TOPIC_KEYS, type TopicScope } from "../src/features/live/topicKeys";
import { stakeListKey } from "../src/features/shared/hooks/useStakeList";
import * as keys from "../src/lib/queryKeys";

const ME: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const OTHER: Address = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const POOL: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const STAKING: Address = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const ORIGIN = "http://app.test";
const SCOPE: TopicScope = { account: ME, contracts: { pool: POOL, staking: STAKING } };

/** A stand-in for the browser's EventSource: the test opens, feeds and breaks it. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error("no stream was opened");
    return source;
  }
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data?: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  head(block: number): void {
    this.emit("head", JSON.stringify({ block: String(block) }));
  }
  changed(block: number, topics: readonly string[]): void {
    this.emit("changed", JSON.stringify({ block: String(block), topics }));
  }
  fail(): void {
    this.emit("error");
  }
}

const openFake = (url: string) => new FakeEventSource(url);

/** A connection over fake streams, recording what it reports. */
function connect(random: () => number = () => 0.5) {
  const seen = { heads: [] as bigint[], changes: [] as LiveChange[], health: [] as boolean[], resumed: 0 };
  const close = connectLive({
    url: "http://app.test/api/events?token=t",
    open: openFake,
    random,
    onHead: (block) => seen.heads.push(block),
    onChanged: (change) => seen.changes.push(change),
    onHealthy: (healthy) => seen.health.push(healthy),
    onResumed: () => seen.resumed++,
  });
  return { seen, close };
}

beforeEach(() => {
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
  liveStatus.reset();
});

describe("the live events' data", () => {
  it("reads a head's block, and nothing from a malformed one", () => {
    expect(parseHead('{"block":"123"}')).toBe(123n);
    expect(parseHead('{"block":"0"}')).toBe(0n);
    expect(parseHead('{"block":"123456789012345678901234567890"}')).toBe(123456789012345678901234567890n);
    for (const bad of [
      undefined,
      "",
      "not json",
      "<html>502 Bad Gateway</html>",
      "null",
      "[]",
      '"123"',
      "{}",
      '{"block":123}',
      '{"block":"-1"}',
      '{"block":"0x10"}',
      '{"block":"012"}',
      '{"block":"1.5"}',
      '{"block":" 12"}',
      `{"block":"${"9".repeat(40)}"}`,
    ]) {
      expect({ bad, parsed: parseHead(bad) }).toEqual({ bad, parsed: undefined });
    }
  });

  it("reads a change's block and known topics, each once, and nothing from a malformed one", () => {
    expect(parseChanged('{"block":"7","topics":["team","nfts"]}')).toEqual({ block: 7n, topics: ["team", "nfts"] });
    // In the protocol's order, once each; a topic of a newer server is left out.
    expect(parseChanged('{"block":"7","topics":["nfts","votes","team","nfts",3,null]}')).toEqual({
      block: 7n,
      topics: ["team", "nfts"],
    });
    expect(parseChanged('{"block":"7","topics":[]}')).toEqual({ block: 7n, topics: [] });
    for (const bad of [
      "{",
      '{"block":"7"}',
      '{"block":"7","topics":"team"}',
      '{"block":"7","topics":{"0":"team"}}',
      '{"topics":["team"]}',
      '{"block":7,"topics":["team"]}',
      '[{"block":"7","topics":["team"]}]',
    ]) {
      expect({ bad, parsed: parseChanged(bad) }).toEqual({ bad, parsed: undefined });
    }
  });
});

/**
 * Every read the stream may refresh, keyed as the screens key them, beside reads it must leave
 * alone: another account's, the public figures, the indexer's status.
 */
const READS: Record<string, QueryKey> = {
  teamInfo: keys.teamInfoKey(ME),
  friendList: keys.friendListKey(ME),
  branchSummary: [...keys.teamBranchKey(ME), OTHER.toLowerCase(), "summary", "zh-cn"],
  branchFriends: [...keys.teamBranchKey(ME), OTHER.toLowerCase(), "friends", "legs"],
  teamSearch: [...keys.teamSearchKey(ME), "0x15d34a", "zh-cn"],
  nftList: keys.nftListKey(ME),
  incomePages: [...keys.incomeListKey(ME), "pages", { type: "dynamic_income" }],
  incomeCollected: [...keys.incomeListKey(ME), "collected"],
  stakeListActive: stakeListKey(ME, 0),
  stakeListRedeemed: stakeListKey(ME, 2),
  stakeCount: [...keys.stakeListsKey(ME), "all"],
  stakeRecords: [...keys.stakeRecordsKey(ME), "3", "pages"],
  stakeRewardTotal: [...keys.stakeRecordsKey(ME), "3", "num"],
  poolUser: keys.poolUserKey(POOL, ME),
  ownedTiers: [...keys.ownedTiersKey(POOL, ME), ["1", "2", "3", "4", "5"]],
  stakePayView: keys.stakePayViewKey(STAKING, ME),
  stakeSchedules: keys.stakeSchedulesKey(STAKING, ME),
  othersTeamInfo: keys.teamInfoKey(OTHER),
  othersFriendList: keys.friendListKey(OTHER),
  othersPoolUser: keys.poolUserKey(POOL, OTHER),
  othersIncome: [...keys.incomeListKey(OTHER), "collected"],
  tiers: ["pool/info", POOL],
  poolReserve: ["pool/reserve", POOL, STAKING],
  notices: ["notice/getList", "zh-cn"],
  indexerStatus: ["system/status", "12"],
  pendingRewards: ["staking/pendingRewards", STAKING, "3"],
};

/** What each topic must make stale, and nothing else. */
const EXPECTED: Record<LiveTopic, string[]> = {
  team: ["teamInfo", "friendList", "branchSummary", "branchFriends", "teamSearch"],
  income: ["incomePages", "incomeCollected", "poolUser"],
  stakes: [
    "stakeListActive",
    "stakeListRedeemed",
    "stakeCount",
    "stakeRecords",
    "stakeRewardTotal",
    "stakePayView",
    "stakeSchedules",
  ],
  nfts: ["teamInfo", "branchSummary", "branchFriends", "teamSearch", "nftList", "poolUser", "ownedTiers"],
};

function cachedReads(): QueryClient {
  const client = new QueryClient();
  for (const key of Object.values(READS)) client.setQueryData(key, 1);
  return client;
}

const staleReads = (client: QueryClient) =>
  Object.entries(READS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe("the topic → query keys table", () => {
  it("names each topic the protocol has, and only those", () => {
    expect(Object.keys(TOPIC_KEYS).sort()).toEqual([...LIVE_TOPICS].sort());
  });

  for (const topic of LIVE_TOPICS) {
    it(`a change of "${topic}" makes stale exactly its reads, not the other topics', not another account's`, () => {
      const client = cachedReads();
      const stop = startLiveEvents({ token: "t", scope: SCOPE, queryClient: client, origin: ORIGIN, open: openFake });
      FakeEventSource.latest().head(10);
      FakeEventSource.latest().changed(11, [topic]);
      expect(staleReads(client)).toEqual([...EXPECTED[topic]].sort());
      stop();
    });
  }

  it("a change of several topics makes stale the union of theirs; a head, a malformed change or no topic none", () => {
    const client = cachedReads();
    const stop = startLiveEvents({ token: "t", scope: SCOPE, queryClient: client, origin: ORIGIN, open: openFake });
    const source = FakeEventSource.latest();
    source.head(10);
    source.changed(11, []);
    source.changed(11, ["votes"]);
    source.emit("changed", "team");
    source.emit("changed", '{"block":"11","topics":"team"}');
    source.emit("message", '{"block":"11","topics":["team"]}');
    expect(staleReads(client)).toEqual([]);
    source.changed(12, ["income", "stakes"]);
    expect(staleReads(client)).toEqual([...new Set([...EXPECTED.income, ...EXPECTED.stakes])].sort());
    expect(liveStatus.get()).toEqual({ healthy: true, head: 12n });
    stop();
  });
});

describe("the stream's connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("opens the session's stream at the API with its token, and closes it when stopped", () => {
    const stop = startLiveEvents({
      token: "a+b/c=",
      scope: SCOPE,
      queryClient: new QueryClient(),
      origin: "https://dwn.example",
      open: openFake,
    });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      "https://dwn.example/api/events?token=a%2Bb%2Fc%3D",
    ]);
    expect(liveEventsUrl("x", "http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/api/events?token=x");
    FakeEventSource.latest().head(5);
    expect(liveStatus.get()).toEqual({ healthy: true, head: 5n });
    stop();
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(liveStatus.get()).toEqual({ healthy: false });
    // Stopped: nothing is opened again, whatever the time.
    vi.advanceTimersByTime(10 * BACKOFF_CAP_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("is healthy from its first event; silent for 45 s it is not (polling resumes) and is opened again", () => {
    const { seen, close } = connect(() => 0.5);
    const first = FakeEventSource.latest();
    expect(seen.health).toEqual([]);
    first.head(100);
    expect(seen).toMatchObject({ heads: [100n], health: [true] });
    // Events keep it healthy: the silence counts from the last one.
    vi.advanceTimersByTime(SILENCE_MS - 1);
    first.head(101);
    vi.advanceTimersByTime(SILENCE_MS - 1);
    expect(seen.health).toEqual([true]);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(seen.health).toEqual([true, false]);
    expect(first.closed).toBe(true);
    // The reconnect waits its jittered delay: 0.5 × 1 s after this first failure.
    vi.advanceTimersByTime(BACKOFF_BASE_MS / 2 - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Back: healthy again, and told that it may have missed events.
    FakeEventSource.latest().head(105);
    expect(seen).toMatchObject({ heads: [100n, 101n, 105n], health: [true, false, true], resumed: 1 });
    close();
  });

  it("backs off after each failure by a draw in [0, min(60 s, 1 s · 2^n)], before or after opening", () => {
    const draws = [0.999999, 0, 0.5, 0.25, 0.999999, 0.75, 0.999999, 0.999999, 0.1];
    let draw = 0;
    const { seen, close } = connect(() => draws[draw++]);
    for (let failures = 0; failures < draws.length; failures++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** failures);
      const opened = FakeEventSource.opened.length;
      // An error before any event (the API away, a 401 or 429), or an open that never delivers
      // (a buffering proxy) falling silent for 45 s: both are failures.
      const openedAt = Date.now();
      if (failures % 3 === 2) vi.advanceTimersToNextTimer();
      else FakeEventSource.latest().fail();
      if (failures % 3 === 2) expect(Date.now() - openedAt).toBe(SILENCE_MS);
      expect(FakeEventSource.latest().closed).toBe(true);
      const failedAt = Date.now();
      vi.advanceTimersToNextTimer();
      const waited = Date.now() - failedAt;
      expect(FakeEventSource.opened).toHaveLength(opened + 1);
      expect(waited).toBeGreaterThanOrEqual(0);
      expect(waited).toBeLessThanOrEqual(ceiling);
      expect(Math.abs(waited - draws[failures] * ceiling)).toBeLessThan(1);
    }
    expect(seen.health).toEqual([]);
    close();
  });

  it("a stream that delivers again resets the backoff", () => {
    const { seen, close } = connect(() => 0.999999);
    for (let failures = 0; failures < 6; failures++) {
      FakeEventSource.latest().fail();
      vi.advanceTimersToNextTimer();
    }
    FakeEventSource.latest().head(7);
    expect(seen.health).toEqual([true]);
    FakeEventSource.latest().fail();
    expect(seen.health).toEqual([true, false]);
    const opened = FakeEventSource.opened.length;
    // Within the first ceiling again (1 s), not the 60 s it had reached.
    const failedAt = Date.now();
    vi.advanceTimersToNextTimer();
    expect(FakeEventSource.opened).toHaveLength(opened + 1);
    expect(Date.now() - failedAt).toBeLessThanOrEqual(BACKOFF_BASE_MS);
    close();
  });

  it("ignores an old stream's late events and errors once it has been replaced", () => {
    const { seen, close } = connect(() => 0);
    const old = FakeEventSource.latest();
    old.fail();
    vi.advanceTimersByTime(0);
    expect(FakeEventSource.opened).toHaveLength(2);
    old.head(1);
    old.fail();
    expect(seen).toMatchObject({ heads: [], health: [] });
    expect(FakeEventSource.opened).toHaveLength(2);
    close();
  });

  it("stays failed-over until a reopened stream delivers, reading every topic again then", () => {
    const client = cachedReads();
    const stop = startLiveEvents({
      token: "t",
      scope: SCOPE,
      queryClient: client,
      origin: ORIGIN,
      open: openFake,
      random: () => 0,
    });
    FakeEventSource.latest().head(10);
    expect(staleReads(client)).toEqual([]);
    FakeEventSource.latest().fail();
    expect(liveStatus.get().healthy).toBe(false);
    vi.advanceTimersByTime(0);
    expect(liveStatus.get().healthy).toBe(false);
    FakeEventSource.latest().head(12);
    expect(liveStatus.get()).toEqual({ healthy: true, head: 12n });
    const everyTopic = [...new Set(Object.values(EXPECTED).flat())].sort();
    expect(staleReads(client)).toEqual(everyTopic);
    stop();
  });

  it("draws each delay within its ceiling for any draw in [0, 1)", () => {
    for (let failures = 0; failures < 12; failures++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** failures);
      for (const draw of [0, 0.3, 0.999999]) {
        const delay = backoffDelay(failures, () => draw);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
      expect(backoffDelay(failures, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
  });
});
