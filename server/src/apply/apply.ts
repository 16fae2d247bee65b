import { poolAbi, stakingAbi } from "@dwn/contracts";
import { parseEventLogs, type Log } from "viem";
import type { Sql } from "../store/db";
import { TeamDeltas } from "./team";

/** The events the store is built from (DESIGN.md §3 lists them), decoded with the generated ABIs. */
export const indexedAbi = [...poolAbi, ...stakingAbi];

export type ChainLog = Log<bigint, number, false>;

export function decodeLogs(logs: ChainLog[]) {
  return parseEventLogs({ abi: indexedAbi, logs, strict: true });
}
export type Decoded = ReturnType<typeof decodeLogs>[number];

/** A decoded log with the timestamp of its block. */
export interface TimedLog {
  log: Decoded;
  time: bigint;
}

type Row = Record<string, string | number | null>;

const lower = (address: string) => address.toLowerCase();

/** Rows travel as one JSON parameter (amounts as decimal strings), the same on PGlite and PostgreSQL. */
const json = (rows: readonly Row[]) => JSON.stringify(rows);

async function insertRows(tx: Sql, table: string, columns: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns
    .split(",")
    .map((c) => c.trim().split(" ")[0])
    .join(", ");
  await tx.query(
    `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${columns})`,
    [json(rows)],
  );
}

/**
 * Applies logs (in chain order) to the store inside the caller's transaction, with a fixed
 * number of statements per batch whatever its size. A log already applied (same tx hash and
 * log index) changes nothing, so a batch may be applied twice. Returns how many logs were new.
 *
 * Order inside a batch does not matter beyond "binds before purchases": a member's path to the
 * root is fixed when it binds, and every team figure is a sum (or the maximum of sums that only
 * grow), so the batch's deltas can be added up first and written once.
 */
export async function applyLogs(tx: Sql, logs: readonly TimedLog[]): Promise<number> {
  if (logs.length === 0) return 0;
  const fresh = await tx.query<{ tx_hash: string; log_index: number }>(
    `INSERT INTO applied_logs (tx_hash, log_index, block_number)
     SELECT tx_hash, log_index, block_number FROM jsonb_to_recordset($1::jsonb)
       AS x(tx_hash text, log_index integer, block_number bigint)
     ON CONFLICT DO NOTHING RETURNING tx_hash, log_index`,
    [
      json(
        logs.map(({ log }) => ({
          tx_hash: log.transactionHash,
          log_index: log.logIndex,
          block_number: log.blockNumber.toString(),
        })),
      ),
    ],
  );
  const isFresh = new Set(fresh.map((r) => `${r.tx_hash}:${Number(r.log_index)}`));
  const todo = logs.filter(({ log }) => isFresh.has(`${log.transactionHash}:${log.logIndex}`));

  const binds: { user: string; inviter: string; time: bigint }[] = [];
  const purchases: { user: string; amount: bigint }[] = [];
  const rows = {
    nfts: [] as Row[],
    incomes: [] as Row[],
    collections: [] as Row[],
    stakes: [] as Row[],
    claims: [] as Row[],
    redemptions: [] as Row[],
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
        binds.push({ user: lower(log.args.user), inviter: lower(log.args.inviter), time });
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
        purchases.push({ user: lower(a.user), amount: a.hashrate + a.makeupHashrate });
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
          id: log.args.id.toString(),
          redeemed_at: at.timestamp,
          redeem_amount: log.args.amount.toString(),
          redeem_fee: log.args.fee.toString(),
        });
        break;
      default:
      // Settings, transfers and locks change nothing the API shows.
    }
  }

  await applyTeam(tx, binds, purchases);
  await insertRows(
    tx,
    "nfts",
    `token_id numeric, owner text, tier smallint, hashrate numeric, makeup_hashrate numeric, usdtprice numeric,
     dwn8price numeric, create_time bigint, block_number bigint, tx_hash text`,
    rows.nfts,
  );
  await insertRows(
    tx,
    "incomes",
    `tx_hash text, log_index integer, timestamp bigint, block_number bigint, address text, from_address text,
     kind smallint, amount numeric`,
    rows.incomes,
  );
  await insertRows(
    tx,
    "income_collections",
    "tx_hash text, log_index integer, timestamp bigint, block_number bigint, address text, kind smallint, amount numeric",
    rows.collections,
  );
  await insertRows(
    tx,
    "stakes",
    `id bigint, address text, units bigint, principal numeric, a8_amount numeric, start_time bigint, duration bigint,
     grace_period bigint, reward_per_unit_per_second numeric, block_number bigint, tx_hash text`,
    rows.stakes,
  );
  await insertRows(
    tx,
    "stake_claims",
    `tx_hash text, log_index integer, timestamp bigint, block_number bigint, stake_id bigint, address text,
     amount numeric, fee numeric`,
    rows.claims,
  );
  if (rows.redemptions.length > 0) {
    await tx.query(
      `UPDATE stakes SET redeemed_at = r.redeemed_at, redeem_amount = r.redeem_amount, redeem_fee = r.redeem_fee
       FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, redeemed_at bigint, redeem_amount numeric, redeem_fee numeric)
       WHERE stakes.id = r.id`,
      [json(rows.redemptions)],
    );
  }
  return todo.length;
}

/**
 * Grows the referral tree by the batch's binds and adds its purchases' hashrate to the buyers,
 * their ancestors' team totals and the legs it came through.
 */
async function applyTeam(
  tx: Sql,
  binds: readonly { user: string; inviter: string; time: bigint }[],
  purchases: readonly { user: string; amount: bigint }[],
): Promise<void> {
  if (binds.length === 0 && purchases.length === 0) return;
  const team = new TeamDeltas();
  // Every stored member on a path from the batch's inviters and buyers to the root.
  const starts = [...new Set([...binds.map((b) => b.inviter), ...purchases.map((p) => p.user)])];
  const known = await tx.query<{ address: string; inviter: string | null; depth: number; branch: string }>(
    `WITH RECURSIVE up (address, inviter, depth, branch) AS (
       SELECT address, inviter, depth, own_hashrate + team_hashrate FROM members
       WHERE address IN (SELECT jsonb_array_elements_text($1::jsonb))
       UNION
       -- LATERAL … LIMIT 1 makes each step one index lookup. With a plain join the planner's
       -- choice varied with the statistics: the same 10,000-deep walk took 0.1 s, then minutes.
       SELECT m.address, m.inviter, m.depth, m.own_hashrate + m.team_hashrate FROM up
       CROSS JOIN LATERAL (SELECT * FROM members WHERE address = up.inviter LIMIT 1) m
     )
     SELECT address, inviter, depth, branch::text FROM up`,
    [JSON.stringify(starts)],
  );
  for (const m of known) team.know(m.address, m.inviter, Number(m.depth), BigInt(m.branch));

  const joined: Row[] = [];
  const rootOf = (address: string) => {
    // Only the root is valid without binding: its first bind or purchase creates its row.
    if (team.has(address)) return;
    team.know(address, null, 0);
    joined.push({ address, inviter: null, depth: 0, bind_time: "0" });
  };
  for (const b of binds) {
    rootOf(b.inviter);
    const depth = team.bind(b.user, b.inviter);
    joined.push({ address: b.user, inviter: b.inviter, depth, bind_time: b.time.toString() });
  }
  for (const p of purchases) {
    rootOf(p.user);
    team.buy(p.user, p.amount);
  }

  await insertRows(tx, "members", "address text, inviter text, depth integer, bind_time bigint", joined);
  await insertRows(
    tx,
    "legs",
    "member text, child text",
    binds.map((b) => ({ member: b.inviter, child: b.user })),
  );
  const members = team.changes();
  if (members.length === 0) return;
  // One UPDATE per table and batch, from one parameter: the leg above a member grows by the
  // member's own plus team delta, and the member's largest leg is worked out in TeamDeltas.
  await tx.query(
    `WITH d AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(address text, inviter text, own numeric, team numeric,
         friends integer, community integer, max_leg numeric)
     ),
     grown AS (
       UPDATE legs SET total = legs.total + d.own + d.team FROM d
       WHERE legs.member = d.inviter AND legs.child = d.address AND d.own + d.team > 0
     )
     UPDATE members SET own_hashrate = own_hashrate + d.own, team_hashrate = team_hashrate + d.team,
       friend_num = friend_num + d.friends, community_num = community_num + d.community,
       max_leg = GREATEST(members.max_leg, d.max_leg)
     FROM d WHERE members.address = d.address`,
    [json(members)],
  );
}
