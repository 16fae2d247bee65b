import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { poolAbi, stakingAbi, timelockAbi } from "@dwn/contracts";
import {
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { createApplier, decodeLogs, type ChainLog, type TimedLog } from "../src/apply/apply";
import { createUpcomingChanges, decodeChange } from "../src/serve/changes";
import { openTestDb } from "./support/db";
import { startDevnet, type Devnet } from "./support/devnet";
import { createLogFactory } from "./support/synthetic";

const TIMELOCK: Address = "0x0000000000000000000000000000000000007100";
/** A target that is neither the pool nor the staking: its calls are listed raw, with nothing read. */
const ELSEWHERE: Address = "0x00000000000000000000000000000000000e15e0";
const timed = (logs: ChainLog[]): TimedLog[] => decodeLogs(logs).map((log) => ({ log, time: log.blockNumber * 3n }));
const opId = (n: number): Hex => keccak256(toHex(`operation ${n}`));
/** A client whose chain never answers: current values stay unknown. */
const deadClient = createPublicClient({ transport: http("http://127.0.0.1:9", { retryCount: 0, timeout: 500 }) });

let devnet: Devnet;
before(async () => {
  devnet = await startDevnet();
});
after(async () => {
  await devnet?.stop();
});

test("a queued call is decoded into its contract, setting and named values", () => {
  const { pool, staking } = devnet.record.contracts;
  const contracts = { pool, staking, timelock: TIMELOCK };
  assert.deepEqual(
    decodeChange(
      contracts,
      staking,
      encodeFunctionData({ abi: stakingAbi, functionName: "setFeeRates", args: [1000n, 300n] }),
    ),
    { contract: "staking", setting: "setFeeRates", values: { unstakeFeeRate: "1000", collectFeeRate: "300" } },
  );
  assert.deepEqual(
    decodeChange(contracts, pool, encodeFunctionData({ abi: poolAbi, functionName: "setTreasury", args: [ELSEWHERE] })),
    { contract: "pool", setting: "setTreasury", values: { treasury: getAddress(ELSEWHERE) } },
  );
  assert.deepEqual(
    decodeChange(
      contracts,
      pool,
      encodeFunctionData({ abi: poolAbi, functionName: "setDynamicRates", args: [[1000, 500]] }),
    ),
    { contract: "pool", setting: "setDynamicRates", values: { rates: ["1000", "500"] } },
  );
  assert.deepEqual(
    decodeChange(
      contracts,
      TIMELOCK,
      encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [60n] }),
    ),
    { contract: "timelock", setting: "updateDelay", values: { newDelay: "60" } },
  );
  // Data that is no function of its target, and a target that is none of the three: shown raw.
  assert.deepEqual(decodeChange(contracts, pool, "0xdeadbeef"), {
    contract: "other",
    setting: "call",
    values: { target: pool, data: "0xdeadbeef" },
  });
  assert.deepEqual(decodeChange(contracts, ELSEWHERE, "0x"), {
    contract: "other",
    setting: "call",
    values: { target: getAddress(ELSEWHERE), data: "0x" },
  });
});

test("each upcoming change carries the values its setting has now on the chain", async () => {
  const { db, drop } = await openTestDb();
  try {
    const { pool, staking } = devnet.record.contracts;
    const make = createLogFactory(pool, TIMELOCK);
    const calls: [Address, Hex][] = [
      [staking, encodeFunctionData({ abi: stakingAbi, functionName: "setFeeRates", args: [2000n, 2000n] })],
      [
        staking,
        encodeFunctionData({
          abi: stakingAbi,
          functionName: "setStakeTerms",
          args: [10n ** 20n, 0n, 3650n, 3600n, 0n],
        }),
      ],
      [pool, encodeFunctionData({ abi: poolAbi, functionName: "setTier", args: [2n, 800n, 10n ** 21n, 0n, 1n, 1n] })],
      [pool, encodeFunctionData({ abi: poolAbi, functionName: "setMakeup", args: [11000n, 11n] })],
      [pool, encodeFunctionData({ abi: poolAbi, functionName: "pause" })],
    ];
    const logs = calls.map(([target, data], i) => make.scheduled(opId(1), BigInt(i), target, data, 172_800n));
    await createApplier(db).apply(timed(logs));
    const list = await createUpcomingChanges({
      db,
      client: devnet.publicClient,
      contracts: { pool, staking, timelock: TIMELOCK },
    })();
    const time = Number(make.block) * 3;
    assert.deepEqual(
      list.map((c) => ({ setting: c.setting, current: c.current, ready: c.ready_at - c.scheduled_at })),
      [
        { setting: "setFeeRates", current: { unstakeFeeRate: "500", collectFeeRate: "300" }, ready: 172_800 },
        {
          setting: "setStakeTerms",
          current: {
            dwnAmount: (100n * 10n ** 18n).toString(),
            a8Amount: (50n * 10n ** 18n).toString(),
            cycleDays: "30",
            gracePeriod: "86400",
            rewardPerUnitPerSecond: (10n ** 18n / 86_400n).toString(),
          },
          ready: 172_800,
        },
        {
          setting: "setTier",
          current: {
            tierId: "2",
            supply: "800",
            usdtprice: (500n * 10n ** 18n).toString(),
            dwn8price: (500n * 10n ** 18n).toString(),
            multiple: "16000",
            limit: "10",
          },
          ready: 172_800,
        },
        { setting: "setMakeup", current: { makeupPercent: "10100", maxMakeupCount: "30" }, ready: 172_800 },
        // Pausing has no value to compare.
        { setting: "pause", current: null, ready: 172_800 },
      ],
    );
    assert.ok(list.every((c) => c.scheduled_at === time && c.id === opId(1)));
    assert.deepEqual(
      list.map((c) => c.index),
      [0, 1, 2, 3, 4],
    );

    // With the chain unreachable the changes are still listed, their current values unknown.
    const blind = await createUpcomingChanges({
      db,
      client: deadClient,
      contracts: { pool, staking, timelock: TIMELOCK },
    })();
    assert.deepEqual(
      blind.map((c) => [c.setting, c.current]),
      calls.map((_, i) => [list[i].setting, null]),
    );
  } finally {
    await drop();
  }
});

/** One step of a valid timelock history: what the chain could emit. */
type Step = { kind: "schedule"; op: number; calls: number } | { kind: "execute" | "cancel"; op: number };

/**
 * The calls still queued after `steps`, replayed the obvious way: an operation is unset, queued
 * (with its calls), done or cancelled (then it may be scheduled again).
 */
function queuedAfter(steps: readonly Step[]): string[] {
  const state = new Map<number, { status: "queued" | "done" | "cancelled"; calls: number }>();
  for (const s of steps) {
    if (s.kind === "schedule") state.set(s.op, { status: "queued", calls: s.calls });
    else state.get(s.op)!.status = s.kind === "execute" ? "done" : "cancelled";
  }
  return [...state]
    .filter(([, o]) => o.status === "queued")
    .flatMap(([op, o]) => Array.from({ length: o.calls }, (_, i) => `${opId(op)}:${i}`))
    .sort();
}

/** Turns random choices into a history the timelock allows (no double schedule, nothing after done). */
function validSteps(choices: readonly { op: number; action: number; calls: number }[]): Step[] {
  const status = new Map<number, "queued" | "done" | "cancelled">();
  const steps: Step[] = [];
  for (const { op, action, calls } of choices) {
    const now = status.get(op);
    if (now === "done") continue;
    if (now === "queued") {
      const kind = action % 2 === 0 ? "execute" : "cancel";
      steps.push({ kind, op });
      status.set(op, kind === "execute" ? "done" : "cancelled");
    } else {
      steps.push({ kind: "schedule", op, calls });
      status.set(op, "queued");
    }
  }
  return steps;
}

test("the queue equals a replay of the timelock's history however the logs are cut into batches and rolled back", async () => {
  const { db, drop } = await openTestDb();
  const contracts = {
    pool: devnet.record.contracts.pool,
    staking: devnet.record.contracts.staking,
    timelock: TIMELOCK,
  };
  const list = createUpcomingChanges({ db, client: deadClient, contracts });
  const queued = async () => (await list()).map((c) => `${c.id}:${c.index}`).sort();
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ op: fc.nat({ max: 4 }), action: fc.nat(), calls: fc.integer({ min: 1, max: 3 }) }), {
          maxLength: 30,
        }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.nat(),
        async (choices, cuts, keepPick) => {
          await db.query("TRUNCATE owner_changes, owner_change_ends, applied_logs, block_hashes");
          const steps = validSteps(choices);
          const make = createLogFactory(contracts.pool, TIMELOCK);
          const logs: ChainLog[] = [];
          const blockOf: bigint[] = [];
          for (const s of steps) {
            // Two steps to a block, so that one block may end what it scheduled.
            if (logs.length > 0 && blockOf.length % 2 === 0) make.nextBlock();
            blockOf.push(make.block);
            const calls = s.kind === "schedule" ? s.calls : 0;
            if (s.kind === "schedule") {
              for (let i = 0; i < calls; i++)
                logs.push(make.scheduled(opId(s.op), BigInt(i), ELSEWHERE, toHex(`op ${s.op}`), 60n));
            } else if (s.kind === "execute") {
              const n = [...steps.slice(0, blockOf.length - 1)]
                .reverse()
                .find((p): p is Extract<Step, { kind: "schedule" }> => p.kind === "schedule" && p.op === s.op)!.calls;
              for (let i = 0; i < n; i++)
                logs.push(make.executed(opId(s.op), BigInt(i), ELSEWHERE, toHex(`op ${s.op}`)));
            } else logs.push(make.cancelled(opId(s.op)));
          }
          const all = timed(logs);
          const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
          const applier = createApplier(db);
          for (const [i, end] of [...points, all.length].entries()) {
            await applier.apply(all.slice(i ? points[i - 1] : 0, end));
          }
          assert.deepEqual(await queued(), queuedAfter(steps));

          // A reorg takes back the blocks after `keep`: the queue is what the steps up to it left.
          const keep = steps.length === 0 ? 0 : Number(blockOf[keepPick % steps.length]);
          await applier.rollBack(keep);
          assert.deepEqual(await queued(), queuedAfter(steps.filter((_, i) => blockOf[i] <= BigInt(keep))));
          await applier.apply(all.filter(({ log }) => log.blockNumber > BigInt(keep)));
          assert.deepEqual(await queued(), queuedAfter(steps));
        },
      ),
      { numRuns: 60, seed: Number(process.env.PROPERTY_SEED ?? 20261124) },
    );
  } finally {
    await drop();
  }
});
