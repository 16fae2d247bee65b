import type { Income } from "@dwn/api";
import type { Sql } from "./db";

/** Reads and writes the API needs. Addresses are lower-case; amounts come back as decimal strings. */

/**
 * The address a session signs in, from the token's hash ($1) and the time ($2): no row when the
 * token is unknown or expired. The team reads below start from it, so that an endpoint resolves
 * its session and reads its data in one round trip.
 */
export const SESSION = "SELECT address FROM sessions WHERE token_hash = $1 AND expires_at > $2";

/** A session's key: the token's hash and the time, the parameters of {@link SESSION}. */
export type SessionKey = readonly [hash: string, now: number];

/** A member's team figures (DESIGN.md §4); `small` is the team total minus the largest direct leg. */
export interface TeamRow {
  own: string | null;
  team: string | null;
  small: string | null;
  friend_num: number | null;
  community_num: number | null;
}

/**
 * The signed-in member's team figures; undefined when the session is not valid, nulls when the
 * member has no row yet.
 */
export async function team(db: Sql, session: SessionKey): Promise<TeamRow | undefined> {
  const [row] = await db.query<TeamRow>(
    `SELECT f.own_hashrate::text AS own, f.team_hashrate::text AS team, (f.team_hashrate - f.max_leg)::text AS small,
       f.friend_num, f.community_num
     FROM (${SESSION}) s LEFT JOIN members m ON m.address = s.address LEFT JOIN team_figures f ON f.id = m.id`,
    [...session],
  );
  return row;
}

/**
 * The signed-in member's direct invitees, earliest first, with each one's whole branch (own
 * hashrate included); undefined when the session is not valid.
 */
export async function friends(db: Sql, session: SessionKey, offset: number, limit: number) {
  const rows = await db.query<FriendRow | { address: null }>(
    `SELECT f.address, f.bind_time::text AS bind_time, f.branch, f.small, f.community_num
     FROM (${SESSION}) s LEFT JOIN LATERAL (
       SELECT m.address, m.bind_time, (t.own_hashrate + t.team_hashrate)::text AS branch,
         (t.team_hashrate - t.max_leg)::text AS small, t.community_num
       FROM (
         SELECT id, address, bind_time FROM members WHERE inviter = s.address
         ORDER BY members.bind_time, members.address OFFSET $3 LIMIT $4
       ) m JOIN team_figures t ON t.id = m.id
     ) f ON TRUE
     ORDER BY f.bind_time, f.address`,
    [...session, offset, limit],
  );
  // A signed-in member with no invitees on the page: the session's row, with nulls.
  return rows.length === 0 ? undefined : rows.filter((r): r is FriendRow => r.address !== null);
}

export interface FriendRow {
  address: string;
  bind_time: string;
  branch: string;
  small: string;
  community_num: number;
}

export function nfts(db: Sql, owner: string, offset: number, limit: number) {
  return db.query<{
    token_id: string;
    tier: number;
    hashrate: string;
    makeup_hashrate: string;
    usdtprice: string;
    create_time: string;
    tx_hash: string;
  }>(
    `SELECT token_id::text, tier, hashrate::text, makeup_hashrate::text, usdtprice::text, create_time::text, tx_hash
     FROM nfts WHERE owner = $1 ORDER BY nfts.create_time DESC, nfts.token_id DESC OFFSET $2 LIMIT $3`,
    [owner, offset, limit],
  );
}

export interface IncomeFilter {
  /** The row types to keep; all when undefined. */
  types?: readonly Income["type"][];
  start?: number;
  end?: number;
}

/**
 * A member's income log, newest first: every credit (`IncomeCredited` kind 1 static,
 * 2 dynamic = generation, 3 direct push, 4 guaranteed return) and every payout of static or
 * dynamic income. `total` is the cumulative gain: all credits, whatever the filter; `collected`
 * is every payout, whatever the filter.
 */
export async function incomes(db: Sql, address: string, filter: IncomeFilter, offset: number, limit: number) {
  const rows = await db.query<{
    type: Income["type"];
    amount: string;
    timestamp: string;
    tx_hash: string;
    from_address: string | null;
  }>(
    `SELECT type, amount::text, timestamp::text, tx_hash, from_address FROM (
       SELECT CASE kind WHEN 1 THEN 'static' WHEN 2 THEN 'generation' WHEN 3 THEN 'direct' ELSE 'guarantee' END AS type,
              amount, timestamp, tx_hash, from_address, block_number, log_index
       FROM incomes WHERE address = $1
       UNION ALL
       SELECT CASE kind WHEN 1 THEN 'collect_static' ELSE 'collect_dynamic' END,
              amount, timestamp, tx_hash, NULL, block_number, log_index
       FROM income_collections WHERE address = $1
     ) AS log
     WHERE ($2::text[] IS NULL OR type = ANY($2::text[])) AND ($3::bigint IS NULL OR timestamp >= $3)
       AND ($4::bigint IS NULL OR timestamp <= $4)
     ORDER BY log.timestamp DESC, log.block_number DESC, log.log_index DESC OFFSET $5 LIMIT $6`,
    [address, filter.types ? [...filter.types] : null, filter.start ?? null, filter.end ?? null, offset, limit],
  );
  const [sum] = await db.query<{ total: string; collected: string }>(
    `SELECT (SELECT COALESCE(SUM(amount), 0) FROM incomes WHERE address = $1)::text AS total,
            (SELECT COALESCE(SUM(amount), 0) FROM income_collections WHERE address = $1)::text AS collected`,
    [address],
  );
  return { total: sum.total, collected: sum.collected, rows };
}

export interface StakeRow {
  id: string;
  units: string;
  principal: string;
  a8_amount: string;
  start_time: string;
  duration: string;
  grace_period: string;
  reward_per_unit_per_second: string;
  redeemed_at: string | null;
  address: string;
}

const STAKE_COLUMNS = `id::text, address, units::text, principal::text, a8_amount::text, start_time::text,
  duration::text, grace_period::text, reward_per_unit_per_second::text, redeemed_at::text`;

/** The renewal hour after each redeem window (the staking contract's RENEWAL_DELAY). */
export const RENEWAL_DELAY = 3600;

/** A stake's status at `now`: 0 in a cycle, 1 in its redeem window or renewal hour, 2 redeemed. */
const STATUS = `CASE WHEN redeemed_at IS NOT NULL THEN 2
  WHEN ($2::bigint - start_time) % (duration + grace_period + ${RENEWAL_DELAY}) < duration THEN 0 ELSE 1 END`;

export function stakes(
  db: Sql,
  address: string,
  now: number,
  status: number | undefined,
  offset: number,
  limit: number,
) {
  return db.query<StakeRow>(
    `SELECT ${STAKE_COLUMNS} FROM stakes_view
     WHERE address = $1 AND ($3::int IS NULL OR ${STATUS} = $3)
     ORDER BY stakes_view.id DESC OFFSET $4 LIMIT $5`,
    [address, now, status ?? null, offset, limit],
  );
}

export async function stake(db: Sql, id: bigint): Promise<StakeRow | undefined> {
  const [row] = await db.query<StakeRow>(`SELECT ${STAKE_COLUMNS} FROM stakes_view WHERE id = $1`, [id]);
  return row;
}

export function stakeClaims(db: Sql, id: bigint) {
  return db.query<{ amount: string; fee: string; timestamp: string; tx_hash: string; log_index: number }>(
    `SELECT amount::text, fee::text, timestamp::text, tx_hash, log_index FROM stake_claims WHERE stake_id = $1
     ORDER BY stake_claims.timestamp DESC, stake_claims.block_number DESC, stake_claims.log_index DESC`,
    [id],
  );
}

export interface NoticeRow {
  id: number;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
}

const noticeColumns = (english: boolean) =>
  english
    ? "id, title_en AS title, body_en AS body, created_at::text, updated_at::text"
    : "id, title_zh AS title, body_zh AS body, created_at::text, updated_at::text";

export function notices(db: Sql, english: boolean, offset: number, limit: number) {
  return db.query<NoticeRow>(
    `SELECT ${noticeColumns(english)} FROM notices ORDER BY notices.created_at DESC, notices.id DESC OFFSET $1 LIMIT $2`,
    [offset, limit],
  );
}

export async function notice(db: Sql, english: boolean, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.query<NoticeRow>(`SELECT ${noticeColumns(english)} FROM notices WHERE id = $1`, [id]);
  return row;
}

export interface NoticeText {
  title_zh: string;
  body_zh: string;
  title_en: string;
  body_en: string;
}

export async function addNotice(db: Sql, text: NoticeText, now: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO notices (title_zh, body_zh, title_en, body_en, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [text.title_zh, text.body_zh, text.title_en, text.body_en, now],
  );
  return row.id;
}

/** Changes the given fields of notice `id`; false when there is no such notice. */
export async function editNotice(db: Sql, id: number, text: Partial<NoticeText>, now: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE notices SET title_zh = COALESCE($2, title_zh), body_zh = COALESCE($3, body_zh),
       title_en = COALESCE($4, title_en), body_en = COALESCE($5, body_en), updated_at = $6
     WHERE id = $1 RETURNING id`,
    [id, text.title_zh ?? null, text.body_zh ?? null, text.title_en ?? null, text.body_en ?? null, now],
  );
  return rows.length > 0;
}

export async function removeNotice(db: Sql, id: number): Promise<boolean> {
  return (await db.query("DELETE FROM notices WHERE id = $1 RETURNING id", [id])).length > 0;
}
