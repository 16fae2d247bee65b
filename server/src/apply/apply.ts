import { poolAbi, stakingAbi, timelockAbi } from "@dwn/contracts";
import { parseEventLogs, type Log } from "viem";
import type { Db, Sql } from "../store/db";
import {
  incomeCollections,
  incomes,
  members,
  nfts,
  ownerChangeEnds,
  ownerChanges,
  stakeClaims,
  stakeRedemptions,
  stakes,
  teamFigures,
} from "../store/tables";
import { insertRows, unnest, type Row } from "./rows";
import { LEGS_FROM, TeamDeltas } from "./team";
import { undoAfter, type Undone } from "./undo";
import { ReferralTree } from "./tree";

/** The timelock's events about its queue: a call scheduled, executed, or an operation cancelled. */
const TIMELOCK_EVENTS = new Set(["CallScheduled", "CallExecuted", "Cancelled"]);
const timelockQueueAbi = timelockAbi.filter(
  (
    item,
  ): item is Extract<
    (typeof timelockAbi)[number],
    { type: "event"; name: "CallScheduled" | "CallExecuted" | "Cancelled" }
  > => item.type === "event" && TIMELOCK_EVENTS.has(item.name),
);

/**
 * The events the store is built from (DESIGN.md §3 lists them), decoded with the generated ABIs:
 * the pool's, the staking's, and the queue of the timelock that owns them (where there is one).
 */
export const indexedAbi = [...poolAbi, ...stakingAbi, ...timelockQueueAbi];

export type ChainLog = Log<bigint, number, false>;

export function decodeLogs(logs: ChainLog[]) {
  return parseEventLogs({ abi: indexedAbi, logs, strict: true });
}
export type Decoded = ReturnType<typeof decodeLogs>[number];

const lower = (address: string) => address.toLowerCase();

/** A decoded log with the timestamp of its block. */
export interface TimedLog {
  log: Decoded;
  time: bigint;
}

/**
 * The apply stage of the one writing indexer: applies each batch of logs in one transaction,
 * together with the caller's own writes (the checkpoint), and keeps the referral tree in memory
 * between batches (see ReferralTree). The memory is loaded from the database for the first batch
 * and again after any batch that fails, since a rolled-back batch may have left changes in it
 * that the database does not hold. Once the batches applied since the tree's last snapshot
 * outnumber {@link snapshotEvery}, a batch writes a new one in its transaction.
 */
export function createApplier(db: Db, options: { snapshotEvery?: (members: number) => number } = {}) {
  const every = options.snapshotEvery ?? snapshotEvery;
  let tree: ReferralTree | undefined;
  /** Binds and purchases applied since the snapshot the tree was loaded from or last wrote. */
  let sinceSnapshot = 0;
  const load = async () => {
    if (!tree) ({ tree, behind: sinceSnapshot } = await ReferralTree.load(db));
    return tree;
  };
  return {
    /** Applies `logs` (in chain order) and runs `also` in the same transaction; returns how many logs were new. */
    async apply(logs: readonly TimedLog[], also?: (tx: Sql) => Promise<unknown>): Promise<number> {
      const shape = await load();
      try {
        const { applied, snapshot } = await db.transaction(async (tx) => {
          const applied = await applyLogs(tx, shape, logs);
          await also?.(tx);
          const snapshot = applied > 0 && sinceSnapshot + applied >= every(shape.size);
          if (snapshot) await shape.snapshot(tx);
          return { applied, snapshot };
        });
        sinceSnapshot = snapshot ? 0 : sinceSnapshot + applied;
        return applied;
      } catch (error) {
        tree = undefined;
        throw error;
      }
    },
    /**
     * Takes back everything the blocks after `block` wrote (all of it when `block` is null, for
     * a chain that shares no kept block with the store), with the caller's own writes in the
     * same transaction; the memory follows, or is read back if the transaction fails. A snapshot
     * of the tree from after `block` goes with the rest.
     */
    async rollBack(block: number | null, also?: (tx: Sql) => Promise<unknown>): Promise<Undone> {
      const shape = await load();
      try {
        return await db.transaction(async (tx) => {
          const undone = await undoAfter(tx, shape, block);
          await also?.(tx);
          return undone;
        });
      } catch (error) {
        tree = undefined;
        throw error;
      } finally {
        // Emptied by a full rollback: read back (empty) rather than kept.
        if (block === null) tree = undefined;
        // The snapshot may have gone with the blocks: the next batch writes one.
        sinceSnapshot = Infinity;
      }
    },
    /** Drops the memory, to be read back for the next batch: for when another writer may have gone on. */
    forget(): void {
      tree = undefined;
    },
  };
}

/**
 * How many logs may be applied after the tree's last snapshot before a batch writes another: as
 * many as the tree has members (writing one costs about as much as applying that many logs'
 * worth of rows), and at least 10,000. A start replays at most that many from the rows.
 */
export const snapshotEvery = (members: number) => Math.max(10_000, members);

/**
 * Applies logs (in chain order) to the store inside a transaction, with a fixed
 * number of statements per batch whatever its size. A log already applied (same block and log
 * index: a log's index is its place in its block) changes nothing, so a batch may be applied
 * twice. Returns how many logs were new.
 *
 * Order inside a batch does not matter beyond "binds before purchases": a member's path to the
 * root is fixed when it binds, and every team figure is a sum (or the maximum of sums that only
 * grow), so the batch's deltas can be added up first and written once.
 */
async function applyLogs(tx: Sql, tree: ReferralTree, logs: readonly TimedLog[]): Promise<number> {
  if (logs.length === 0) return 0;
  // A batch's rows are few next to the tables it writes: each is looked up by its key. Left to
  // itself, the planner that sees a few thousand rows coming hashes the whole members table.
  await tx.query("SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)");
  // With the logs, the hash of each block they came from (how a reorg that replaces one is
  // found), in the same statement.
  const applied = unnest(
    "tx_hash text, log_index integer, block_number bigint, block_hash text",
    logs.map(({ log }) => ({
      tx_hash: log.transactionHash,
      log_index: log.logIndex,
      block_number: log.blockNumber.toString(),
      block_hash: log.blockHash,
    })),
  );
  const fresh = await tx.query<{ block_number: string; log_index: number }>(
    `WITH x AS (SELECT * FROM ${applied.from}),
     kept AS (INSERT INTO block_hashes (block_number, hash) SELECT DISTINCT block_number, block_hash FROM x
       ON CONFLICT (block_number) DO UPDATE SET hash = EXCLUDED.hash)
     INSERT INTO applied_logs (tx_hash, log_index, block_number) SELECT tx_hash, log_index, block_number FROM x
     ON CONFLICT DO NOTHING RETURNING block_number, log_index`,
    applied.params,
  );
  let todo = logs;
  if (fresh.length < logs.length) {
    const isFresh = new Set(fresh.map((r) => `${r.block_number}:${Number(r.log_index)}`));
    todo = logs.filter(({ log }) => isFresh.has(`${log.blockNumber}:${log.logIndex}`));
  }

  const binds: { user: string; inviter: string; time: bigint; block: bigint }[] = [];
  const purchases: { user: string; amount: bigint; block: bigint }[] = [];
  const rows = {
    nfts: [] as Row[],
    incomes: [] as Row[],
    collections: [] as Row[],
    stakes: [] as Row[],
    claims: [] as Row[],
    redemptions: [] as Row[],
    scheduled: [] as Row[],
    /** Executions and cancellations: each ends the calls of its operation scheduled before it. */
    ended: [] as Row[],
  };
  for (const { log, time } of todo) {
    const at = {
      tx_hash: log.transactionHash,
      log_index: log.logIndex,
      timestamp: time.toString(),
      block_number: log.blockNumber.toString(),
    };
    switch (log.eventName) {
      case "InviterBound":
        binds.push({ user: lower(log.args.user), inviter: lower(log.args.inviter), time, block: log.blockNumber });
        break;
      case "NftPurchased": {
        const a = log.args;
        rows.nfts.push({
          token_id: a.tokenId.toString(),
          owner: lower(a.user),
          tier: Number(a.tierId),
          hashrate: a.hashrate.toString(),
          makeup_hashrate: a.makeupHashrate.toString(),
          usdtprice: a.payusdt.toString(),
          dwn8price: a.paydwn8.toString(),
          create_time: at.timestamp,
          block_number: at.block_number,
          tx_hash: at.tx_hash,
        });
        purchases.push({ user: lower(a.user), amount: a.hashrate + a.makeupHashrate, block: log.blockNumber });
        break;
      }
      case "IncomeCredited":
        rows.incomes.push({
          ...at,
          address: lower(log.args.user),
          from_address: lower(log.args.from),
          kind: log.args.kind,
          amount: log.args.amount.toString(),
        });
        break;
      case "StaticProfitCollected":
      case "DynamicProfitCollected":
        rows.collections.push({
          ...at,
          address: lower(log.args.user),
          kind: log.eventName === "StaticProfitCollected" ? 1 : 2,
          amount: log.args.amount.toString(),
        });
        break;
      case "Staked": {
        const a = log.args;
        rows.stakes.push({
          id: a.id.toString(),
          address: lower(a.user),
          units: a.units.toString(),
          principal: a.dwnAmount.toString(),
          a8_amount: a.a8Amount.toString(),
          start_time: a.startTime.toString(),
          duration: (a.endTime - a.startTime).toString(),
          grace_period: a.gracePeriod.toString(),
          reward_per_unit_per_second: a.rewardPerUnitPerSecond.toString(),
          block_number: at.block_number,
          tx_hash: at.tx_hash,
        });
        break;
      }
      case "RewardCollected":
        rows.claims.push({
          ...at,
          stake_id: log.args.id.toString(),
          address: lower(log.args.user),
          amount: log.args.amount.toString(),
          fee: log.args.fee.toString(),
        });
        break;
      case "Redeemed":
        rows.redemptions.push({
          ...at,
          stake_id: log.args.id.toString(),
          amount: log.args.amount.toString(),
          fee: log.args.fee.toString(),
        });
        break;
      case "CallScheduled": {
        const a = log.args;
        rows.scheduled.push({
          tx_hash: at.tx_hash,
          log_index: at.log_index,
          block_number: at.block_number,
          op_id: a.id,
          op_index: a.index.toString(),
          target: lower(a.target),
          value: a.value.toString(),
          data: a.data,
          predecessor: a.predecessor,
          delay: a.delay.toString(),
          scheduled_at: at.timestamp,
          ready_at: (time + a.delay).toString(),
        });
        break;
      }
      case "CallExecuted":
      case "Cancelled":
        rows.ended.push({
          ...at,
          op_id: log.args.id,
          // A cancellation ends every call of the operation; an execution the one of its index.
          op_index: log.eventName === "CallExecuted" ? log.args.index.toString() : null,
          kind: log.eventName === "CallExecuted" ? 1 : 2,
        });
        break;
      default:
      // Settings, transfers and locks change nothing the API shows.
    }
  }

  // The writes go out at once, in this order, and the connection runs them in turn: the team's
  // figures are worked out while the database inserts the batch's rows. Every event is a row of
  // its own (a redemption, or the end of a queued call, too: the views join them to what they
  // end), so the team figures are the only rows a batch updates.
  await Promise.all([
    insertRows(tx, nfts, rows.nfts),
    insertRows(tx, incomes, rows.incomes),
    insertRows(tx, incomeCollections, rows.collections),
    insertRows(tx, stakes, rows.stakes),
    insertRows(tx, stakeClaims, rows.claims),
    insertRows(tx, stakeRedemptions, rows.redemptions),
    applyTeam(tx, tree, binds, purchases),
    insertRows(tx, ownerChanges, rows.scheduled),
    insertRows(tx, ownerChangeEnds, rows.ended),
  ]);
  return todo.length;
}

/** Records the hashes of blocks the store now reflects, replacing any kept for the same numbers. */
export async function recordHashes(tx: Sql, hashes: ReadonlyMap<bigint, string>): Promise<void> {
  if (hashes.size === 0) return;
  const h = unnest(
    "block_number bigint, hash text",
    [...hashes].map(([block, hash]) => ({ block_number: block.toString(), hash })),
  );
  await tx.query(
    `INSERT INTO block_hashes (${h.columns}) SELECT ${h.names} FROM ${h.from}
     ON CONFLICT (block_number) DO UPDATE SET hash = EXCLUDED.hash`,
    h.params,
  );
}

/**
 * Grows the referral tree by the batch's binds and adds its purchases' hashrate to the buyers
 * and their ancestors' figures.
 */
async function applyTeam(
  tx: Sql,
  tree: ReferralTree,
  binds: readonly { user: string; inviter: string; time: bigint; block: bigint }[],
  purchases: readonly { user: string; amount: bigint; block: bigint }[],
): Promise<void> {
  if (binds.length === 0 && purchases.length === 0) return;
  const team = new TeamDeltas(tree);
  const joined: Row[] = [];
  let root: Row | undefined;
  const member = (address: string, block: bigint) => {
    const known = tree.find(address) !== undefined;
    const id = tree.member(address);
    // The root's first bind or purchase creates its row, of the first block that names it
    // (binds are taken before purchases, so that is the least of the batch's).
    if (!known)
      joined.push(
        (root = { id, address, inviter: null, depth: 0, bind_time: "0", bind_block: block.toString(), jumps: "" }),
      );
    else if (root?.address === address && block < BigInt(root.bind_block!)) root.bind_block = block.toString();
    return id;
  };
  /** The inviters the batch's binds go under, with how many invitees each had before it. */
  const inviters = new Map<number, { address: string; before: number }>();
  for (const b of binds) {
    const inviter = member(b.inviter, b.block);
    if (!inviters.has(inviter)) inviters.set(inviter, { address: b.inviter, before: tree.inviteesOf(inviter) });
    const id = tree.bind(b.user, inviter);
    team.bind(id);
    joined.push({
      id,
      address: b.user,
      inviter: b.inviter,
      depth: tree.depth(id),
      bind_time: b.time.toString(),
      bind_block: b.block.toString(),
      jumps: tree.jumps(id).join("."),
    });
  }
  for (const p of purchases) team.buy(member(p.user, p.block), p.amount);

  // The members who joined in the batch get their figures row with what the batch gives them;
  // the others' rows are updated.
  const fresh = new Map<number, Row>();
  for (const m of joined) {
    fresh.set(Number(m.id), {
      id: m.id,
      own_hashrate: "0",
      team_hashrate: "0",
      max_leg: "0",
      friend_num: 0,
      community_num: 0,
      height: 0,
    });
  }
  const changes: ReturnType<TeamDeltas["changes"]> = [];
  /** The members whose branch the batch grew. */
  const grown: number[] = [];
  for (const c of team.changes()) {
    if (c.own !== "0" || c.team !== "0") grown.push(c.id);
    const row = fresh.get(c.id);
    if (row === undefined) changes.push(c);
    else {
      Object.assign(row, {
        own_hashrate: c.own,
        team_hashrate: c.team,
        max_leg: c.max_leg ?? "0",
        friend_num: c.friends,
        community_num: c.community,
        height: c.height ?? 0,
      });
    }
  }
  await insertRows(tx, members, joined);
  await insertRows(tx, teamFigures, [...fresh.values()]);
  if (changes.length > 0) {
    // One UPDATE for the whole batch; the largest legs are worked out in TeamDeltas. It sends and
    // sets only the figures the batch changes (purchases alone change no friend or community
    // count), and goes through the rows in key order.
    const sets = FIGURES.filter((f) => changes.some((c) => c[f.name] !== f.none));
    changes.sort((a, b) => a.id - b.id);
    const d = unnest(`id integer, ${sets.map((f) => `${f.name} ${f.type}`).join(", ")}`, changes);
    await tx.query(
      `UPDATE team_figures SET ${sets.map((f) => f.set).join(", ")} FROM ${d.from} WHERE team_figures.id = x.id`,
      d.params,
    );
  }

  // The legs of inviters with LEGS_FROM invitees or more: every invitee of one that reached it
  // in this batch and the batch's new invitees of the others get their row, with their branch
  // totals as the figures now have them; the others' grown invitees get their new branch total,
  // which the tree in memory has.
  const reached = [...inviters].filter(([id, i]) => i.before < LEGS_FROM && tree.inviteesOf(id) >= LEGS_FROM);
  const isReached = new Set(reached.map(([id]) => id));
  const hasLegs = (parent: number) => parent !== -1 && tree.inviteesOf(parent) >= LEGS_FROM && !isReached.has(parent);
  const isJoined = new Set<number>();
  for (const m of joined) if (hasLegs(tree.parent(Number(m.id)))) isJoined.add(Number(m.id));
  if (isJoined.size > 0 || reached.length > 0) {
    await tx.query(
      `INSERT INTO ranked_legs (id, inviter, bind_time, address, branch)
       SELECT m.id, m.inviter, m.bind_time, m.address, f.own_hashrate + f.team_hashrate
       FROM members m JOIN team_figures f ON f.id = m.id WHERE m.id = ANY($1::integer[]) OR m.inviter = ANY($2::text[])
       ON CONFLICT (id) DO UPDATE SET branch = EXCLUDED.branch`,
      [`{${[...isJoined].join(",")}}`, `{${reached.map(([, i]) => i.address).join(",")}}`],
    );
  }
  const legs = grown
    .filter((c) => !isJoined.has(c) && hasLegs(tree.parent(c)))
    .sort((a, b) => a - b)
    .map((c) => ({ id: c, branch: tree.branch(c).toString() }));
  if (legs.length > 0) {
    const x = unnest("id integer, branch numeric", legs);
    await tx.query(`UPDATE ranked_legs SET branch = x.branch FROM ${x.from} WHERE ranked_legs.id = x.id`, x.params);
  }
}

/** A member's figures as a batch changes them: its delta's name and type, its no-change value, and its SET. */
const FIGURES = [
  { name: "own", type: "numeric", none: "0", set: "own_hashrate = own_hashrate + x.own" },
  { name: "team", type: "numeric", none: "0", set: "team_hashrate = team_hashrate + x.team" },
  { name: "friends", type: "integer", none: 0, set: "friend_num = friend_num + x.friends" },
  { name: "community", type: "integer", none: 0, set: "community_num = community_num + x.community" },
  { name: "max_leg", type: "numeric", none: null, set: "max_leg = GREATEST(team_figures.max_leg, x.max_leg)" },
  { name: "height", type: "integer", none: null, set: "height = GREATEST(team_figures.height, x.height)" },
] as const;
