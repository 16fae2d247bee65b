import { LEGS_FROM } from "../src/apply/team";
import type { Db } from "../src/store/db";

/** Member number n's address in SQL: the same as `memberAddress(n)` of test/support/synthetic.ts. */
const address = (n: string) => `'0x' || lpad(to_hex(${n} + 1), 40, '0')`;

export interface TreeShape {
  members: number;
  /** The deepest member's depth. */
  depth: number;
  /** The member (not the root) with the most direct invitees, and how many it has. */
  leader: { address: string; friends: number };
  /** The leader's direct invitee with the most direct invitees, and how many it has. */
  lieutenant: { address: string; friends: number };
}

/**
 * Writes a synthetic referral tree of `size` members straight into `members`, `team_figures` and
 * `ranked_legs` with set-based SQL, the team figures consistent with it (computed bottom-up, level
 * by level), each member's jump pointers and the depth of its branch, and the legs of the members
 * with LEGS_FROM invitees or more.
 *
 * Member i (1 ≤ i < size) binds under member ⌊i·r²⌋ for a uniform r: early members gather most
 * invitees, as in real referral networks (member j has about √(size/j) direct invitees).
 * 40% of members hold hashrate, in whole multiples of 100 tokens.
 */
export async function buildTree(db: Db, size: number, seed = 0.2026): Promise<TreeShape> {
  const shape = await db.transaction(async (tx) => {
    const [{ rolsuper }] = await tx.query<{ rolsuper: boolean }>(
      "SELECT rolsuper FROM pg_roles WHERE rolname = current_user",
    );
    // The rows are consistent by construction: skip the foreign-key checks where allowed.
    if (rolsuper) await tx.query("SET LOCAL session_replication_role = replica");
    await tx.query("SELECT setseed($1)", [seed]);
    await tx.query(
      `CREATE TEMP TABLE parent ON COMMIT DROP AS
       SELECT i AS id, CASE WHEN i = 0 THEN NULL ELSE floor(i * random() ^ 2)::integer END AS inviter,
         CASE WHEN random() < 0.4 THEN (100 * (1 + floor(random() * 50)))::numeric * 1e18 ELSE 0 END AS own
       FROM generate_series(0, $1::integer - 1) AS i`,
      [size],
    );
    await tx.query("CREATE INDEX ON parent (inviter)");
    await tx.query("ANALYZE parent");
    await tx.query(
      `CREATE TEMP TABLE tree ON COMMIT DROP AS
       WITH RECURSIVE down (id, inviter, depth, own, ancestors) AS (
         SELECT id, inviter, 0, own, '{}'::integer[] FROM parent WHERE id = 0
         UNION ALL
         SELECT p.id, p.inviter, down.depth + 1, p.own, down.ancestors || down.id
         FROM parent p JOIN down ON p.inviter = down.id
       )
       SELECT * FROM down`,
    );
    await tx.query("CREATE INDEX ON tree (depth)");
    await tx.query("ANALYZE tree");
    const [{ deepest }] = await tx.query<{ deepest: number }>("SELECT max(depth) AS deepest FROM tree");
    // Each member's figures, level by level from the deepest: a level's are final once the
    // level below it is summed in.
    await tx.query(
      `CREATE TEMP TABLE figures (
         id INTEGER PRIMARY KEY, team NUMERIC NOT NULL, max_leg NUMERIC NOT NULL, friends INTEGER NOT NULL,
         community INTEGER NOT NULL, height INTEGER NOT NULL
       ) ON COMMIT DROP`,
    );
    for (let level = deepest; level > 0; level--) {
      await tx.query(
        `INSERT INTO figures (id, team, max_leg, friends, community, height)
         SELECT t.inviter, sum(t.own + coalesce(f.team, 0)), max(t.own + coalesce(f.team, 0)), count(*),
           sum(1 + coalesce(f.community, 0)), max(1 + coalesce(f.height, 0))
         FROM tree t LEFT JOIN figures f ON f.id = t.id WHERE t.depth = $1 GROUP BY t.inviter`,
        [level],
      );
    }
    await tx.query(
      `INSERT INTO members (id, address, inviter, depth, bind_time, jumps)
       SELECT t.id, ${address("t.id")}, CASE WHEN t.inviter IS NULL THEN NULL ELSE ${address("t.inviter")} END, t.depth,
         CASE WHEN t.id = 0 THEN 0 ELSE 1700000000 + t.id * 30 END,
         ARRAY(SELECT t.ancestors[t.depth + 1 - (1 << k)] FROM generate_series(0, 30) AS k
               WHERE (1 << k) <= t.depth ORDER BY k)::integer[]
       FROM tree t ORDER BY t.id`,
    );
    await tx.query(
      `INSERT INTO team_figures (id, own_hashrate, team_hashrate, max_leg, friend_num, community_num, height)
       SELECT t.id, t.own, coalesce(f.team, 0), coalesce(f.max_leg, 0), coalesce(f.friends, 0), coalesce(f.community, 0),
         coalesce(f.height, 0)
       FROM tree t LEFT JOIN figures f ON f.id = t.id ORDER BY t.id`,
    );
    await tx.query(
      `INSERT INTO ranked_legs (id, inviter, bind_time, address, branch)
       SELECT m.id, m.inviter, m.bind_time, m.address, g.own_hashrate + g.team_hashrate
       FROM tree t JOIN figures p ON p.id = t.inviter JOIN members m ON m.id = t.id JOIN team_figures g ON g.id = t.id
       WHERE p.friends >= $1`,
      [LEGS_FROM],
    );
    const [leader] = await tx.query<{ address: string; friends: number }>(
      `SELECT ${address("id")} AS address, friends FROM figures WHERE id > 0 ORDER BY friends DESC, id LIMIT 1`,
    );
    const [lieutenant] = await tx.query<{ address: string; friends: number }>(
      `SELECT ${address("f.id")} AS address, f.friends FROM figures f JOIN tree t ON t.id = f.id
       WHERE t.inviter = (SELECT id FROM figures WHERE id > 0 ORDER BY friends DESC, id LIMIT 1)
       ORDER BY f.friends DESC, f.id LIMIT 1`,
    );
    return {
      members: size,
      depth: Number(deepest),
      leader: { address: leader.address, friends: leader.friends },
      lieutenant: { address: lieutenant.address, friends: Number(lieutenant.friends) },
    };
  });
  await db.query("VACUUM ANALYZE members");
  await db.query("VACUUM ANALYZE team_figures");
  await db.query("VACUUM ANALYZE ranked_legs");
  return shape;
}
