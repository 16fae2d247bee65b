import type { Sql } from "../store/db";
import { AddressIndex } from "./addresses";

/** The latest row of tree_snapshots (see {@link ReferralTree.snapshot}). */
interface SnapshotRow {
  block: string;
  members: number;
  /** Base64: a third shorter than bytea's hex text, and as quick to decode. */
  addresses: string;
  inviters: string;
  branches: string;
}

/**
 * The referral tree as the one writing indexer keeps it in memory between batches: each
 * member's inviter, depth, number of invitees and branch (own + team hashrate, the leg its
 * inviter has through it), so that a batch finds its members' ancestors, its inviters' largest
 * legs and which legs have a row in `ranked_legs`, without asking the database. Members go by
 * their key (members.id: 0 for the root, then in the order they joined, so that an inviter's key
 * is below its invitees').
 *
 * It is loaded from the database and changed only by batches in flight: the applier drops it
 * when a batch fails, and the indexer's checkpoint write fails a batch when another writer has
 * moved the checkpoint since. An event that names a member this copy lacks fails too.
 *
 * The applier writes it now and then to tree_snapshots, in a batch's transaction: the addresses
 * and inviters as bytes, the branches as text, and the last block applied. A start loads the
 * latest snapshot and brings it up to date from the rows written since (the members who joined
 * after it, the NFTs bought after its block): a few large values instead of a row per member.
 */
export class ReferralTree {
  private index = new AddressIndex();
  /** By key: each member's inviter's key (-1 for the root), depth, number of invitees and branch. */
  private parents = new Int32Array(1024);
  private depths = new Int32Array(1024);
  private invitees = new Int32Array(1024);
  private branches = new Branches();

  /**
   * From the latest snapshot and what was written after it, or from every member's row when
   * there is none, or when the root's branch it comes to is not the one in the database.
   */
  static async load(db: Sql): Promise<{ tree: ReferralTree; behind: number }> {
    return (await ReferralTree.fromSnapshot(db)) ?? { tree: await ReferralTree.fromRows(db), behind: Infinity };
  }

  /** From every member's row. */
  static async fromRows(db: Sql): Promise<ReferralTree> {
    const rows = await db.query<{ id: number; address: string; inviter: string | null; branch: string }>(
      `SELECT m.id, m.address, m.inviter, (f.own_hashrate + f.team_hashrate)::text AS branch
       FROM members m JOIN team_figures f ON f.id = m.id ORDER BY m.id`,
    );
    const tree = new ReferralTree();
    for (const r of rows) {
      if (Number(r.id) !== tree.size) throw new Error(`The members' keys skip from ${tree.size} to ${r.id}.`);
      if (r.inviter === null) tree.member(r.address);
      else tree.bind(r.address, tree.key(r.inviter));
      tree.branches.set(tree.size - 1, BigInt(r.branch));
    }
    return tree;
  }

  /** From the latest snapshot, with how many binds and purchases it was behind. */
  private static async fromSnapshot(db: Sql): Promise<{ tree: ReferralTree; behind: number } | undefined> {
    const [snapshot] = await db.query<SnapshotRow>(
      `SELECT block_number::text AS block, members, encode(addresses, 'base64') AS addresses,
         encode(inviters, 'base64') AS inviters, branches
       FROM tree_snapshots ORDER BY block_number DESC LIMIT 1`,
    );
    if (!snapshot) return undefined;
    let tree: ReferralTree;
    try {
      tree = ReferralTree.restore(snapshot);
    } catch {
      // Not a snapshot this code wrote: the rows are read instead.
      return undefined;
    }
    // The members who joined after it (their keys follow), then the NFTs bought after it.
    const joined = await db.query<{ id: number; address: string; inviter: string }>(
      "SELECT id, address, inviter FROM members WHERE id >= $1 ORDER BY id",
      [tree.size],
    );
    for (const r of joined) {
      const inviter = r.inviter === null ? undefined : tree.find(r.inviter);
      if (Number(r.id) !== tree.size || inviter === undefined) return undefined;
      tree.bind(r.address, inviter);
    }
    const bought = await db.query<{ owner: string; amount: string }>(
      "SELECT owner, (hashrate + makeup_hashrate)::text AS amount FROM nfts WHERE block_number > $1",
      [snapshot.block],
    );
    for (const b of bought) {
      const buyer = tree.find(b.owner);
      if (buyer === undefined) return undefined;
      const amount = BigInt(b.amount);
      for (let id = buyer; id !== -1; id = tree.parent(id)) tree.grow(id, amount);
    }
    // Every purchase reaches the root's branch: one missed or counted twice shows there.
    const [root] = await db.query<{ branch: string; last: number | null }>(
      `SELECT (own_hashrate + team_hashrate)::text AS branch, (SELECT max(id) FROM members) AS last
       FROM team_figures WHERE id = 0`,
    );
    if (!root || BigInt(root.branch) !== tree.branch(0) || Number(root.last) !== tree.size - 1) return undefined;
    return { tree, behind: joined.length + bought.length };
  }

  /** A tree of the snapshot's members, with their branches at its block. */
  private static restore(snapshot: SnapshotRow): ReferralTree {
    const n = Number(snapshot.members);
    const tree = new ReferralTree();
    tree.index = AddressIndex.from(Buffer.from(snapshot.addresses, "base64"));
    const inviters = Buffer.from(snapshot.inviters, "base64");
    tree.branches = Branches.from(snapshot.branches);
    if (tree.index.size !== n || inviters.length !== n * 4 || tree.branches.length !== n) {
      throw new Error(`The referral tree's snapshot at block ${snapshot.block} does not hold ${n} members.`);
    }
    tree.parents = new Int32Array(Math.max(1024, n));
    tree.depths = new Int32Array(Math.max(1024, n));
    tree.invitees = new Int32Array(Math.max(1024, n));
    for (let id = 0; id < n; id++) {
      const parent = inviters.readInt32LE(id * 4);
      if (parent >= id || (parent === -1) !== (id === 0)) {
        throw new Error(`The referral tree's snapshot at block ${snapshot.block} has key ${id} under ${parent}.`);
      }
      tree.parents[id] = parent;
      tree.depths[id] = parent === -1 ? 0 : tree.depths[parent] + 1;
      if (parent !== -1) tree.invitees[parent]++;
    }
    return tree;
  }

  /**
   * Writes this tree as the one snapshot, inside `tx`, as of the last block the database holds
   * logs or a checkpoint of: everything applied so far.
   */
  async snapshot(tx: Sql): Promise<void> {
    const n = this.size;
    if (n === 0) return;
    const raw = this.index.raw();
    const inviters = Buffer.alloc(n * 4);
    for (let id = 0; id < n; id++) inviters.writeInt32LE(this.parents[id], id * 4);
    await tx.query("DELETE FROM tree_snapshots");
    await tx.query(
      `INSERT INTO tree_snapshots (block_number, members, addresses, inviters, branches)
       SELECT max(block_number), $1, $2, $3, $4 FROM block_hashes HAVING max(block_number) IS NOT NULL`,
      [n, Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), inviters, this.branches.text()],
    );
  }

  /** The member's key, or undefined when the tree does not hold it. */
  find(address: string): number | undefined {
    return this.index.get(address);
  }

  /**
   * The member's key. Only the root takes part without binding (DESIGN.md §3), so an unknown
   * address is the root, added here, when the tree has none yet; otherwise this copy is behind.
   */
  member(address: string): number {
    const id = this.index.get(address);
    if (id !== undefined) return id;
    if (this.size > 0) {
      throw new Error(`${address} is not in the referral tree in memory: it is behind the database.`);
    }
    return this.place(address, -1);
  }

  /** `user` binds under `inviter` (a member's key); returns the user's key. */
  bind(user: string, inviter: number): number {
    if (this.index.get(user) !== undefined) throw new Error(`${user} is bound already in the referral tree in memory.`);
    return this.place(user, inviter);
  }

  /** The inviter's key; -1 for the root. */
  parent(id: number): number {
    return this.parents[id];
  }

  depth(id: number): number {
    return this.depths[id];
  }

  /** How many members bound under the member. */
  inviteesOf(id: number): number {
    return this.invitees[id];
  }

  /**
   * The member's jump pointers (members.jumps): its ancestors 1, 2, 4, 8, … generations up, as far
   * as the root (empty for the root): ⌊log2 depth⌋ + 1 keys, 14 at depth 10,000. Found by walking
   * up the inviters in memory (a bind's path is walked anyway to raise its ancestors' figures).
   */
  jumps(id: number): number[] {
    const out: number[] = [];
    for (let at = this.parents[id], up = 1, next = 1; at !== -1; at = this.parents[at], up++) {
      if (up === next) {
        out.push(at);
        next *= 2;
      }
    }
    return out;
  }

  /** Own plus team hashrate. */
  branch(id: number): bigint {
    return this.branches.get(id);
  }

  /** Adds `amount` to the member's branch; returns the new branch. */
  grow(id: number, amount: bigint): bigint {
    const branch = this.branches.get(id) + amount;
    this.branches.set(id, branch);
    return branch;
  }

  /** How many members the tree holds (keys 0..size-1). */
  get size(): number {
    return this.index.size;
  }

  /**
   * Takes out the members with keys `from` and up (the last to join), given by address: for a
   * reorg that takes their binds back. They must be the tree's last keys.
   */
  truncate(from: number, addresses: readonly string[]): void {
    if (from + addresses.length !== this.size) {
      throw new Error(`The referral tree in memory holds ${this.size} members, not ${from + addresses.length}.`);
    }
    for (const address of addresses) {
      if (!(this.index.get(address)! >= from))
        throw new Error(`${address} is not among the last members of the tree in memory.`);
    }
    for (let id = from; id < this.size; id++) if (this.parents[id] !== -1) this.invitees[this.parents[id]]--;
    this.invitees.fill(0, from, this.size);
    this.index.truncate(from);
    this.branches.truncate(from);
  }

  /** A member's key by address, for rows the database holds: it must be in the tree. */
  private key(address: string): number {
    const id = this.index.get(address);
    if (id === undefined) throw new Error(`${address} is in the database but not in the referral tree read from it.`);
    return id;
  }

  private place(address: string, parent: number): number {
    const id = this.index.add(address);
    if (id >= this.parents.length) {
      const size = this.parents.length * 2;
      this.parents = grow(this.parents, size);
      this.depths = grow(this.depths, size);
      this.invitees = grow(this.invitees, size);
    }
    this.parents[id] = parent;
    this.depths[id] = parent === -1 ? 0 : this.depths[parent] + 1;
    if (parent !== -1) this.invitees[parent]++;
    this.branches.set(id, 0n);
    return id;
  }
}

/**
 * Branches by key. Those of a snapshot stay in its text until first read: a batch reads only its
 * members' and their ancestors', and parsing a million numbers would double the time a start takes.
 */
class Branches {
  private values: (bigint | undefined)[] = [];
  /** The snapshot's text, and where the number of each key read from it starts in it. */
  private source = "";
  private starts = new Int32Array(1);

  /** From comma-separated decimals, one per key. */
  static from(text: string): Branches {
    const branches = new Branches();
    if (text === "") return branches;
    let n = 1;
    for (let i = text.indexOf(","); i !== -1; i = text.indexOf(",", i + 1)) n++;
    const starts = new Int32Array(n + 1);
    for (let k = 1, i = text.indexOf(","); i !== -1; i = text.indexOf(",", i + 1)) starts[k++] = i + 1;
    starts[n] = text.length + 1;
    branches.source = text;
    branches.starts = starts;
    branches.values = new Array<bigint | undefined>(n);
    return branches;
  }

  get length(): number {
    return this.values.length;
  }

  get(id: number): bigint {
    let value = this.values[id];
    if (value === undefined) {
      if (id >= this.values.length) throw new Error(`The referral tree in memory has no key ${id}.`);
      value = this.values[id] = BigInt(this.source.slice(this.starts[id], this.starts[id + 1] - 1));
    }
    return value;
  }

  set(id: number, value: bigint): void {
    this.values[id] = value;
  }

  truncate(n: number): void {
    this.values.length = n;
  }

  /** Comma-separated decimals, one per key. */
  text(): string {
    const out = new Array<string>(this.values.length);
    for (let id = 0; id < out.length; id++) {
      const value = this.values[id];
      out[id] = value === undefined ? this.source.slice(this.starts[id], this.starts[id + 1] - 1) : value.toString();
    }
    return out.join(",");
  }
}

function grow(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(size);
  grown.set(array);
  return grown;
}
