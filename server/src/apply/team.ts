/**
 * The changes one batch makes to the referral tree's figures, added up per member and per leg
 * before anything is written. It knows the part of the tree the batch touches: every member on
 * a path from the batch's inviters and buyers up to the root, with its branch (own + team
 * hashrate) as stored before the batch.
 */
export class TeamDeltas {
  private readonly inviterOf = new Map<string, string | null>();
  private readonly depthOf = new Map<string, number>();
  private readonly branchOf = new Map<string, bigint>();
  /** Hashrate bought in the batch, per buyer. */
  private readonly bought = new Map<string, bigint>();
  /** Members who bound in the batch. */
  private readonly joined = new Set<string>();

  /** Records a stored member (its inviter is null for the root) and its stored branch. */
  know(address: string, inviter: string | null, depth: number, branch = 0n): void {
    this.inviterOf.set(address, inviter);
    this.depthOf.set(address, depth);
    this.branchOf.set(address, branch);
  }

  has(address: string): boolean {
    return this.inviterOf.has(address);
  }

  /** `user` joins under `inviter` (which must be known); returns the user's depth. */
  bind(user: string, inviter: string): number {
    const depth = this.depthOf.get(inviter)! + 1;
    this.know(user, inviter, depth);
    this.joined.add(user);
    return depth;
  }

  /** `user` (known) bought `amount` of hashrate. */
  buy(user: string, amount: bigint): void {
    this.bought.set(user, (this.bought.get(user) ?? 0n) + amount);
  }

  /**
   * The batch's changes per member: its inviter, its own, team, friend and community deltas,
   * and the largest leg the batch grew under it (null when none grew). The leg from a member's
   * inviter down to it grows by the member's own plus team delta.
   *
   * Growth flows up the tree once, deepest members first: each touched member passes its
   * branch's growth and its new members to its inviter. That is one step per touched member,
   * not one per purchase and ancestor.
   */
  changes() {
    const touched = new Map<string, Change>();
    for (const start of [...this.bought.keys(), ...this.joined]) {
      let address: string | null | undefined = start;
      while (address && !touched.has(address)) {
        const depth = this.depthOf.get(address)!;
        touched.set(address, { depth, own: this.bought.get(address) ?? 0n, team: 0n, friends: 0, community: 0 });
        address = this.inviterOf.get(address);
      }
    }
    const deepestFirst = [...touched].sort(([, a], [, b]) => b.depth - a.depth);
    for (const [child, below] of deepestFirst) {
      const member = this.inviterOf.get(child);
      if (!member) continue;
      const up = touched.get(member)!;
      const growth = below.own + below.team;
      const isNew = this.joined.has(child);
      up.team += growth;
      up.community += below.community + (isNew ? 1 : 0);
      if (isNew) up.friends += 1;
      if (growth > 0n) {
        const total = this.branchOf.get(child)! + growth;
        if (up.largest === undefined || total > up.largest) up.largest = total;
      }
    }
    return [...touched]
      .filter(([, c]) => c.own > 0n || c.team > 0n || c.friends > 0 || c.community > 0)
      .map(([address, c]) => ({
        address,
        inviter: this.inviterOf.get(address) ?? null,
        own: c.own.toString(),
        team: c.team.toString(),
        friends: c.friends,
        community: c.community,
        max_leg: c.largest?.toString() ?? null,
      }));
  }
}

interface Change {
  depth: number;
  own: bigint;
  team: bigint;
  friends: number;
  community: number;
  /** The largest total among the legs the batch grew. */
  largest?: bigint;
}
