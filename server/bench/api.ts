import { fork, type ChildProcess } from "node:child_process";
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { once } from "node:events";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { fileURLToPath } from "node:url";
import {
  decryptText,
  importPublicKey,
  randomSessionKey,
  sealSessionKey,
  signFields,
  Status,
  type Fields,
  type Friend,
  type Reply,
  type TeamBranch,
  type TeamInfo,
} from "@dwn/api";
import { createPublicClient, http, zeroAddress } from "viem";
import { buildApp } from "../src/serve/app";
import { loadKeys } from "../src/serve/keys";
import { createSignIn, SESSION_SECONDS } from "../src/serve/signin";
import { openDb } from "../src/store/db";
import { migrate } from "../src/store/migrations";
import { parentOf, perRequest, readCpu, type CpuReading } from "./cpu";
import type { LoadFigures, LoadJob } from "./load";
import type { StreamsAnswer, StreamsJob } from "./streams";
import { ms, seconds, setting, verdict, whole } from "./report";
import { buildTree } from "./tree";

/**
 * API benchmark (DESIGN.md §4) on PostgreSQL: a synthetic referral tree of 1,000,000 members,
 * then the req/s and p99 latency of a signed-in, enveloped getFriendList, getMemberTeamInfo and
 * getTeamBranch (the leader's own branch, as they joined and largest legs first, a range of
 * ranked_legs; and the branch of one of its friends, asked by address: the descendant check), each beside
 * a no-op route of the same server in the same run (run before and after each
 * endpoint). Targets (issue 26): ≥ 0.8× the no-op's req/s, and a p99 latency ≤ 50 ms at 50
 * connections. Each run's CPU per request (the API process, the database, the load generator,
 * the machine; cpu.ts) follows, with the bound the API's one thread sets on each ratio.
 *
 * The server runs in this process; autocannon runs in a child process. Every request of a run
 * is the same precomputed enveloped body (the server accepts it again and again for 5 minutes).
 * The rate limits run as in production (per client address and per token, counted in
 * PostgreSQL), set above what the load sends, so that their cost is in every figure.
 * BENCH_MEMBERS and BENCH_SECONDS shrink the run for a quick look.
 */

const MEMBERS = setting("BENCH_MEMBERS", 1_000_000, 2);
/** Event streams held open at once for the stream figures (each signed in as a member of its own). */
const STREAMS = setting("BENCH_STREAMS", 2_000, 1);
/** The idle window the streams' CPU is measured over: one keep-alive round (15 s) and the polls. */
const IDLE_SECONDS = 16;
const SECONDS = setting("BENCH_SECONDS", 10, 1);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 50;
/** The no-op's path under /api/. */
const NOOP_PATH = "bench/noop";
const LEVEL_THRESHOLDS = [0n, 1000n, 5000n, 20000n, 100000n].map((t) => t * 10n ** 18n);
/** Requests per minute per client address and per token: far above the load, so none is refused. */
const BENCH_LIMIT = 100_000_000;

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set: run `npm run bench:api`, which starts a throwaway PostgreSQL.");
  process.exit(2);
}

const schema = `bench_${randomBytes(4).toString("hex")}`;
const db = await openDb({ kind: "postgres", url, schema });
let child: ChildProcess | undefined;
let streamer: ChildProcess | undefined;
let app: ReturnType<typeof buildApp> | undefined;
// Requests a finished run left in the server's queue may still reach the database as it goes.
let closing = false;
try {
  await migrate(db);
  console.log(`API benchmark on PostgreSQL (schema ${schema}); load from a child process, ${CONNECTIONS} connections.`);
  const started = performance.now();
  const tree = await buildTree(db, MEMBERS);
  console.log(
    `Tree: ${whole(tree.members)} members, depth ${tree.depth}, built in ${seconds(started)}. ` +
      `Signed in as ${tree.leader.address} (${whole(tree.leader.friends)} direct invitees).`,
  );

  // A session row exactly as sign-in stores one: the token's SHA-256, never the token.
  const token = randomBytes(32).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  await db.query("INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
    createHash("sha256").update(token).digest("hex"),
    tree.leader.address,
    now,
    now + SESSION_SECONDS,
  ]);

  const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  const keys = loadKeys("", pem);
  // These endpoints never reach the chain: the client points at a port nothing listens on.
  const signIn = createSignIn({
    db,
    client: createPublicClient({ transport: http("http://127.0.0.1:9") }),
    pool: zeroAddress,
    chainId: 31337,
    origin: "http://127.0.0.1",
  });
  app = buildApp({
    db,
    keys,
    signIn,
    levelThresholds: LEVEL_THRESHOLDS,
    limits: { perIp: BENCH_LIMIT, perToken: BENCH_LIMIT },
    // Every stream comes from this machine's one address.
    connections: { maxPerClient: 1_000_000 },
    events: { perProcess: 1_000_000 },
    // The baseline: a signed-in call through the same handler as every endpoint, answering null.
    extraRoutes: { [NOOP_PATH]: { handle: async () => null } },
    log: (line) => {
      if (!closing) console.error(line);
    },
    runtimeConfig: {
      chain: {
        id: 31337,
        name: "Benchmark",
        rpcUrl: "http://127.0.0.1:9",
        currency: { name: "BNB", symbol: "BNB", decimals: 18 },
        explorer: null,
      },
      contracts: {
        usdt: zeroAddress,
        dwn9: zeroAddress,
        dwn: zeroAddress,
        a8: zeroAddress,
        udbk: zeroAddress,
        pool: zeroAddress,
        staking: zeroAddress,
      },
      publicKey: keys.publicKey,
    },
  });
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });

  // The client's side, as the web app does it: one session key, its sealed header, signed fields.
  const sessionKey = randomSessionKey();
  const sealedKey = await sealSessionKey(await importPublicKey(keys.publicKey), sessionKey);
  async function envelope(path: string, payload: Fields): Promise<LoadJob> {
    const fields: Fields = { ...payload, lang: "en-us", t: String(Math.floor(Date.now() / 1000)), token };
    fields.l_sign = await signFields(sessionKey, fields);
    return {
      url: `${origin}${path}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        version: "2.0",
        client: "h5",
        sKey: sealedKey,
        "think-lang": "en-us",
      },
      body: new URLSearchParams(fields).toString(),
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
  }

  /** Sends the job's request once and opens the reply; returns its data and the sealed body's length. */
  async function callOnce<T>(job: LoadJob): Promise<{ data: T; length: number }> {
    const response = await fetch(job.url, { method: "POST", headers: job.headers, body: job.body });
    const text = await response.text();
    const reply = JSON.parse(await decryptText(sessionKey, text)) as Reply<T>;
    if (response.status !== 200 || reply.status !== Status.ok) {
      throw new Error(`${job.url} answered HTTP ${response.status}, status ${reply.status}: ${reply.msg}`);
    }
    return { data: reply.data, length: text.length };
  }

  // The web app's page size (web/src/lib/paging.ts).
  const friendsPage = 10;
  const targets: { name: string; path: string; payload: Fields; check(data: unknown): string | undefined }[] = [
    {
      name: "no-op",
      path: `/api/${NOOP_PATH}`,
      payload: {},
      check: (data) => (data === null ? undefined : "data is not null"),
    },
    {
      name: "getFriendList",
      path: "/api/user/getFriendList",
      payload: { page: "1", limit: String(friendsPage) },
      check(data) {
        const list = data as Friend[];
        const expected = Math.min(friendsPage, tree.leader.friends);
        if (!Array.isArray(list) || list.length !== expected) return `expected ${expected} friends`;
        if (!list.every((f) => /^0x[0-9a-f]{40}$/.test(f.address) && /^\d+$/.test(f.team_performance))) {
          return "a friend row is malformed";
        }
      },
    },
    {
      name: "getMemberTeamInfo",
      path: "/api/user/getMemberTeamInfo",
      payload: {},
      check(data) {
        const info = data as TeamInfo;
        if (info.friend_num !== tree.leader.friends) return `friend_num ${info.friend_num}, not ${tree.leader.friends}`;
        if (!(info.community_num >= info.friend_num) || BigInt(info.all_performance) < BigInt(info.performance)) {
          return "team figures are inconsistent";
        }
      },
    },
  ];

  const branchCheck =
    (who: { address: string; friends: number }, generation: number, order: string) => (data: unknown) => {
      const branch = data as TeamBranch;
      if (branch.member.address !== who.address || branch.member.generation !== generation) return "another member";
      if (branch.member.friend_num !== who.friends) return `friend_num ${branch.member.friend_num}, not ${who.friends}`;
      if (branch.friends.length !== Math.min(friendsPage, who.friends)) return "a short page of friends";
      if (order === "legs" && branch.friends[0]?.address !== branch.largest_leg?.address)
        return "largest leg not first";
    };
  targets.push(
    {
      name: "getTeamBranch (own)",
      path: "/api/user/getTeamBranch",
      payload: { page: "1", limit: String(friendsPage) },
      check: branchCheck(tree.leader, 0, "joined"),
    },
    {
      name: "getTeamBranch (legs)",
      path: "/api/user/getTeamBranch",
      payload: { page: "1", limit: String(friendsPage), order: "legs" },
      check: branchCheck(tree.leader, 0, "legs"),
    },
    {
      name: "getTeamBranch (friend)",
      path: "/api/user/getTeamBranch",
      payload: { address: tree.lieutenant.address, page: "1", limit: String(friendsPage) },
      check: branchCheck(tree.lieutenant, 1, "joined"),
    },
  );

  const loader = fork(fileURLToPath(new URL("./load.ts", import.meta.url)));
  child = loader;
  async function run(job: LoadJob): Promise<LoadFigures> {
    const answered = once(loader, "message") as Promise<[LoadFigures]>;
    loader.send(job);
    return (await answered)[0];
  }

  // The no-op runs before and after each endpoint, which is compared with the mean of those
  // two runs: on a shared machine the throughput drifts from one run to the next.
  const [noop, ...endpoints] = targets;
  const plan = [noop, ...endpoints.flatMap((e) => [e, noop])];
  const [{ pid: backend }] = await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const parts = { api: process.pid, postmaster: parentOf(backend), load: loader.pid! };
  const figures: LoadFigures[] = [];
  const cpu: CpuReading[] = [];
  for (const target of plan) {
    const job = await envelope(target.path, target.payload);
    const { data, length } = await callOnce(job);
    const problem = target.check(data);
    if (problem) throw new Error(`${target.name} answered wrongly before the load: ${problem}.`);
    await run({ ...job, seconds: WARM_UP_SECONDS });
    const before = readCpu(parts);
    const load = await run(job);
    cpu.push(perRequest(before, readCpu(parts), load.requests));
    await callOnce(job);
    const others = Object.entries(load.lengths).filter(([l]) => Number(l) !== length);
    const odd = others.reduce((sum, [, count]) => sum + count, 0);
    if (load.failures > 0 || odd > 0) {
      console.log(`  ${target.name}: ${load.failures} failed requests, ${odd} replies unlike the checked one.`);
    }
    figures.push(load);
  }

  console.log(`\n${SECONDS} s per run, ${CONNECTIONS} connections, after a ${WARM_UP_SECONDS} s warm-up:`);
  const line = (name: string, f: LoadFigures) =>
    `  ${name.padEnd(24)} ${whole(f.perSecond).padStart(7)} req/s   p99 ${ms(f.p99).padStart(8)}`;
  plan.forEach((target, i) => {
    if (target === noop) return console.log(line("no-op", figures[i]));
    const baseline = (figures[i - 1].perSecond + figures[i + 1].perSecond) / 2;
    const ratio = figures[i].perSecond / baseline;
    console.log(
      `${line(target.name, figures[i])}   ${ratio.toFixed(2)}× the no-op around it (${whole(baseline)} req/s)   ` +
        `${verdict(`≥ ${TARGET_RATIO}×`, ratio >= TARGET_RATIO)}; ` +
        verdict(`p99 ≤ ${TARGET_P99_MS} ms`, figures[i].p99 <= TARGET_P99_MS),
    );
  });

  if (cpu[0].machine > 0) {
    // The no-op keeps the API's one thread busy (the last column): an endpoint whose requests cost
    // the API process more CPU each cannot pass the no-op's rate times the no-op's CPU per request
    // over its own, whatever the database does.
    const us = (n: number) => whole(n).padStart(6);
    console.log(
      `\nCPU per request (µs, from /proc): API process, database (every backend), load generator, whole machine; ` +
        `how busy the API's thread was`,
    );
    plan.forEach((target, i) => {
      const c = cpu[i];
      const busy = `${Math.round((c.api * figures[i].perSecond) / 1e4)}%`.padStart(5);
      const cells = `${us(c.api)} ${us(c.database)} ${us(c.load)} ${us(c.machine)} ${busy}`;
      if (target === noop) return console.log(`  ${"no-op".padEnd(24)} ${cells}`);
      const noopApi = (cpu[i - 1].api + cpu[i + 1].api) / 2;
      console.log(
        `  ${target.name.padEnd(24)} ${cells}   the API's thread allows at most ${(noopApi / c.api).toFixed(2)}× the no-op`,
      );
    });
  }

  await benchStreams(origin);
} finally {
  closing = true;
  if (streamer?.connected) streamer.disconnect();
  if (child?.connected) child.disconnect();
  await app?.close();
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await db.close();
}

/**
 * The event streams (GET /api/events): STREAMS streams open at once on this one API process, each
 * signed in as a member of its own (the 2,000 earliest: ancestors of most of the tree), from a
 * child process. Measured in this process: its resident memory and heap per stream, its CPU per
 * stream while they sit idle (keep-alives, the fallback poll), and the CPU and time to tell every
 * stream of one applied block (a purchase deep in the tree: the changes query, a `changed` to
 * the buyer's watched ancestors, a `head` to all), sent the way the indexer sends it (NOTIFY in
 * the checkpoint's transaction).
 */
async function benchStreams(origin: string) {
  const head = 1000;
  const now = Math.floor(Date.now() / 1000);
  await db.query(
    `INSERT INTO sync_state (id, chain_id, block_number, block_time, head_block, updated_at)
     VALUES ('main', 31337, $1, $2, $1, $2) ON CONFLICT (id) DO UPDATE SET block_number = $1`,
    [head, now],
  );
  const watched = await db.query<{ address: string }>("SELECT address FROM members WHERE id > 0 ORDER BY id LIMIT $1", [
    STREAMS,
  ]);
  const tokens = watched.map(() => randomBytes(32).toString("base64url"));
  await db.query(
    `INSERT INTO sessions (token_hash, address, created_at, expires_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])`,
    [
      tokens.map((t) => createHash("sha256").update(t).digest("hex")),
      watched.map((w) => w.address),
      watched.map(() => now),
      watched.map(() => now + SESSION_SECONDS),
    ],
  );
  const [deepest] = await db.query<{ address: string; depth: number }>(
    "SELECT address, depth FROM members ORDER BY depth DESC, id LIMIT 1",
  );

  const clients = fork(fileURLToPath(new URL("./streams.ts", import.meta.url)));
  streamer = clients;
  const ask = async (job: StreamsJob) => {
    const answered = once(clients, "message") as Promise<[StreamsAnswer]>;
    clients.send(job);
    return (await answered)[0];
  };
  // A full collection before each reading, so that the difference is what the streams hold.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    gc();
    gc();
  };

  await settle();
  const before = process.memoryUsage();
  const opening = performance.now();
  const opened = await ask({ kind: "open", origin, tokens });
  if (opened.kind !== "opened") throw new Error("The stream clients did not open.");
  const openMs = performance.now() - opening;
  await settle();
  const after = process.memoryUsage();
  const n = opened.open;

  const idleStart = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = process.cpuUsage(idleStart);
  const idleMicros = (idle.user + idle.system) / IDLE_SECONDS;

  const waitFor = ask({ kind: "wait", block: head + 1 });
  const broadcastStart = process.cpuUsage();
  const sent = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO nfts (token_id, owner, tier, hashrate, makeup_hashrate, usdtprice, dwn8price, create_time, block_number, tx_hash)
       VALUES (1, $1, 1, 100, 0, 100, 0, $2, $3, '0xbench')`,
      [deepest.address, now, head + 1],
    );
    await tx.query("UPDATE sync_state SET block_number = $1 WHERE id = 'main'", [head + 1]);
    await tx.query("SELECT pg_notify('dwn_indexed', $1)", [String(head + 1)]);
  });
  const told = await waitFor;
  const tellMs = performance.now() - sent;
  const broadcast = process.cpuUsage(broadcastStart);
  if (told.kind !== "waited") throw new Error("The stream clients did not wait.");
  await ask({ kind: "close" });

  const held = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `\nEvent streams: ${whole(n)} open on this API process (${opened.failed} refused or failed), opened in ${(openMs / 1000).toFixed(1)} s` +
      ` (${(openMs / n).toFixed(2)} ms each, from a child process):`,
  );
  console.log(
    `  memory held, after a full collection: heap and buffers +${mib(held(after) - held(before))} ` +
      `(${kib((held(after) - held(before)) / n)} per stream); the process's RSS ${mib(before.rss)} before, ` +
      `${mib(after.rss)} with them open (pages the earlier runs left free are used again)`,
  );
  console.log(
    `  idle (${IDLE_SECONDS} s: keep-alives every 15 s, the checkpoint read every 5 s besides NOTIFY): ` +
      `${(idleMicros / 1000).toFixed(1)} ms CPU per second in all, ${(idleMicros / n).toFixed(2)} µs per stream per second`,
  );
  const cpu = (broadcast.user + broadcast.system) / 1000;
  console.log(
    `  one applied block (a purchase at depth ${deepest.depth}): every stream told in ${ms(tellMs)}, ` +
      `${told.changed} 'changed' to the buyer's watched ancestors; ${cpu.toFixed(1)} ms CPU in all, ` +
      `${((cpu * 1000) / n).toFixed(1)} µs per stream`,
  );
}
