/**
 * Property test of the whole system: random sequences of user and owner operations run against
 * the deployed Pool, Staking and tokens and against the reference model (`model.ts`); after every
 * step the outcome (success or the exact custom error) and the whole observable state must agree,
 * and the invariants below must hold on the chain.
 *
 * Half the sequences run against a deployment whose owner is the deployer's key (the devnet's),
 * half against one that `deploySystem` handed over to a TimelockController as on BNB Smart Chain
 * (48-hour delay, a multisig proposes and cancels, anyone executes). There an owner call is
 * scheduled by the multisig and applies only when executed after the delay, against the state of
 * that moment; the model applies it then too (`timelock.ts` models the queue). Scheduling,
 * cancelling and executing too early must leave every setting as it was.
 *
 * Beside the model, `oracles.ts` checks every successful transaction's events against balances and
 * views by routes of its own (hashrate, makeup, direct push, fee splits, guarantee caps, generation
 * eligibility). At the end the run prints how often each operation succeeded and failed with each
 * custom error.
 *
 * PROPERTY_RUNS sets the number of sequences. Without it a run is `npm test`'s per-commit sample:
 * SAMPLE_RUNS sequences from a seed the commit under test picks, so successive commits run
 * different sequences and a failure replays on its commit; `npm run contracts:fuzz` runs 10,000
 * from a fresh seed. PROPERTY_SEED replays a run and PROPERTY_PATH (printed by fast-check with the
 * seed) replays one counterexample. PROPERTY_CHECK=end compares the state only at the end of each
 * sequence (the default under coverage).
 */
import { execFileSync } from "node:child_process";
import { loadFixture, takeSnapshot } from "@nomicfoundation/hardhat-network-helpers";
import type { SnapshotRestorer } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import fc from "fast-check";
import {
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  maxUint256,
  toHex,
  zeroAddress,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { MIN_BSC_DELAY } from "../../deploy/deploy";
import { devnetParams } from "../../deploy/params";
import { timelockAbi } from "../../generated/deployments";
import { deploy, deployFixture, type System } from "../support/fixture";
import {
  BatchReader,
  asAddress,
  asBool,
  asUint,
  deployMulticall,
  latestTimestamp,
  mineAt,
  read,
  sendAt,
  lastLogs,
  type Read,
} from "./chain";
import { DAY, Model, TOKENS, WAD, type ModelInit, type Outcome, type Stake, type Tier, type Token } from "./model";
import {
  ACTORS,
  DEEP_CHAIN,
  MULTISIG_ACCOUNT,
  OWNER,
  accountIndex,
  sequenceArbitrary,
  type ActorName,
  type Op,
  type Ownership,
  type StakePick,
  type Timing,
} from "./ops";
import { Oracles } from "./oracles";
import { TimelockModel, operationId } from "./timelock";

/** The sequences of `npm test`'s per-commit sample (see the top of the file). */
const SAMPLE_RUNS = 100;
const SAMPLE = process.env.PROPERTY_RUNS === undefined;
const RUNS = SAMPLE ? SAMPLE_RUNS : Number(process.env.PROPERTY_RUNS);
const SEED =
  process.env.PROPERTY_SEED !== undefined ? Number(process.env.PROPERTY_SEED) : SAMPLE ? commitSeed() : undefined;

/** A seed from the commit under test (0 outside a git checkout). */
function commitSeed(): number {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return parseInt(head.slice(0, 8), 16) | 0;
  } catch {
    return 0;
  }
}
const PATH = process.env.PROPERTY_PATH;
/** PROPERTY_SHRINK=0 reports the first failing sequence as found, without shrinking it (mutation runs). */
const SHRINK = process.env.PROPERTY_SHRINK !== "0";
/**
 * Whether the whole state is compared (and the step invariants checked) after every step, or only
 * at the end of each sequence (outcomes are compared at every step either way). Under coverage
 * instrumentation every read costs a hundred times more, so coverage runs check at the end only.
 */
const CHECK_EVERY_STEP =
  (process.env.PROPERTY_CHECK ?? (process.env.SOLIDITY_COVERAGE === "true" ? "end" : "step")) === "step";

/**
 * PROPERTY_ORACLES=off leaves out the oracles of `oracles.ts`, to measure what they catch that the
 * comparison with the model and the other invariants do not (`npm run contracts:mutants` does).
 */
const ORACLES = process.env.PROPERTY_ORACLES !== "off";

/** What each actor starts with, of every token (varied so that some payments fail). */
const FUNDING_STEPS = [20_000n, 12_000n, 6_000n, 1_500n, 400n].map((n) => n * WAD);
const funding = (i: number) => FUNDING_STEPS[i % FUNDING_STEPS.length];

/** An actor's address. */
function actorAddress(s: System, name: ActorName): Address {
  return getAddress(s.wallets[accountIndex(name)].account.address);
}
/**
 * Modest reserves: income soon outgrows them, so `InsufficientReserve` happens; the pool's tenth
 * still lets a tier-1 holder's whole guarantee cap (200 DWN at the devnet price) be credited in one call.
 */
const POOL_DWN_RESERVE = 5_000n * WAD;
const STAKING_UDBK_RESERVE = 50n * WAD;

type AccountName = ActorName | "pool" | "staking" | "treasury" | "feeRecipient" | "owner";
type View = Map<string, unknown>;

/** A value as a stable string, so that deep values (bigints, structs, arrays) compare exactly. */
function canon(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "bigint") return `${v}n`;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}

const describeOutcome = (o: Outcome) => (o.ok ? "ok" : `${o.error}(${canon(o.args).slice(1, -1)})`);

describe("system property: contracts agree with the reference model", () => {
  it(`holds over ${RUNS} random sequences of operations`, async function () {
    this.timeout(0);
    const stats: Stats = { steps: 0, outcomes: new Map() };
    const worlds = await Harness.create(stats);
    const started = Date.now();
    let sequences = 0;
    let timelocked = 0;
    try {
      await fc.assert(
        fc.asyncProperty(sequenceArbitrary, async ({ ownership, ops }) => {
          sequences++;
          if (ownership === "timelock") timelocked++;
          await worlds[ownership].runSequence(ops);
        }),
        { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: !SHRINK },
      );
    } finally {
      await worlds.key.leave();
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `      ${sequences} sequences (${timelocked} owned by the timelock${SEED === undefined ? "" : `, seed ${SEED}`}), ` +
        `${stats.steps} steps in ` +
        `${seconds.toFixed(1)} s, ${stats.outcomes.size} distinct outcomes`,
    );
    console.log(outcomeTable(stats.outcomes));
  });
});

/**
 * How often each operation succeeded and failed with each custom error, one line per operation
 * (a timelock's schedule, cancel and execute of a call are operations of their own).
 */
function outcomeTable(outcomes: ReadonlyMap<string, number>): string {
  const byOp = new Map<string, [string, number][]>();
  for (const [key, n] of outcomes) {
    const at = key.lastIndexOf(":");
    const op = key.slice(0, at);
    byOp.set(op, [...(byOp.get(op) ?? []), [key.slice(at + 1), n]]);
  }
  return [...byOp.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([op, results]) => {
      const sorted = results.sort(([a, x], [b, y]) => (a === "ok" ? -1 : b === "ok" ? 1 : y - x));
      return `        ${op}: ${sorted.map(([r, n]) => `${r} ${n}`).join(", ")}`;
    })
    .join("\n");
}

/** One resolved step: a transaction (with the model operation it mirrors) or a time jump. */
type Step =
  | {
      type: "tx";
      label: string;
      dt: bigint;
      from: Address;
      to: Address;
      data: Hex;
      apply: (m: Model, from: Address) => Outcome;
      owner: boolean;
      check?: Check;
      /** A call to the timelock: it schedules, cancels or executes an operation. */
      queue?: "schedule" | "cancel" | "execute";
    }
  | { type: "time"; label: string; at: bigint };
type TxStep = Extract<Step, { type: "tx" }>;
/** An operation sent directly (a proposal or the execution of a queued one expands into several steps). */
type DirectOp = Exclude<Op, { kind: "propose" | "executeQueued" }>;

/** An owner call scheduled in the timelock: its operation id, salt and the call itself. */
interface Proposal {
  id: Hex;
  salt: Hex;
  call: TxStep;
}

/** A sequence's timelock: the model of its queue and every proposal scheduled so far. */
interface Queue {
  model: TimelockModel;
  proposals: Proposal[];
}

/** The timelock that owns the contracts of a deployment, and the multisig that proposes. */
interface TimelockRoles {
  address: Address;
  multisig: Address;
  delay: bigint;
}

/** Counts shared by the deployments: steps run, and how often each outcome of each operation came. */
interface Stats {
  steps: number;
  outcomes: Map<string, number>;
}

/** Extra invariants of particular operations. */
type Check =
  | { kind: "stake"; units: bigint }
  | { kind: "buy" }
  | { kind: "guarantee"; total: bigint; users: Address[]; amounts: bigint[] }
  | { kind: "poolCollect"; user: Address; name: ActorName; which: "static" | "dynamic" }
  | { kind: "stakeCollect"; user: Address; name: ActorName; id: bigint }
  | { kind: "redeem"; user: Address; name: ActorName; id: bigint };

class Harness {
  private readonly reader: BatchReader;
  private readonly names: Map<Address, AccountName>;
  private readonly accounts: [AccountName, Address][];
  private readonly settingsKeys: string[];
  private initialView: View = new Map();
  /** The independent oracles of the sequence running (`oracles.ts`). */
  private oracles!: Oracles;

  private constructor(
    private readonly s: System,
    private readonly snapshot: SnapshotRestorer,
    private readonly pristine: SnapshotRestorer,
    private readonly initial: Model,
    multicall: Address,
    private readonly stats: Stats,
    /** Present where a timelock owns Pool and Staking. */
    private readonly timelock?: TimelockRoles,
  ) {
    this.reader = new BatchReader(multicall);
    this.accounts = Harness.accountList(s);
    this.names = new Map(this.accounts.map(([n, a]) => [a, n]));
    this.settingsKeys = Harness.settingsReads(s).map((r) => r.key);
  }

  static accountList(s: System): [AccountName, Address][] {
    return [
      ...ACTORS.map((n): [AccountName, Address] => [n, actorAddress(s, n)]),
      ["pool", s.pool.address],
      ["staking", s.staking.address],
      ["treasury", s.address("treasury")],
      ["feeRecipient", s.address("feeRecipient")],
      ["owner", s.address("owner")],
    ];
  }

  /**
   * Deploys the system twice on one chain, once owned by the deployer's key and once handed over
   * to a timelock, each with tokens of its own; funds the actors and the reserves of both; takes
   * one snapshot that holds both (restoring a snapshot drops those taken after it); and builds
   * each deployment's model from the chain.
   */
  static async create(stats: Stats): Promise<Record<Ownership, Harness>> {
    const s = await loadFixture(deployFixture);
    const pristine = await takeSnapshot();
    const multisig = getAddress(s.wallets[MULTISIG_ACCOUNT].account.address);
    const owned = await deploy(devnetParams, { minDelay: MIN_BSC_DELAY, multisig });
    const multicall = await deployMulticall(s.address("owner"));
    await Harness.setUp(s);
    await Harness.setUp(owned);
    const snapshot = await takeSnapshot();
    const build = async (system: System, timelock?: TimelockRoles) => {
      const model = await Harness.modelFromChain(system, new BatchReader(multicall));
      let up: ActorName = "root";
      for (const n of DEEP_CHAIN) {
        const outcome = model.setInviter(actorAddress(system, n), actorAddress(system, up));
        if (!outcome.ok) throw new Error(`the model refused the setup bind of ${n}`);
        up = n;
      }
      const harness = new Harness(system, snapshot, pristine, model, multicall, stats, timelock);
      const view = await harness.readChain(0, true);
      harness.compareViews(view, harness.modelView(model, true), "initial state", []);
      expect(view.get("totalHashrate"), "an unseeded deployment").to.equal(0n);
      harness.initialView = view;
      return harness;
    };
    const timelock = owned.record.contracts.timelock;
    if (!timelock) throw new Error("the deployment handed over to a timelock names none");
    return {
      key: await build(s),
      timelock: await build(owned, { address: timelock, multisig, delay: MIN_BSC_DELAY }),
    };
  }

  /** Funds and approves the actors, binds the deep line, and fills the reserves. */
  private static async setUp(s: System): Promise<void> {
    const erc20 = s.tokens.usdt.abi as Abi;
    const send = (from: Address, to: Address, data: Hex) =>
      s.publicClient.request({ method: "eth_sendTransaction", params: [{ from, to, data }] } as never);
    for (const [i, n] of ACTORS.entries()) {
      const a = actorAddress(s, n);
      await s.fund(a, funding(i));
      for (const [t, spender] of [
        ["usdt", s.pool.address],
        ["dwn9", s.pool.address],
        ["dwn", s.staking.address],
        ["a8", s.staking.address],
      ] as const) {
        await send(
          a,
          s.tokens[t].address,
          encodeFunctionData({ abi: erc20, functionName: "approve", args: [spender, maxUint256] }),
        );
      }
    }
    // The deep line: alice under root, bob under alice, … 11 generations.
    let inviter: ActorName = "root";
    for (const n of DEEP_CHAIN) {
      const data = encodeFunctionData({
        abi: s.pool.abi as Abi,
        functionName: "setInviter",
        args: [actorAddress(s, inviter)],
      });
      await send(actorAddress(s, n), s.pool.address, data);
      inviter = n;
    }
    await s.mined(s.tokens.dwn.write.mint([s.pool.address, POOL_DWN_RESERVE]));
    await s.mined(s.tokens.udbk.write.mint([s.staking.address, STAKING_UDBK_RESERVE]));
  }

  /** Leaves the chain as the fixture left it, for the test files that run after this one. */
  async leave(): Promise<void> {
    await this.pristine.restore();
  }

  /** The model's starting state, read from the chain after the setup. */
  static async modelFromChain(s: System, reader: BatchReader): Promise<Model> {
    const accounts = Harness.accountList(s);
    const reads: Read[] = [];
    const erc20 = s.tokens.usdt.abi as Abi;
    for (const t of TOKENS) {
      reads.push(read(`supply.${t}`, s.tokens[t].address, erc20, "totalSupply", [], asUint));
      for (const [name, a] of accounts)
        reads.push(read(`${t}.${name}`, s.tokens[t].address, erc20, "balanceOf", [a], asUint));
    }
    const spenders: Record<Token, Address> = {
      usdt: s.pool.address,
      dwn9: s.pool.address,
      dwn: s.staking.address,
      a8: s.staking.address,
      udbk: s.staking.address,
    };
    for (const t of TOKENS) {
      for (const n of ACTORS) {
        reads.push(
          read(`allow.${t}.${n}`, s.tokens[t].address, erc20, "allowance", [actorAddress(s, n), spenders[t]], asUint),
        );
      }
    }
    const pool = s.pool.abi as Abi;
    reads.push(read("info", s.pool.address, pool, "info", []));
    reads.push(read("pool.maxGuaranteePercent", s.pool.address, pool, "maxGuaranteePercent", [], asUint));
    reads.push(...Harness.settingsReads(s));
    const v = await reader.run(reads);
    const get = (k: string) => v.get(k) as bigint;

    const balances = {} as ModelInit["balances"];
    const totalSupply = {} as ModelInit["totalSupply"];
    const allowances = {} as ModelInit["allowances"];
    for (const t of TOKENS) {
      totalSupply[t] = get(`supply.${t}`);
      balances[t] = new Map(accounts.map(([name, a]) => [a, get(`${t}.${name}`)]));
      allowances[t] = new Map(ACTORS.map((n) => [`${actorAddress(s, n)}→${spenders[t]}`, get(`allow.${t}.${n}`)]));
    }
    const makeup = v.get("pool.makeup") as [bigint, bigint];
    const terms = v.get("staking.stakeView") as {
      dwnAmount: bigint;
      a8Amount: bigint;
      cycle: bigint;
      gracePeriod: bigint;
    };
    return new Model({
      now: await latestTimestamp(),
      addresses: {
        owner: s.record.owner,
        minter: s.address("owner"),
        root: s.address("root"),
        treasury: s.address("treasury"),
        feeRecipient: s.address("feeRecipient"),
        pool: s.pool.address,
        staking: s.staking.address,
      },
      balances,
      totalSupply,
      allowances,
      tiers: (v.get("info") as Tier[]).map((t) => ({ ...t })),
      pool: {
        staticRewardPerSecond: get("pool.staticRewardPerSecond"),
        openBuyTime: get("pool.openBuyTime"),
        directPushRate: get("pool.directPushRate"),
        makeupPercent: makeup[0],
        maxMakeupCount: makeup[1],
        generationRates: v.get("pool.dynamicRates") as bigint[],
        openCapitalPool: v.get("pool.openCapitalPool") as boolean,
        dwnPriceUsdt: get("pool.dwnPriceUsdt"),
        paused: v.get("pool.paused") as boolean,
      },
      staking: {
        dwnAmount: terms.dwnAmount,
        a8Amount: terms.a8Amount,
        cycleDays: terms.cycle,
        gracePeriod: terms.gracePeriod,
        rewardPerUnitPerSecond: get("staking.rewardPerUnitPerSecond"),
        unstakeFeeRate: get("staking.unstakeFeeRate"),
        collectFeeRate: get("staking.collectFeeRate"),
        paused: v.get("staking.paused") as boolean,
      },
      maxGuaranteePercent: get("pool.maxGuaranteePercent"),
    });
  }

  /** Reads of the owner-set settings (checked after owner operations). */
  static settingsReads(s: System): Read[] {
    const pool = s.pool.abi as Abi;
    const staking = s.staking.abi as Abi;
    const p = s.pool.address;
    const k = s.staking.address;
    return [
      read("pool.staticRewardPerSecond", p, pool, "staticRewardPerSecond", [], asUint),
      read("pool.directPushRate", p, pool, "directPushRate", [], asUint),
      read("pool.dwnPriceUsdt", p, pool, "dwnPriceUsdt", [], asUint),
      read("pool.openBuyTime", p, pool, "openBuyTime", [], asUint),
      read("pool.openCapitalPool", p, pool, "openCapitalPool", [], asBool),
      read("pool.paused", p, pool, "paused", [], asBool),
      read("pool.makeup", p, pool, "makeup", []),
      read("pool.dynamicRates", p, pool, "dynamicRates", [], (data) =>
        (readDecoded(pool, "dynamicRates", data) as readonly number[]).map((r) => BigInt(r)),
      ),
      read("staking.stakeView", k, staking, "stakeView", []),
      read("staking.rewardPerUnitPerSecond", k, staking, "rewardPerUnitPerSecond", [], asUint),
      read("staking.unstakeFeeRate", k, staking, "unstakeFeeRate", [], asUint),
      read("staking.collectFeeRate", k, staking, "collectFeeRate", [], asUint),
      read("staking.paused", k, staking, "paused", [], asBool),
    ];
  }

  // ------------------------------------------------------------------------------------------
  // The observable state, from the chain and from the model
  // ------------------------------------------------------------------------------------------

  private readsCache = new Map<string, Read[]>();

  /** Everything compared after each step: balances, supplies, per-actor pool state, tiers, stakes. */
  private reads(stakeCount: number, settings: boolean): Read[] {
    const cacheKey = `${stakeCount}/${settings}`;
    const cached = this.readsCache.get(cacheKey);
    if (cached) return cached;
    const s = this.s;
    const erc20 = s.tokens.usdt.abi as Abi;
    const pool = s.pool.abi as Abi;
    const staking = s.staking.abi as Abi;
    const p = s.pool.address;
    const reads: Read[] = [];
    for (const t of TOKENS) {
      reads.push(read(`supply.${t}`, s.tokens[t].address, erc20, "totalSupply", [], asUint));
      for (const [name, a] of this.accounts) {
        reads.push(read(`${t}.${name}`, s.tokens[t].address, erc20, "balanceOf", [a], asUint));
      }
    }
    for (const n of ACTORS) {
      const a = actorAddress(s, n);
      reads.push(
        read(`${n}.hashrate`, p, pool, "userHashrate", [a], asUint),
        read(`${n}.staticProfit`, p, pool, "userStaticProfit", [a], asUint),
        read(`${n}.dynamicProfit`, p, pool, "userDynamicProfit", [a], asUint),
        read(`${n}.maxNFTPosition`, p, pool, "userMaxNFTPosition", [a], asUint),
        read(`${n}.buyNftCount`, p, pool, "userBuyNftCount", [a], asUint),
        read(`${n}.nftBalance`, p, pool, "balanceOf", [a], asUint),
        read(`${n}.inviter`, p, pool, "inviters", [a], asAddress),
        read(`${n}.validUser`, p, pool, "validUser", [a], asBool),
      );
    }
    reads.push(read("totalHashrate", p, pool, "totalHashrate", [], asUint));
    reads.push(
      read("info", p, pool, "info", [], (data) =>
        (readDecoded(pool, "info", data) as readonly Tier[]).map((t) => ({ ...t })),
      ),
    );
    const ids = Array.from({ length: stakeCount }, (_, i) => BigInt(i + 1));
    reads.push(read("stakeCount", s.staking.address, staking, "stakeCount", [], asUint));
    if (stakeCount > 0) {
      reads.push(
        read("pendingRewards", s.staking.address, staking, "getPendingRewards", [ids], (data) => [
          ...(readDecoded(staking, "getPendingRewards", data) as readonly bigint[]),
        ]),
      );
    }
    for (const id of ids) {
      reads.push(
        read(`stake.${id}.status`, s.staking.address, staking, "statusOf", [id], asUint),
        read(`stake.${id}.canRedeem`, s.staking.address, staking, "canRedeem", [id], asBool),
      );
    }
    if (settings) reads.push(...Harness.settingsReads(s));
    this.readsCache.set(cacheKey, reads);
    return reads;
  }

  async readChain(stakeCount: number, settings: boolean): Promise<View> {
    return this.reader.run(this.reads(stakeCount, settings), `${stakeCount}/${settings}`);
  }

  modelView(m: Model, settings: boolean): View {
    const v: View = new Map();
    for (const t of TOKENS) {
      v.set(`supply.${t}`, m.totalSupply(t));
      for (const [name, a] of this.accounts) v.set(`${t}.${name}`, m.balanceOf(t, a));
    }
    for (const n of ACTORS) {
      const a = actorAddress(this.s, n);
      v.set(`${n}.hashrate`, m.userHashrate(a));
      v.set(`${n}.staticProfit`, m.userStaticProfit(a));
      v.set(`${n}.dynamicProfit`, m.userDynamicProfit(a));
      v.set(`${n}.maxNFTPosition`, m.userMaxNFTPosition(a));
      v.set(`${n}.buyNftCount`, m.userBuyNftCount(a));
      v.set(`${n}.nftBalance`, m.userBuyNftCount(a));
      v.set(`${n}.inviter`, m.inviterOf(a));
      v.set(`${n}.validUser`, m.validUser(a));
    }
    v.set("totalHashrate", m.totalHashrate);
    v.set("info", m.info());
    const ids = Array.from({ length: m.stakeCount }, (_, i) => BigInt(i + 1));
    v.set("stakeCount", BigInt(m.stakeCount));
    if (ids.length > 0)
      v.set(
        "pendingRewards",
        ids.map((id) => m.pendingRewards(id)),
      );
    for (const id of ids) {
      v.set(`stake.${id}.status`, m.statusOf(id));
      v.set(`stake.${id}.canRedeem`, m.canRedeem(id));
    }
    if (settings) {
      const p = m.poolSettings;
      const k = m.stakingSettings;
      v.set("pool.staticRewardPerSecond", p.staticRewardPerSecond);
      v.set("pool.directPushRate", p.directPushRate);
      v.set("pool.dwnPriceUsdt", p.dwnPriceUsdt);
      v.set("pool.openBuyTime", p.openBuyTime);
      v.set("pool.openCapitalPool", p.openCapitalPool);
      v.set("pool.paused", p.paused);
      v.set("pool.makeup", [p.makeupPercent, p.maxMakeupCount]);
      v.set("pool.dynamicRates", [...p.generationRates]);
      v.set("staking.stakeView", {
        dwnAmount: k.dwnAmount,
        a8Amount: k.a8Amount,
        cycle: k.cycleDays,
        gracePeriod: k.gracePeriod,
      });
      v.set("staking.rewardPerUnitPerSecond", k.rewardPerUnitPerSecond);
      v.set("staking.unstakeFeeRate", k.unstakeFeeRate);
      v.set("staking.collectFeeRate", k.collectFeeRate);
      v.set("staking.paused", k.paused);
    }
    return v;
  }

  compareViews(chain: View, model: View, where: string, trace: readonly string[]): void {
    const diffs: string[] = [];
    for (const [key, expected] of model) {
      const actual = chain.get(key);
      if (canon(actual) !== canon(expected)) {
        diffs.push(`  ${key}: chain ${canon(actual)} model ${canon(expected)}`);
      }
    }
    if (diffs.length > 0) fail(`${where}: chain and model disagree\n${diffs.join("\n")}`, trace);
  }

  // ------------------------------------------------------------------------------------------
  // Running a sequence
  // ------------------------------------------------------------------------------------------

  async runSequence(ops: readonly Op[]): Promise<void> {
    await this.snapshot.restore();
    const model = this.initial.clone();
    const queue: Queue | undefined = this.timelock
      ? { model: new TimelockModel(this.timelock.delay), proposals: [] }
      : undefined;
    let prev = this.initialView;
    /** The last state read with the settings. */
    let settled = prev;
    const trace: string[] = [];
    /** DWN each user actually received from the pool's collects. */
    const poolReceived = new Map<Address, bigint>();
    /** UDBK each stake actually paid out (to its owner and as fees). */
    const stakeReceived = new Map<bigint, bigint>();
    const ind = new Independent(this.initial);
    this.oracles = new Oracles({
      pool: getAddress(this.s.pool.address),
      staking: getAddress(this.s.staking.address),
      poolAbi: this.s.pool.abi as Abi,
      stakingAbi: this.s.staking.abi as Abi,
      names: new Map([...this.names].map(([a, n]) => [getAddress(a), n])),
      maxGuaranteePercent: this.initial.maxGuaranteePercent,
    });

    for (const [i, op] of ops.entries()) {
      const steps = this.resolveAll(op, model, queue, i);
      for (const [j, step] of steps.entries()) {
        this.stats.steps++;
        let outcome: Outcome | undefined;
        if (step.type === "time") {
          ind.elapse(step.at - model.now);
          await mineAt(step.at);
          model.setTime(step.at);
          trace.push(`${step.label} → t=${step.at}`);
        } else {
          const at = model.now + step.dt;
          ind.elapse(step.dt);
          outcome = await sendAt(at, step.from, step.to, step.data);
          model.setTime(at);
          const expected = step.apply(model, step.from);
          trace.push(`${step.label} @${at}: chain ${describeOutcome(outcome)}`);
          const key = `${step.label.split("(")[0]}:${outcome.ok ? "ok" : outcome.error}`;
          this.stats.outcomes.set(key, (this.stats.outcomes.get(key) ?? 0) + 1);
          if (describeOutcome(outcome) !== describeOutcome(expected)) {
            fail(`outcome differs: chain ${describeOutcome(outcome)}, model ${describeOutcome(expected)}`, trace);
          }
        }
        const last = i === ops.length - 1 && j === steps.length - 1;
        if (!CHECK_EVERY_STEP && !last) continue;
        const settings = (step.type === "tx" && step.owner) || last;
        const cur = await this.readChain(model.stakeCount, settings);
        this.compareViews(cur, this.modelView(model, settings), "after the last step", trace);
        this.checkSupplies(cur, trace);
        if (queue && ((step.type === "tx" && step.queue) || last)) await this.compareQueue(queue, trace);
        if (step.type === "tx" && outcome && CHECK_EVERY_STEP) {
          await this.checkStep(step, outcome, prev, cur, model, trace, poolReceived, stakeReceived);
          await this.checkIndependent(ind, step, outcome, prev, cur, model.now, trace);
          if (outcome.ok && ORACLES) {
            const problems = this.oracles.check(await lastLogs(), prev, cur, settled, model.now);
            if (problems.length > 0) fail(`oracles:\n  ${problems.join("\n  ")}`, trace);
          }
          if (!outcome.ok && ORACLES && step.check?.kind === "guarantee") {
            const { users, amounts } = step.check;
            const problems = this.oracles.checkRefusal(users, amounts, outcome.error, outcome.args, prev, model.now);
            if (problems.length > 0) fail(`oracles:\n  ${problems.join("\n  ")}`, trace);
          }
          if (step.queue && !(step.queue === "execute" && outcome.ok)) this.checkUnchanged(settled, prev, cur, trace);
        }
        if (settings) {
          ind.settings(cur);
          settled = cur;
        }
        prev = cur;
      }
    }
    expect(await latestTimestamp(), "the model's clock").to.equal(model.now);
  }

  /** Every proposal's `getTimestamp` on the chain agrees with the model of the queue. */
  private async compareQueue(queue: Queue, trace: readonly string[]): Promise<void> {
    const timelock = this.timelock?.address;
    if (!timelock || queue.proposals.length === 0) return;
    const abi = timelockAbi as Abi;
    const key = (p: Proposal) => `timelock.${p.id}`;
    const chain = await this.reader.run(
      queue.proposals.map((p) => read(key(p), timelock, abi, "getTimestamp", [p.id], asUint)),
    );
    const model: View = new Map(queue.proposals.map((p) => [key(p), queue.model.timestamp(p.id)]));
    this.compareViews(chain, model, "the timelock's queue", trace);
  }

  /**
   * A timelock step that ran no owner call (a schedule, a cancel, or an execute that reverted)
   * left every setting and every tier as they were, observed on the chain alone.
   */
  private checkUnchanged(settled: View, prev: View, cur: View, trace: readonly string[]): void {
    const moved = this.settingsKeys.filter((k) => canon(cur.get(k)) !== canon(settled.get(k)));
    if (canon(cur.get("info")) !== canon(prev.get("info"))) moved.push("info");
    if (moved.length > 0) fail(`a timelock step that ran no call changed ${moved.join(", ")}`, trace);
  }

  /**
   * Invariants computed from observations only (balances, views, events and the clock), never
   * from the contracts' or the model's formulas:
   * - static income ever credited (collected + owed, guarantees aside) ≤ ∫ staticRewardPerSecond dt;
   * - the users' hashrates sum to totalHashrate;
   * - generation income credited in a step ≤ the rates' sum × the static income settled in it, and
   *   dynamic income collected + owed = generation + direct-push credits;
   * - Staking holds at least the unredeemed principals; each stake's UDBK paid + owed equals
   *   units × its snapshotted rate × the active seconds counted cycle by cycle.
   */
  private async checkIndependent(
    ind: Independent,
    step: Extract<Step, { type: "tx" }>,
    outcome: Outcome,
    prev: View,
    cur: View,
    now: bigint,
    trace: readonly string[],
  ): Promise<void> {
    const delta = (key: string) => (cur.get(key) as bigint) - (prev.get(key) as bigint);
    const c = step.check;
    if (outcome.ok && c) {
      if (c.kind === "buy" || (c.kind === "poolCollect" && c.which === "static")) {
        const pool = getAddress(this.s.pool.address);
        let stat = 0n;
        let gen = 0n;
        let push = 0n;
        for (const log of await lastLogs()) {
          if (getAddress(log.address) !== pool) continue;
          const e = decodeEventLog({ abi: this.s.pool.abi as Abi, data: log.data, topics: log.topics });
          if (e.eventName !== "IncomeCredited") continue;
          const { kind, amount } = e.args as unknown as { kind: number; amount: bigint };
          if (kind === 1) stat += amount;
          else if (kind === 2) gen += amount;
          else if (kind === 3) push += amount;
        }
        if (gen * 10_000n > stat * ind.rateSum) {
          fail(`generation income ${gen} > ${ind.rateSum} bp of the ${stat} static income settled`, trace);
        }
        ind.staticSettled += stat;
        ind.dynamicCredited += gen + push;
      }
      if (c.kind === "poolCollect") {
        if (c.which === "static") ind.staticCollected += delta(`dwn.${c.name}`);
        else ind.dynamicCollected += delta(`dwn.${c.name}`);
      } else if (c.kind === "guarantee") ind.guarantees += c.total;
      else if (c.kind === "stake") {
        ind.stakes.push({
          units: c.units,
          rate: ind.terms.rate,
          duration: ind.terms.cycleDays * DAY,
          grace: ind.terms.grace,
          start: now,
          principal: delta("dwn.staking"),
          redeemedAt: 0n,
          paid: 0n,
        });
      } else if (c.kind === "stakeCollect") {
        const st = ind.stakes[Number(c.id) - 1];
        st.paid += delta(`udbk.${c.name}`) + delta("udbk.feeRecipient");
      } else if (c.kind === "redeem") ind.stakes[Number(c.id) - 1].redeemedAt = now;
    }
    let staticOwed = 0n;
    let dynamicOwed = 0n;
    let hashrates = 0n;
    for (const n of ACTORS) {
      staticOwed += cur.get(`${n}.staticProfit`) as bigint;
      dynamicOwed += cur.get(`${n}.dynamicProfit`) as bigint;
      hashrates += cur.get(`${n}.hashrate`) as bigint;
    }
    if (hashrates !== cur.get("totalHashrate")) fail(`hashrates sum to ${hashrates} ≠ totalHashrate`, trace);
    const staticEver = ind.staticCollected + staticOwed - ind.guarantees;
    if (staticEver > ind.emitted) fail(`static income ${staticEver} > emission ${ind.emitted}`, trace);
    if (ind.staticSettled > ind.emitted) fail(`settled static ${ind.staticSettled} > emission ${ind.emitted}`, trace);
    if (ind.dynamicCollected + dynamicOwed !== ind.dynamicCredited) {
      fail(`dynamic collected + owed ${ind.dynamicCollected + dynamicOwed} ≠ credited ${ind.dynamicCredited}`, trace);
    }
    let principals = 0n;
    const pending = (cur.get("pendingRewards") as bigint[] | undefined) ?? [];
    for (const [i, st] of ind.stakes.entries()) {
      if (st.redeemedAt === 0n) principals += st.principal;
      const until = st.redeemedAt === 0n ? now : st.redeemedAt;
      const earned = st.units * st.rate * activeSeconds(st, until);
      if (st.paid + pending[i] !== earned) {
        fail(`stake ${i + 1}: paid ${st.paid} + owed ${pending[i]} ≠ units × rate × active = ${earned}`, trace);
      }
    }
    if ((cur.get("dwn.staking") as bigint) < principals) {
      fail(`Staking holds ${cur.get("dwn.staking")} DWN < unredeemed principals ${principals}`, trace);
    }
  }

  /** For each token, the total supply is held by the accounts the test knows. */
  private checkSupplies(cur: View, trace: readonly string[]): void {
    for (const t of TOKENS) {
      const sum = this.accounts.reduce((acc, [name]) => acc + (cur.get(`${t}.${name}`) as bigint), 0n);
      if (sum !== cur.get(`supply.${t}`))
        fail(`${t}: total supply ${cur.get(`supply.${t}`)} ≠ sum of balances ${sum}`, trace);
    }
  }

  private async checkStep(
    step: Extract<Step, { type: "tx" }>,
    outcome: Outcome,
    prev: View,
    cur: View,
    model: Model,
    trace: readonly string[],
    poolReceived: Map<Address, bigint>,
    stakeReceived: Map<bigint, bigint>,
  ): Promise<void> {
    const c = step.check;
    if (!c || c.kind === "stake" || c.kind === "buy" || c.kind === "guarantee") return;
    const delta = (key: string) => (cur.get(key) as bigint) - (prev.get(key) as bigint);

    if (!outcome.ok && outcome.error === "InsufficientReserve") {
      // The collect asked for exactly what is owed now, more than the reserve holds, and nothing
      // owed was lost.
      const [needed, available] = outcome.args as [bigint, bigint];
      const reserve = c.kind === "poolCollect" ? cur.get("dwn.pool") : cur.get("udbk.staking");
      let owed: unknown;
      if (c.kind === "poolCollect") owed = cur.get(`${c.name}.${c.which}Profit`);
      else owed = (cur.get("pendingRewards") as bigint[])[Number(c.id) - 1];
      if (!(needed > available) || available !== reserve || owed !== needed) {
        fail(`InsufficientReserve(${needed}, ${available}) but reserve ${reserve}, owed ${owed}`, trace);
      }
      if (c.kind === "poolCollect" && c.which === "dynamic" && prev.get(`${c.name}.dynamicProfit`) !== owed) {
        fail("a failed dynamic collect changed the amount owed", trace);
      }
      return;
    }
    if (!outcome.ok) return;

    if (c.kind === "poolCollect") {
      const got = delta(`dwn.${c.name}`);
      const total = (poolReceived.get(c.user) ?? 0n) + got;
      poolReceived.set(c.user, total);
      if (got <= 0n || total > model.poolCredited(c.user)) {
        fail(`${c.name} received ${total} DWN from the pool, credited only ${model.poolCredited(c.user)}`, trace);
      }
    } else if (c.kind === "stakeCollect") {
      const got = delta(`udbk.${c.name}`) + delta("udbk.feeRecipient");
      const total = (stakeReceived.get(c.id) ?? 0n) + got;
      stakeReceived.set(c.id, total);
      if (got <= 0n || total > model.accruedRewards(c.id)) {
        fail(`stake ${c.id} paid ${total} UDBK, accrued only ${model.accruedRewards(c.id)}`, trace);
      }
    } else {
      // A redeem succeeds only inside a redeem window: check it from the contract's own record.
      const staking = this.s.staking.abi as Abi;
      const info = (await this.reader.run([read("info", this.s.staking.address, staking, "stakeInfo", [c.id])])).get(
        "info",
      ) as { startTime: bigint; durationPerCycle: bigint; gracePeriod: bigint; dwnAmount: bigint };
      const period = info.durationPerCycle + info.gracePeriod + 3600n;
      const offset = (model.now - info.startTime) % period;
      if (offset < info.durationPerCycle || offset >= info.durationPerCycle + info.gracePeriod) {
        fail(`stake ${c.id} redeemed outside a window (offset ${offset} of ${period})`, trace);
      }
      const returned = delta(`dwn.${c.name}`) + delta("dwn.feeRecipient");
      if (returned !== info.dwnAmount)
        fail(`stake ${c.id} returned ${returned} DWN, principal ${info.dwnAmount}`, trace);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Resolving an operation against the state before the step
  // ------------------------------------------------------------------------------------------

  /**
   * The steps of one operation. A proposal is scheduled by the multisig, then (by its fate)
   * executed after the delay, cancelled and executed in vain, executed too early, or left queued;
   * `executeQueued` executes a queued proposal, waiting for it to be ready if need be. The salt,
   * the operation's index, keeps proposals of identical calls apart.
   */
  private resolveAll(op: Op, m: Model, queue: Queue | undefined, index: number): Step[] {
    if (op.kind !== "propose" && op.kind !== "executeQueued") return [this.resolve(op, m)];
    const tl = this.timelock;
    if (!tl || !queue) throw new Error(`${op.kind} in a sequence without a timelock`);
    if (op.kind === "executeQueued") {
      const pending = queue.proposals.filter((p) => queue.model.isPending(p.id));
      if (pending.length === 0) return [{ type: "time", label: "wait (nothing queued)", at: m.now + BigInt(op.dt) }];
      const p = pending[op.pick % pending.length];
      const ready = queue.model.timestamp(p.id);
      const at = m.now + BigInt(op.dt) > ready ? m.now + BigInt(op.dt) : ready;
      return [this.executeStep(p, at - m.now, op.executor, queue)];
    }
    const call = this.resolve(op.call, m, tl.delay);
    if (call.type !== "tx") throw new Error(`${op.call.kind} resolved to no call`);
    const salt = toHex(index, { size: 32 });
    const p: Proposal = { id: operationId(call.to, call.data, salt), salt, call };
    queue.proposals.push(p);
    const timelock = (functionName: string, args: readonly unknown[]) =>
      encodeFunctionData({ abi: timelockAbi as Abi, functionName, args });
    const schedule: TxStep = {
      type: "tx",
      label: `schedule ${call.label}`,
      dt: call.dt,
      from: tl.multisig,
      to: tl.address,
      data: timelock("schedule", [call.to, 0n, call.data, zeroHash, salt, tl.delay]),
      apply: (mm) => queue.model.schedule(p.id, tl.delay, mm.now),
      owner: true,
      queue: "schedule",
    };
    const offset = BigInt(op.offset);
    switch (op.fate) {
      case "execute":
        return [schedule, this.executeStep(p, tl.delay + offset, op.executor, queue)];
      case "queue":
        return [schedule];
      case "early":
        return [schedule, this.executeStep(p, tl.delay - 1n - offset, op.executor, queue)];
      case "cancel": {
        const cancel: TxStep = {
          type: "tx",
          label: `cancel ${call.label}`,
          dt: offset + 1n,
          from: tl.multisig,
          to: tl.address,
          data: timelock("cancel", [p.id]),
          apply: () => queue.model.cancel(p.id),
          owner: true,
          queue: "cancel",
        };
        return [schedule, cancel, this.executeStep(p, tl.delay, op.executor, queue)];
      }
    }
  }

  /** `execute` of a proposal by actor `executor`, `dt` seconds after the previous block. */
  private executeStep(p: Proposal, dt: bigint, executor: number, queue: Queue): TxStep {
    const tl = this.timelock;
    if (!tl) throw new Error("execute in a sequence without a timelock");
    return {
      type: "tx",
      label: `execute ${p.call.label} by ${ACTORS[executor]}`,
      dt,
      from: actorAddress(this.s, ACTORS[executor]),
      to: tl.address,
      data: encodeFunctionData({
        abi: timelockAbi as Abi,
        functionName: "execute",
        args: [p.call.to, 0n, p.call.data, zeroHash, p.salt],
      }),
      // The call runs with the timelock as its sender, against the state at execution.
      apply: (mm) => queue.model.execute(p.id, mm.now, () => p.call.apply(mm, tl.address)),
      owner: true,
      check: p.call.check,
      queue: "execute",
    };
  }

  /**
   * One operation sent directly. With `delay` (a proposal), an owner call is named as the
   * timelock's, and times in it are relative to its earliest execution.
   */
  private resolve(op: DirectOp, m: Model, delay?: bigint): Step {
    const s = this.s;
    const actor = (i: number) => actorAddress(s, ACTORS[i]);
    // The deployer's key: the owner, or, where a timelock owns the contracts, a key that owns nothing.
    const owner = s.address("owner");
    const callerOf = (i: number) => (i === OWNER ? owner : actor(i));
    const ownerName = delay !== undefined ? "timelock" : this.timelock ? "deployer" : "owner";
    const callerName = (i: number) => (i === OWNER ? ownerName : ACTORS[i]);
    const pool = (functionName: string, args: readonly unknown[] = []) =>
      encodeFunctionData({ abi: s.pool.abi as Abi, functionName, args });
    const staking = (functionName: string, args: readonly unknown[] = []) =>
      encodeFunctionData({ abi: s.staking.abi as Abi, functionName, args });
    const tx = (
      label: string,
      dt: number | bigint,
      from: Address,
      to: Address,
      data: Hex,
      apply: (m: Model, from: Address) => Outcome,
      owner = false,
      check?: Check,
    ): Step => ({ type: "tx", label, dt: BigInt(dt), from, to, data, apply, owner, check });
    const P = s.pool.address;
    const K = s.staking.address;

    switch (op.kind) {
      case "setInviter": {
        const userIndex = op.steer
          ? among(
              op.user,
              ACTORS.map((_, i) => i).filter((i) => !m.validUser(actor(i))),
            )
          : op.user;
        const inviterIndex = op.steer
          ? among(
              op.inviter,
              ACTORS.map((_, i) => i).filter((i) => m.validUser(actor(i))),
            )
          : op.inviter;
        const inviter = actor(inviterIndex);
        return tx(
          `setInviter(${ACTORS[userIndex]} → ${ACTORS[inviterIndex]})`,
          op.dt,
          actor(userIndex),
          P,
          pool("setInviter", [inviter]),
          (mm, from) => mm.setInviter(from, inviter),
        );
      }
      case "buy": {
        // Steered: a bound user, every other time one whose inviter holds an NFT (so that the
        // purchase pays a direct push and its static income reaches ancestors that qualify).
        // An episode's buy goes to a member who can pay for the tier.
        const members = ACTORS.map((_, j) => j).filter((j) => m.validUser(actor(j)));
        const paying = members.filter((j) => m.userBuyNftCount(m.inviterOf(actor(j))) > 0n);
        const t = op.tier >= 1n && op.tier <= 5n ? m.info()[Number(op.tier) - 1] : undefined;
        const afford = members.filter(
          (j) =>
            t !== undefined &&
            m.balanceOf("usdt", actor(j)) >= t.usdtprice &&
            m.balanceOf("dwn9", actor(j)) >= t.dwn8price,
        );
        const i = !op.steer
          ? op.user
          : op.afford && afford.length > 0
            ? among(op.user, afford)
            : among(op.user, op.user % 2 === 0 && paying.length > 0 ? paying : members);
        if (op.quote === "none") {
          return tx(
            `buy(${ACTORS[i]}, tier ${op.tier})`,
            op.dt,
            actor(i),
            P,
            pool("buy", [op.tier]),
            (mm, from) => mm.buy(from, op.tier),
            false,
            { kind: "buy" },
          );
        }
        // The quote as a user saw it before the step; "moved" asks one unit more hashrate than quoted.
        const q = op.tier >= 1n && op.tier <= 5n ? m.buyQuote(op.tier) : undefined;
        const bound = {
          maxUsdt: q?.payusdt ?? 0n,
          maxDwn8: q?.paydwn8 ?? 0n,
          minHashrate: (q ? q.hashrate + q.makeupHashrate : 0n) + (op.quote === "moved" ? 1n : 0n),
        };
        const args = [op.tier, bound.maxUsdt, bound.maxDwn8, bound.minHashrate] as const;
        return tx(
          `buy(${ACTORS[i]}, ${args.join(", ")})`,
          op.dt,
          actor(i),
          P,
          pool("buy", args),
          (mm, from) => mm.buy(from, op.tier, bound),
          false,
          { kind: "buy" },
        );
      }
      case "collectStatic":
      case "collectDynamic": {
        const which = op.kind === "collectStatic" ? "static" : "dynamic";
        const owed = (j: number) =>
          which === "static" ? m.userStaticProfit(actor(j)) > 0n : m.userDynamicProfit(actor(j)) > 0n;
        const i = op.steer ? among(op.user, ACTORS.map((_, j) => j).filter(owed)) : op.user;
        const user = actor(i);
        return tx(
          `${op.kind}Profit(${ACTORS[i]})`,
          op.dt,
          user,
          P,
          pool(which === "static" ? "collectStaticProfit" : "collectDynamicProfit"),
          (mm, from) => (which === "static" ? mm.collectStaticProfit(from) : mm.collectDynamicProfit(from)),
          false,
          { kind: "poolCollect", user, name: ACTORS[i], which },
        );
      }
      case "stake": {
        if (op.quote === "none") {
          return tx(
            `stake(${ACTORS[op.user]}, ${op.units} units)`,
            op.dt,
            actor(op.user),
            K,
            staking("stake", [op.units]),
            (mm, from) => mm.stakeUnits(from, op.units),
            false,
            { kind: "stake", units: op.units },
          );
        }
        const k = m.stakingSettings;
        const bound = {
          maxDwn: op.units * k.dwnAmount,
          maxA8: op.units * k.a8Amount,
          cycleDays: k.cycleDays,
          minRate: k.rewardPerUnitPerSecond + (op.quote === "moved" ? 1n : 0n),
          maxUnstakeFeeRate: k.unstakeFeeRate,
          maxCollectFeeRate: k.collectFeeRate,
          minGracePeriod: k.gracePeriod,
        };
        const args = [
          op.units,
          bound.maxDwn,
          bound.maxA8,
          bound.cycleDays,
          bound.minRate,
          bound.maxUnstakeFeeRate,
          bound.maxCollectFeeRate,
          bound.minGracePeriod,
        ] as const;
        return tx(
          `stake(${ACTORS[op.user]}, ${args.join(", ")})`,
          op.dt,
          actor(op.user),
          K,
          staking("stake", args),
          (mm, from) => mm.stakeUnits(from, op.units, bound),
          false,
          { kind: "stake", units: op.units },
        );
      }
      case "collect":
      case "redeem": {
        // Steered (`asOwner`): the stake's owner acts, on a stake where the call can succeed at
        // the transaction's time if there is one. A timed call is sent exactly at a redeem-window
        // boundary of a running stake.
        const ids = Array.from({ length: m.stakeCount }, (_, i) => BigInt(i + 1));
        const running = ids.filter((i) => m.stake(i)?.redeemedAt === 0n);
        let at = m.now + BigInt(op.dt);
        let id: bigint;
        if (op.timing !== "dt" && op.asOwner && !op.stake.unknown && running.length > 0) {
          id = running[op.stake.index % running.length];
          at = nextWindowBoundary(m.stake(id) as Stake, op.timing, m.now);
        } else {
          const hopeful = ids.filter((i) => {
            const st = m.stake(i);
            if (!st) return false;
            if (op.kind === "redeem") return st.redeemedAt === 0n && Model.inWindow(st, at);
            return st.rewardPerUnitPerSecond > 0n && (st.redeemedAt === 0n || st.lastCollectTime < st.redeemedAt);
          });
          id =
            op.asOwner && !op.stake.unknown && hopeful.length > 0
              ? hopeful[op.stake.index % hopeful.length]
              : pickStake(op.stake, m);
        }
        const stakeOwner = m.stake(id)?.user;
        const name =
          op.asOwner && stakeOwner !== undefined ? (this.names.get(stakeOwner) as ActorName) : ACTORS[op.user];
        const user = actorAddress(s, name);
        const check: Check =
          op.kind === "collect" ? { kind: "stakeCollect", user, name, id } : { kind: "redeem", user, name, id };
        return tx(
          `${op.kind}(${name}, stake ${id}${op.timing === "dt" ? "" : `, at ${op.timing}`})`,
          at - m.now,
          user,
          K,
          staking(op.kind, [id]),
          (mm, from) => (op.kind === "collect" ? mm.collect(from, id) : mm.redeem(from, id)),
          false,
          check,
        );
      }
      case "wait":
        return { type: "time", label: `wait ${op.seconds}s`, at: m.now + BigInt(op.seconds) };
      case "jump": {
        if (m.stakeCount === 0) return { type: "time", label: "wait 1h (no stake to jump to)", at: m.now + 3600n };
        const ids = Array.from({ length: m.stakeCount }, (_, i) => BigInt(i + 1));
        const running = ids.filter((i) => m.stake(i)?.redeemedAt === 0n);
        const choice = running.length > 0 ? running : ids;
        const st = m.stake(choice[op.stake % choice.length]);
        if (!st) throw new Error("unreachable");
        const period = Model.period(st);
        const duration = st.cycleDays * DAY;
        const base = st.startTime + ((m.now - st.startTime) / period + BigInt(op.skip)) * period;
        const point = { cycleEnd: duration, windowEnd: duration + st.gracePeriod, nextCycle: period }[op.point];
        let at = base + point + BigInt(op.delta);
        while (at <= m.now) at += period;
        return { type: "time", label: `jump to stake ${st.id} ${op.point}${op.delta >= 0 ? "+" : ""}${op.delta}`, at };
      }
      case "topUp": {
        const to = op.token === "dwn" ? P : K;
        const token = s.tokens[op.token];
        return tx(
          `topUp(${op.token}, ${op.amount})`,
          op.dt,
          owner,
          token.address,
          encodeFunctionData({ abi: token.abi as Abi, functionName: "mint", args: [to, op.amount] }),
          (mm, from) => mm.mint(from, op.token, to, op.amount),
        );
      }
      case "setTier": {
        const tier = op.tier >= 1n && op.tier <= 5n ? m.info()[Number(op.tier) - 1] : undefined;
        const sold = tier?.sold ?? 0n;
        const supply = {
          sold,
          soldPlus1: sold + 1n,
          soldMinus1: sold > 0n ? sold - 1n : 0n,
          keep: tier?.supply ?? 10n,
          tooBig: 1_000_000n,
        }[op.supply];
        const usdt = op.usdtprice === "keep" ? (tier?.usdtprice ?? 0n) : op.usdtprice;
        const dwn8 = op.dwn8price === "keep" ? (tier?.dwn8price ?? 0n) : op.dwn8price;
        const args = [op.tier, supply, usdt, dwn8, op.multiple, op.limit] as const;
        return tx(
          `setTier(${callerName(op.caller)}: ${args.join(", ")})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool("setTier", args),
          (mm, from) => mm.setTier(from, ...args),
          true,
        );
      }
      case "setStaticRewardPerSecond":
        return tx(
          `setStaticRewardPerSecond(${callerName(op.caller)}: ${op.rate})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [op.rate]),
          (mm, from) => mm.setStaticRewardPerSecond(from, op.rate),
          true,
        );
      case "setDynamicRates":
        return tx(
          `setDynamicRates(${callerName(op.caller)}: [${op.rates.join(",")}])`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [op.rates.map((r) => Number(r))]),
          (mm, from) => mm.setDynamicRates(from, op.rates),
          true,
        );
      case "setDirectPushRate":
        return tx(
          `setDirectPushRate(${callerName(op.caller)}: ${op.rate})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [op.rate]),
          (mm, from) => mm.setDirectPushRate(from, op.rate),
          true,
        );
      case "setDwnPrice": {
        const current = m.poolSettings.dwnPriceUsdt;
        const p = op.price;
        const price = "absolute" in p ? p.absolute : (current * p.num + p.den - 1n) / p.den + p.plus;
        return tx(
          `setDwnPrice(${callerName(op.caller)}: ${price})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [price]),
          (mm, from) => mm.setDwnPrice(from, price),
          true,
        );
      }
      case "setMakeup":
        return tx(
          `setMakeup(${callerName(op.caller)}: ${op.percent}, ${op.count})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [op.percent, op.count]),
          (mm, from) => mm.setMakeup(from, op.percent, op.count),
          true,
        );
      case "setOpenBuyTime": {
        // Relative to the transaction's own timestamp (a proposal's earliest execution), so
        // "now + 1 hour" really is in the future.
        const at = m.now + BigInt(op.dt) + (delay ?? 0n);
        const time = op.relative === "zero" ? 0n : at + op.relative;
        return tx(
          `setOpenBuyTime(${callerName(op.caller)}: ${time})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [time]),
          (mm, from) => mm.setOpenBuyTime(from, time),
          true,
        );
      }
      case "setOpenCapitalPool":
        return tx(
          `setOpenCapitalPool(${callerName(op.caller)}: ${op.open})`,
          op.dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [op.open]),
          (mm, from) => mm.setOpenCapitalPool(from, op.open),
          true,
        );
      case "creditGuarantee": {
        let users = op.users.map((i) => (i < 0 ? zeroAddress : actor(i)));
        let names = op.users.map((i) => (i < 0 ? "0x0" : ACTORS[i]));
        let amounts = op.amounts;
        let dt = BigInt(op.dt);
        const holders = ACTORS.map((_, j) => j).filter((j) => m.userBuyNftCount(actor(j)) > 0n);
        if (op.edge !== "none" && holders.length > 0) {
          // Steered by the oracles' own cap and budget (the budget's upper estimate: the views'
          // owed income is at most what the contract counts), from the holder picked on.
          // Now and then at the 30-day mark of the oldest credit in the window, to test its bound.
          const mark = delay === undefined && op.expiry !== null ? this.oracles.windowEnd(m.now) : undefined;
          if (mark !== undefined && mark + BigInt(op.expiry ?? 0) > m.now) dt = mark + BigInt(op.expiry ?? 0) - m.now;
          const at = m.now + dt + (delay ?? 0n);
          let owed = 0n;
          for (const j of ACTORS.keys()) owed += m.userStaticProfit(actor(j)) + m.userDynamicProfit(actor(j));
          const budget = this.oracles.budgetRoom(m.balanceOf("dwn", P), owed, at);
          const lastBuyer = this.oracles.lastBuyer;
          const latest = op.last ? holders.find((j) => actor(j) === lastBuyer) : undefined;
          const first = latest ?? among(Math.max(op.users[0] ?? 0, 0), holders);
          const order = [first, ...holders.filter((j) => j !== first)];
          const room = (j: number) => this.oracles.guaranteeRoom(actor(j));
          const picked: number[] = [];
          amounts = [];
          if (op.edge === "over") {
            picked.push(first);
            amounts.push(room(first) + 1n);
          } else {
            // `fill` takes half the budget left (so it passes however the owed income rounds),
            // `budget` one wei more than the whole: both spread over holders with cap room.
            let want = op.edge === "fill" ? budget / 2n : budget + 1n;
            for (const j of order) {
              const take = room(j) < want ? room(j) : want;
              if (take === 0n) continue;
              picked.push(j);
              amounts.push(take);
              want -= take;
              if (want === 0n) break;
            }
            if (picked.length === 0) {
              picked.push(first);
              amounts.push(0n);
            }
          }
          users = picked.map((j) => actor(j));
          names = picked.map((j) => ACTORS[j]);
        }
        return tx(
          `creditGuarantee(${callerName(op.caller)}: [${names.join(",")}], [${amounts.join(",")}])`,
          dt,
          callerOf(op.caller),
          P,
          pool(op.kind, [users, amounts]),
          (mm, from) => mm.creditGuarantee(from, users, amounts),
          true,
          { kind: "guarantee", total: amounts.reduce((a, b) => a + b, 0n), users, amounts },
        );
      }
      case "setFeeRates":
        return tx(
          `setFeeRates(${callerName(op.caller)}: ${op.unstake}, ${op.collect})`,
          op.dt,
          callerOf(op.caller),
          K,
          staking(op.kind, [op.unstake, op.collect]),
          (mm, from) => mm.setFeeRates(from, op.unstake, op.collect),
          true,
        );
      case "setStakeTerms": {
        const args = [op.dwnAmount, op.a8Amount, op.cycleDays, op.gracePeriod, op.rate] as const;
        return tx(
          `setStakeTerms(${callerName(op.caller)}: ${args.join(", ")})`,
          op.dt,
          callerOf(op.caller),
          K,
          staking(op.kind, args),
          (mm, from) => mm.setStakeTerms(from, ...args),
          true,
        );
      }
      case "pause": {
        const fn = op.paused ? "pause" : "unpause";
        const target = op.target === "pool" ? P : K;
        const data = op.target === "pool" ? pool(fn) : staking(fn);
        return tx(
          `${op.target}.${fn}(${callerName(op.caller)})`,
          op.dt,
          callerOf(op.caller),
          target,
          data,
          (mm, from) =>
            op.target === "pool" ? mm.setPoolPaused(from, op.paused) : mm.setStakingPaused(from, op.paused),
          true,
        );
      }
    }
  }
}

/** What the independent invariants keep between steps, from observations only. */
class Independent {
  /** ∫ staticRewardPerSecond dt since the sequence started: an upper bound on static income. */
  emitted = 0n;
  rps: bigint;
  rateSum: bigint;
  terms: { rate: bigint; cycleDays: bigint; grace: bigint };
  staticCollected = 0n;
  staticSettled = 0n;
  guarantees = 0n;
  dynamicCollected = 0n;
  dynamicCredited = 0n;
  stakes: {
    units: bigint;
    rate: bigint;
    duration: bigint;
    grace: bigint;
    start: bigint;
    principal: bigint;
    redeemedAt: bigint;
    paid: bigint;
  }[] = [];

  constructor(initial: Model) {
    const p = initial.poolSettings;
    const k = initial.stakingSettings;
    this.rps = p.staticRewardPerSecond;
    this.rateSum = p.generationRates.reduce((a, b) => a + b, 0n);
    this.terms = { rate: k.rewardPerUnitPerSecond, cycleDays: k.cycleDays, grace: k.gracePeriod };
  }

  elapse(seconds: bigint): void {
    this.emitted += this.rps * seconds;
  }

  /** Takes the settings from a chain read (after an owner operation). */
  settings(v: View): void {
    this.rps = v.get("pool.staticRewardPerSecond") as bigint;
    this.rateSum = (v.get("pool.dynamicRates") as bigint[]).reduce((a, b) => a + b, 0n);
    const t = v.get("staking.stakeView") as { cycle: bigint; gracePeriod: bigint };
    this.terms = { rate: v.get("staking.rewardPerUnitPerSecond") as bigint, cycleDays: t.cycle, grace: t.gracePeriod };
  }
}

/**
 * Seconds of cycle time from a stake's start to `until`, walking its cycles one by one: each
 * lasts `duration`, then the redeem window `grace` and one hour pass before the next starts.
 */
function activeSeconds(st: { start: bigint; duration: bigint; grace: bigint }, until: bigint): bigint {
  let active = 0n;
  for (let t = st.start; t < until; t += st.duration + st.grace + 3600n) {
    active += (t + st.duration < until ? t + st.duration : until) - t;
  }
  return active;
}

/** The `pick`-th of `candidates` (cyclically), or `pick` itself when there is none. */
function among(pick: number, candidates: readonly number[]): number {
  return candidates.length === 0 ? pick : candidates[pick % candidates.length];
}

/**
 * The first time after `now` at a boundary of one of the stake's redeem windows: its opening, its
 * last second, or the first second after it.
 */
function nextWindowBoundary(st: Stake, timing: Exclude<Timing, "dt">, now: bigint): bigint {
  const period = Model.period(st);
  const offset =
    st.cycleDays * DAY +
    { windowOpen: 0n, windowLastSecond: st.gracePeriod - 1n, windowClosed: st.gracePeriod }[timing];
  const first = st.startTime + offset;
  let k = now >= first ? (now - first) / period : 0n;
  while (first + k * period <= now) k++;
  return first + k * period;
}

/** The stake id a pick names: one of the existing stakes, or the first id not yet used. */
function pickStake(pick: StakePick, m: Model): bigint {
  const n = m.stakeCount;
  if (n === 0 || pick.unknown) return BigInt(n + 1);
  return BigInt((pick.index % n) + 1);
}

function readDecoded(abi: Abi, functionName: string, data: Hex): unknown {
  return decodeFunctionResult({ abi, functionName, data });
}

function fail(message: string, trace: readonly string[]): never {
  throw new Error(`${message}\nsteps:\n${trace.map((t, i) => `  ${i + 1}. ${t}`).join("\n")}`);
}
