import { poolAbi, stakingAbi } from "@dwn/contracts";
import { parseEventLogs, type Log } from "viem";
import type { Sql } from "../store/db";

/** The events the store is built from (DESIGN.md §3 lists them), decoded with the generated ABIs. */
export const indexedAbi = [...poolAbi, ...stakingAbi];

export type ChainLog = Log<bigint, number, false>;

/** A decoded log with the timestamp of its block. */
export interface TimedLog {
  log: Decoded;
  time: bigint;
}

export function decodeLogs(logs: ChainLog[]) {
  return parseEventLogs({ abi: indexedAbi, logs, strict: true });
}
type Decoded = ReturnType<typeof decodeLogs>[number];

const lower = (address: string) => address.toLowerCase();

/**
 * Applies logs (in chain order) to the store inside the caller's transaction. A log already
 * applied (same tx hash and log index) changes nothing, so a batch may be applied twice.
 * Returns how many logs were new.
 */
export async function applyLogs(tx: Sql, logs: readonly TimedLog[]): Promise<number> {
  let applied = 0;
  for (const { log, time } of logs) {
    const fresh = await tx.query(
      "INSERT INTO applied_logs (tx_hash, log_index, block_number) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1",
      [log.transactionHash, log.logIndex, log.blockNumber],
    );
    if (fresh.length === 0) continue;
    applied += 1;
    await applyOne(tx, log, time);
  }
  return applied;
}

async function applyOne(tx: Sql, log: Decoded, time: bigint): Promise<void> {
  const at = [log.transactionHash, log.logIndex, time, log.blockNumber] as const;
  switch (log.eventName) {
    case "InviterBound":
      return bind(tx, lower(log.args.user), lower(log.args.inviter), time);
    case "NftPurchased": {
      const { user, tierId, tokenId, payusdt, paydwn8, hashrate, makeupHashrate } = log.args;
      await tx.query(
        `INSERT INTO nfts (token_id, owner, tier, hashrate, makeup_hashrate, usdtprice, dwn8price, create_time, block_number, tx_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          tokenId,
          lower(user),
          tierId,
          hashrate,
          makeupHashrate,
          payusdt,
          paydwn8,
          time,
          log.blockNumber,
          log.transactionHash,
        ],
      );
      return addHashrate(tx, lower(user), hashrate + makeupHashrate);
    }
    case "IncomeCredited":
      await tx.query(
        `INSERT INTO incomes (tx_hash, log_index, timestamp, block_number, address, from_address, kind, amount)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [...at, lower(log.args.user), lower(log.args.from), log.args.kind, log.args.amount],
      );
      return;
    case "StaticProfitCollected":
    case "DynamicProfitCollected":
      await tx.query(
        `INSERT INTO income_collections (tx_hash, log_index, timestamp, block_number, address, kind, amount)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [...at, lower(log.args.user), log.eventName === "StaticProfitCollected" ? 1 : 2, log.args.amount],
      );
      return;
    case "Staked": {
      const a = log.args;
      await tx.query(
        `INSERT INTO stakes (id, address, units, principal, a8_amount, start_time, duration, grace_period,
                             reward_per_unit_per_second, block_number, tx_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          a.id,
          lower(a.user),
          a.units,
          a.dwnAmount,
          a.a8Amount,
          a.startTime,
          a.endTime - a.startTime,
          a.gracePeriod,
          a.rewardPerUnitPerSecond,
          log.blockNumber,
          log.transactionHash,
        ],
      );
      return;
    }
    case "RewardCollected":
      await tx.query(
        `INSERT INTO stake_claims (tx_hash, log_index, timestamp, block_number, stake_id, address, amount, fee)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [...at, log.args.id, lower(log.args.user), log.args.amount, log.args.fee],
      );
      return;
    case "Redeemed":
      await tx.query("UPDATE stakes SET redeemed_at = $2, redeem_amount = $3, redeem_fee = $4 WHERE id = $1", [
        log.args.id,
        time,
        log.args.amount,
        log.args.fee,
      ]);
      return;
    default:
      // Settings, transfers and locks change nothing the API shows.
      return;
  }
}

/** Every ancestor of `member` with the child through which the path descends into it. */
const ANCESTORS = `
  WITH RECURSIVE up (ancestor, child) AS (
    SELECT inviter, address FROM members WHERE address = $1 AND inviter IS NOT NULL
    UNION ALL
    SELECT m.inviter, m.address FROM members m JOIN up ON m.address = up.ancestor WHERE m.inviter IS NOT NULL
  )`;

/** Adds `user` under `inviter`, creating the inviter when it is the root, and counts it in every ancestor. */
async function bind(tx: Sql, user: string, inviter: string, time: bigint): Promise<void> {
  await tx.query(
    "INSERT INTO members (address, inviter, depth, bind_time) VALUES ($1, NULL, 0, 0) ON CONFLICT DO NOTHING",
    [inviter],
  );
  await tx.query(
    `INSERT INTO members (address, inviter, depth, bind_time)
     SELECT $1, $2, depth + 1, $3 FROM members WHERE address = $2`,
    [user, inviter, time],
  );
  await tx.query("INSERT INTO legs (member, child) VALUES ($1, $2)", [inviter, user]);
  await tx.query("UPDATE members SET friend_num = friend_num + 1 WHERE address = $1", [inviter]);
  await tx.query(
    `${ANCESTORS} UPDATE members SET community_num = community_num + 1 FROM up WHERE members.address = up.ancestor`,
    [user],
  );
}

/** Adds purchased hashrate to the buyer, and to every ancestor's team total and the leg it came through. */
async function addHashrate(tx: Sql, user: string, amount: bigint): Promise<void> {
  // The root never binds: its first purchase may come before anyone binds under it.
  await tx.query(
    "INSERT INTO members (address, inviter, depth, bind_time) VALUES ($1, NULL, 0, 0) ON CONFLICT DO NOTHING",
    [user],
  );
  await tx.query("UPDATE members SET own_hashrate = own_hashrate + $2 WHERE address = $1", [user, amount]);
  await tx.query(
    `${ANCESTORS}, grown AS (
       UPDATE legs SET total = legs.total + $2 FROM up
       WHERE legs.member = up.ancestor AND legs.child = up.child
       RETURNING legs.member, legs.total
     )
     UPDATE members SET team_hashrate = team_hashrate + $2, max_leg = GREATEST(max_leg, grown.total)
     FROM grown WHERE members.address = grown.member`,
    [user, amount],
  );
}
