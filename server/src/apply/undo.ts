import type { Sql } from "../store/db";
import { BLOCK_TABLES, EVENT_TABLES } from "../store/tables";
import { unnest } from "./rows";
import { LEGS_FROM } from "./team";
import type { ReferralTree } from "./tree";

/** What a rollback took back. */
export interface Undone {
  members: number;
  purchases: number;
  /** Rows deleted from the append-only tables (the registry's EVENT_TABLES: one row per event). */
  rows: number;
}

/**
 * Takes back, inside `tx`, everything the blocks after `block` wrote. Every table whose rows each
 * belong to one block (the registry's BLOCK_TABLES: the append-only event tables and the block
 * hashes) loses the rows of those blocks, with one generic DELETE each. The referral tree and its
 * team figures are the one derived state, undone by hand here: the members who bound in those
 * blocks are removed (their rows and their figures' rows), and their purchases and binds
 * subtracted from the figures of the members that stay (own, team, friends, community; the
 * largest leg and the branch's depth are read again from the children that stay). With `block`
 * null, everything goes. The tree in memory is moved back with the database.
 *
 * Every team figure is a sum over purchases or members below, so subtracting the ones taken back
 * leaves what applying only the surviving events gives; a largest leg is the greatest branch among
 * a member's children, and a branch's depth one more than its deepest child's, so they are
 * recomputed rather than subtracted (the depths from the deepest members up, a level at a time).
 * A member's jump pointers go with its row. The `ranked_legs` rows of the members taken back go,
 * and those of an inviter taken under LEGS_FROM invitees; those whose branch shrank read it again.
 */
export async function undoAfter(tx: Sql, tree: ReferralTree, block: number | null): Promise<Undone> {
  if (block === null) {
    const [{ n: purchases }] = await tx.query<{ n: number }>("SELECT count(*)::integer AS n FROM nfts");
    const rows = await deleteAfter(tx, null);
    await tx.query("DELETE FROM ranked_legs");
    await tx.query("DELETE FROM team_figures");
    const members = await deleteCounted(tx, "members", "TRUE");
    return { members, purchases, rows };
  }

  // The members who joined after `block`: the last keys, since keys follow the chain's order.
  const gone = await tx.query<{ id: number; address: string; inviter: string }>(
    "SELECT id, address, inviter FROM members WHERE bind_block > $1 ORDER BY id",
    [block],
  );
  const firstGone = gone.length > 0 ? Number(gone[0].id) : tree.size;
  const bought = await tx.query<{ owner: string; amount: string }>(
    "SELECT owner, (hashrate + makeup_hashrate)::text AS amount FROM nfts WHERE block_number > $1",
    [block],
  );

  // The figures to take back, per member, added up from the deepest members to the root, one
  // step per member touched (as TeamDeltas adds them on).
  const own = new Map<number, bigint>();
  for (const b of bought) {
    const id = tree.find(b.owner);
    if (id === undefined) throw new Error(`${b.owner} bought an NFT but is not in the referral tree in memory.`);
    own.set(id, (own.get(id) ?? 0n) + BigInt(b.amount));
  }
  const isGone = (id: number) => id >= firstGone;
  const touched = new Map<number, { own: bigint; team: bigint; friends: number; community: number }>();
  const levels: number[][] = [];
  for (const start of [...own.keys(), ...gone.map((g) => Number(g.id))]) {
    for (let id = start; id !== -1 && !touched.has(id); id = tree.parent(id)) {
      touched.set(id, { own: own.get(id) ?? 0n, team: 0n, friends: 0, community: 0 });
      (levels[tree.depth(id)] ??= []).push(id);
    }
  }
  const changes = [];
  /** The members that stay and whose branch shrank: their rows in `ranked_legs`, where they have one, are read again. */
  const shrunk: number[] = [];
  const reread: number[] = [];
  /** By depth: the members that stay and lost members below them, whose branch may be shallower. */
  const shallower: number[][] = [];
  for (let depth = levels.length - 1; depth >= 0; depth--) {
    for (const child of levels[depth] ?? []) {
      const below = touched.get(child)!;
      const loss = below.own + below.team;
      if (!isGone(child)) {
        if (loss > 0n) {
          tree.grow(child, -loss);
          shrunk.push(child);
        }
        if (loss > 0n || below.friends > 0 || below.community > 0) {
          changes.push({
            id: child,
            own: below.own.toString(),
            team: below.team.toString(),
            friends: below.friends,
            community: below.community,
          });
        }
        // Its children's branches shrank, or some of its children went.
        if (below.team > 0n || below.friends > 0) reread.push(child);
        if (below.community > 0) (shallower[depth] ??= []).push(child);
      }
      const parent = tree.parent(child);
      if (parent === -1) continue;
      const up = touched.get(parent)!;
      up.team += loss;
      up.community += below.community + (isGone(child) ? 1 : 0);
      if (isGone(child)) up.friends += 1;
    }
  }

  // The inviters that stay and lose so many invitees that they go under LEGS_FROM: their legs'
  // rows go (every invitee of an inviter with LEGS_FROM or more has one, and no one else).
  const lost = new Map<number, { address: string; invitees: number }>();
  for (const g of gone) {
    const parent = tree.parent(Number(g.id));
    if (isGone(parent)) continue;
    const entry = lost.get(parent) ?? { address: g.inviter, invitees: 0 };
    entry.invitees += 1;
    lost.set(parent, entry);
  }
  const under = [...lost]
    .filter(([id, l]) => tree.inviteesOf(id) >= LEGS_FROM && tree.inviteesOf(id) - l.invitees < LEGS_FROM)
    .map(([, l]) => l.address);

  const rows = await deleteAfter(tx, block);
  if (gone.length > 0) {
    await tx.query("DELETE FROM ranked_legs WHERE id >= $1 OR inviter = ANY($2::text[])", [
      firstGone,
      `{${under.join(",")}}`,
    ]);
    await tx.query("DELETE FROM team_figures WHERE id >= $1", [firstGone]);
    await tx.query("DELETE FROM members WHERE id >= $1", [firstGone]);
  }
  if (changes.length > 0) {
    const d = unnest("id integer, own numeric, team numeric, friends integer, community integer", changes);
    await tx.query(
      `UPDATE team_figures SET own_hashrate = own_hashrate - x.own, team_hashrate = team_hashrate - x.team,
         friend_num = friend_num - x.friends, community_num = community_num - x.community
       FROM ${d.from} WHERE team_figures.id = x.id`,
      d.params,
    );
  }
  if (shrunk.length > 0) {
    await tx.query(
      `UPDATE ranked_legs SET branch = f.own_hashrate + f.team_hashrate FROM team_figures f
       WHERE ranked_legs.id = ANY($1::integer[]) AND f.id = ranked_legs.id`,
      [`{${shrunk.join(",")}}`],
    );
  }
  if (reread.length > 0) {
    await tx.query(
      `UPDATE team_figures SET max_leg = COALESCE(
         (SELECT max(c.own_hashrate + c.team_hashrate)
          FROM members m JOIN members cm ON cm.inviter = m.address JOIN team_figures c ON c.id = cm.id
          WHERE m.id = team_figures.id), 0)
       WHERE team_figures.id = ANY($1::integer[])`,
      [`{${reread.join(",")}}`],
    );
  }
  for (let depth = shallower.length - 1; depth >= 0; depth--) {
    if (!shallower[depth]) continue;
    await tx.query(
      `UPDATE team_figures SET height = COALESCE(
         (SELECT max(c.height) + 1
          FROM members m JOIN members cm ON cm.inviter = m.address JOIN team_figures c ON c.id = cm.id
          WHERE m.id = team_figures.id), 0)
       WHERE team_figures.id = ANY($1::integer[])`,
      [`{${shallower[depth].join(",")}}`],
    );
  }
  tree.truncate(
    firstGone,
    gone.map((g) => g.address),
  );
  return { members: gone.length, purchases: bought.length, rows };
}

/**
 * The generic rollback: deletes the rows of the blocks after `block` (all rows when null) from
 * every table whose rows each belong to one block, children before parents; returns how many
 * rows of the append-only event tables went.
 */
async function deleteAfter(tx: Sql, block: number | null): Promise<number> {
  let rows = 0;
  for (const table of BLOCK_TABLES) {
    const n =
      block === null
        ? await deleteCounted(tx, table.name, "TRUE")
        : await deleteCounted(tx, table.name, `${table.block} > $1`, [block]);
    if (EVENT_TABLES.includes(table)) rows += n;
  }
  return rows;
}

/** Deletes a table's rows that match `where`; returns how many. */
async function deleteCounted(tx: Sql, table: string, where: string, params: unknown[] = []): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `WITH d AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::integer AS n FROM d`,
    params,
  );
  return Number(n);
}
