import type { Sql } from "../store/db";

/**
 * The referral tree as the one writing indexer keeps it in memory between batches: each
 * member's inviter, depth and branch (own + team hashrate, the leg its inviter has through it),
 * so that a batch finds its members' ancestors, and its inviters' largest legs, without asking
 * the database. Members go by their key (members.id: 0 for the root, then in the order they
 * joined).
 *
 * It is loaded from the database and changed only by batches in flight: the applier drops it
 * when a batch fails, and the indexer's checkpoint write fails a batch when another writer has
 * moved the checkpoint since. An event that names a member this copy lacks fails too.
 */
export class ReferralTree {
  private readonly ids = new Map<string, number>();
  /** By key: each member's inviter's key (-1 for the root), depth and branch. */
  private readonly parents: number[] = [];
  private readonly depths: number[] = [];
  private readonly branches: bigint[] = [];

  static async load(db: Sql): Promise<ReferralTree> {
    const rows = await db.query<{ id: number; address: string; inviter: string | null; depth: number; branch: string }>(
      "SELECT id, address, inviter, depth, (own_hashrate + team_hashrate)::text AS branch FROM members",
    );
    const tree = new ReferralTree();
    for (const r of rows) tree.place(r.id, r.address, -1, r.depth, BigInt(r.branch));
    for (const r of rows) if (r.inviter !== null) tree.parents[r.id] = tree.ids.get(r.inviter)!;
    return tree;
  }

  /** The member's key, or undefined when the tree does not hold it. */
  find(address: string): number | undefined {
    return this.ids.get(address);
  }

  /**
   * The member's key. Only the root takes part without binding (DESIGN.md §3), so an unknown
   * address is the root, added here, when the tree has none yet; otherwise this copy is behind.
   */
  member(address: string): number {
    const id = this.ids.get(address);
    if (id !== undefined) return id;
    if (this.ids.size > 0) {
      throw new Error(`${address} is not in the referral tree in memory: it is behind the database.`);
    }
    return this.place(0, address, -1, 0, 0n);
  }

  /** `user` binds under `inviter` (a member's key); returns the user's key. */
  bind(user: string, inviter: number): number {
    if (this.ids.has(user)) throw new Error(`${user} is bound already in the referral tree in memory.`);
    return this.place(this.parents.length, user, inviter, this.depths[inviter] + 1, 0n);
  }

  /** The inviter's key; -1 for the root. */
  parent(id: number): number {
    return this.parents[id];
  }

  depth(id: number): number {
    return this.depths[id];
  }

  /** Own plus team hashrate. */
  branch(id: number): bigint {
    return this.branches[id];
  }

  /** Adds `amount` to the member's branch; returns the new branch. */
  grow(id: number, amount: bigint): bigint {
    return (this.branches[id] += amount);
  }

  /** How many members the tree holds (keys 0..size-1). */
  get size(): number {
    return this.parents.length;
  }

  /**
   * Takes out the members with keys `from` and up (the last to join), given by address: for a
   * reorg that takes their binds back. They must be the tree's last keys.
   */
  truncate(from: number, addresses: readonly string[]): void {
    if (from + addresses.length !== this.parents.length) {
      throw new Error(
        `The referral tree in memory holds ${this.parents.length} members, not ${from + addresses.length}.`,
      );
    }
    for (const address of addresses) {
      if (!(this.ids.get(address)! >= from))
        throw new Error(`${address} is not among the last members of the tree in memory.`);
      this.ids.delete(address);
    }
    this.parents.length = this.depths.length = this.branches.length = from;
  }

  private place(id: number, address: string, parent: number, depth: number, branch: bigint): number {
    this.ids.set(address, id);
    this.parents[id] = parent;
    this.depths[id] = depth;
    this.branches[id] = branch;
    return id;
  }
}
