import type { Income } from "@dwn/api";
import { LEGS_FROM } from "../apply/team";
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

/** A team member's row as the team explorer reads it (user/getTeamBranch, user/searchTeam). */
export interface TeamMemberRow {
  address: string;
  bind_time: string;
  depth: number;
  own: string;
  team: string;
  max_leg: string;
  friend_num: number;
  community_num: number;
  height: number;
  /** The highest tier the member bought; null when none. */
  top_tier: number | null;
}

/** A member's columns from its row `m` in members and its row `g` in team_figures. */
const TEAM_MEMBER = (m: string, g: string) =>
  `${m}.address, ${m}.bind_time::text AS bind_time, ${m}.depth, ${g}.own_hashrate::text AS own,
   ${g}.team_hashrate::text AS team, ${g}.max_leg::text AS max_leg, ${g}.friend_num, ${g}.community_num, ${g}.height,
   (SELECT max(n.tier) FROM nfts n WHERE n.owner = ${m}.address) AS top_tier`;

/**
 * The key of the member `up` generations above the member keyed `id` (`up` ≥ 0), by its jump
 * pointers (members.jumps: jumps[k + 1] is the ancestor 2^k generations up, written when it
 * binds): from the member, a jump by the highest power of two left in `up`, from where it lands,
 * and so on; one jump per 1 bit of `up`, so at most ⌊log2 up⌋ + 1 reads of a row by its key (14
 * for 10,000 generations), whatever the size of anyone's branch. Null when `up` is above the root.
 */
const ANCESTOR = (id: string, up: string) =>
  `(WITH RECURSIVE climb (id, up) AS (
      SELECT ${id}, ${up}
      UNION ALL
      SELECT a.jumps[33 - position('1' IN climb.up::bit(32)::text)],
        climb.up - (1 << (32 - position('1' IN climb.up::bit(32)::text)))
      FROM climb JOIN members a ON a.id = climb.id WHERE climb.up > 0
    ) SELECT climb.id FROM climb WHERE climb.up = 0)`;

/**
 * "Is `m` the caller `c` or below it": `m`'s ancestor as many generations up as it is below the
 * caller's depth is the caller ({@link ANCESTOR}: at most ⌊log2 generations⌋ + 1 key reads).
 */
const IN_BRANCH = (m: string, c: string) =>
  `(${m}.depth >= ${c}.depth AND ${ANCESTOR(`${m}.id`, `${m}.depth - ${c}.depth`)} = ${c}.id)`;

/** A direct friend as the branch's list shows it: its branch total (own + team) and invitees. */
export interface LegRow {
  address: string;
  branch: string;
  friend_num: number;
}

export interface BranchRow extends Partial<TeamMemberRow> {
  /** The signed-in address, and its depth (null when it has no row yet). */
  caller: string;
  caller_depth: number | null;
  /** The addresses from the caller down to the member's inviter; null when none. */
  path: string[] | null;
  leg_address: string | null;
  leg_branch: string | null;
  /** The page of its direct invitees asked for; null when empty. */
  friends: LegRow[] | null;
}

/**
 * The member `address` (null: the caller) if it is the signed-in caller or one of its
 * descendants, in one statement: its figures, the path from the caller down to it, its largest
 * direct leg and a page of its direct invitees, as they joined (bind time, then address: as
 * {@link friends}) or largest branch first (then as they joined). Undefined when the session is
 * not valid; the member's columns are null when it is not in the caller's branch (or has no row),
 * and nothing of it is read then. Whether it is in the branch takes at most ⌊log2 g⌋ + 1 key
 * reads for a member g generations below the caller ({@link IN_BRANCH}); the path, one key read
 * per generation between them: as many as the breadcrumbs it answers.
 *
 * For a member with LEGS_FROM invitees or more, the largest leg and a page of legs, largest
 * first, are a range of the `ranked_legs` index. For the others, the largest leg is the first to
 * join of the invitees whose branch is the member's max_leg (the invitees index walked in join
 * order, no sort of them all), and largest first reads every invitee's branch total (a key read
 * each) and sorts the invitees by it. A friend on the page is what its row shows (its branch
 * total and invitees: one key read of its figures); its whole summary is its own branch's.
 */
export async function branch(
  db: Sql,
  session: SessionKey,
  address: string | null,
  order: "joined" | "legs",
  offset: number,
  limit: number,
): Promise<BranchRow | undefined> {
  // The caller's own branch (no address asked) needs neither the check nor the path: a
  // statement of its own, without them.
  const own = address === null;
  const page = own ? "OFFSET $3 LIMIT $4" : "OFFSET $4 LIMIT $5";
  const [row] = await db.query<BranchRow>(
    `WITH c AS (SELECT s.address, m.id, m.depth FROM (${SESSION}) s LEFT JOIN members m ON m.address = s.address),
     t AS (
       SELECT m.*, g.own_hashrate, g.team_hashrate, g.max_leg, g.friend_num, g.community_num, g.height
       FROM c JOIN members m ON ${own ? "m.id = c.id" : `m.address = $3::text`} JOIN team_figures g ON g.id = m.id
       ${own ? "" : `WHERE ${IN_BRANCH("m", "c")}`}
     )
     SELECT c.address AS caller, c.depth AS caller_depth, ${TEAM_MEMBER("t", "t")},
       ${
         own
           ? "NULL::text[]"
           : `(WITH RECURSIVE up (id, address, gen) AS (
          SELECT a.jumps[1], a.address, t.depth - c.depth - 1 FROM members a WHERE a.id = t.jumps[1] AND t.depth > c.depth
          UNION ALL
          SELECT a.jumps[1], a.address, up.gen - 1 FROM up JOIN members a ON a.id = up.id WHERE up.gen > 0
        ) SELECT array_agg(up.address ORDER BY up.gen) FROM up)`
       } AS path,
       l.address AS leg_address, l.branch::text AS leg_branch,
       (SELECT json_agg(p ORDER BY p.n) FROM (
          SELECT row_number() OVER () AS n, page.* FROM (${
            order === "joined"
              ? `SELECT f.address, (g.own_hashrate + g.team_hashrate)::text AS branch, g.friend_num
                 FROM members f JOIN team_figures g ON g.id = f.id
                 WHERE f.inviter = t.address ORDER BY f.bind_time, f.address ${page}`
              : // The page's keys, from the legs' own index (many invitees) or sorted by their branch
                // totals (a few); the page's figures alone are then read.
                `SELECT k.address, k.branch::text AS branch, g.friend_num FROM (
                   (SELECT k.id, k.branch, k.bind_time, k.address FROM ranked_legs k
                    WHERE t.friend_num >= ${LEGS_FROM} AND k.inviter = t.address
                    ORDER BY k.branch DESC, k.bind_time, k.address ${page})
                   UNION ALL
                   (SELECT f.id, g.own_hashrate + g.team_hashrate AS branch, f.bind_time, f.address
                    FROM members f JOIN team_figures g ON g.id = f.id
                    WHERE t.friend_num < ${LEGS_FROM} AND f.inviter = t.address
                    ORDER BY branch DESC, f.bind_time, f.address ${page})
                 ) k JOIN team_figures g ON g.id = k.id
                 ORDER BY k.branch DESC, k.bind_time, k.address`
          }) page
        ) p) AS friends
     FROM c LEFT JOIN t ON TRUE LEFT JOIN LATERAL (
       (SELECT k.address, k.branch FROM ranked_legs k WHERE t.friend_num >= ${LEGS_FROM} AND k.inviter = t.address
        ORDER BY k.branch DESC, k.bind_time, k.address LIMIT 1)
       UNION ALL
       (SELECT f.address, g.own_hashrate + g.team_hashrate AS branch FROM members f JOIN team_figures g ON g.id = f.id
        WHERE t.friend_num < ${LEGS_FROM} AND f.inviter = t.address AND g.own_hashrate + g.team_hashrate = t.max_leg
        ORDER BY f.bind_time, f.address LIMIT 1)
     ) l ON TRUE`,
    own ? [...session, offset, limit] : [...session, address, offset, limit],
  );
  return row;
}

/**
 * The signed-in caller's team members (the caller included) whose address starts with `prefix`
 * (lower-case "0x" and 6 to 40 hex digits), in address order; undefined when the session is not
 * valid. The addresses with the prefix are a range of the primary key's index; each is kept
 * when the caller is its ancestor ({@link IN_BRANCH}: at most ⌊log2 generations⌋ + 1 key reads each).
 */
export async function searchTeam(db: Sql, session: SessionKey, prefix: string, offset: number, limit: number) {
  const rows = await db.query<(TeamMemberRow & { caller_depth: number | null }) | { address: null }>(
    `WITH c AS (SELECT m.id, m.depth FROM (${SESSION}) s LEFT JOIN members m ON m.address = s.address)
     SELECT c.depth AS caller_depth, f.* FROM c LEFT JOIN LATERAL (
       SELECT ${TEAM_MEMBER("m", "g")} FROM members m JOIN team_figures g ON g.id = m.id
       WHERE m.address >= $3 AND m.address < $4 AND left(m.address, $5) = $3 AND ${IN_BRANCH("m", "c")}
       ORDER BY m.address OFFSET $6 LIMIT $7
     ) f ON TRUE
     ORDER BY f.address`,
    [...session, prefix, prefixEnd(prefix), prefix.length, offset, limit],
  );
  if (rows.length === 0) return undefined;
  return rows.filter((r): r is TeamMemberRow & { caller_depth: number } => r.address !== null);
}

/** The least text after every address that starts with `prefix` (hex digits after "0x"). */
export function prefixEnd(prefix: string): string {
  const digits = prefix.slice(2).replace(/f+$/, "");
  if (digits === "") return "0y";
  const last = parseInt(digits[digits.length - 1], 16) + 1;
  return `0x${digits.slice(0, -1)}${last.toString(16)}`;
}
