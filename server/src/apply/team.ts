/**
 * The changes one batch makes to the referral tree's figures, added up per member and per leg
 * before anything is written. It knows the part of the tree the batch touches: every member on
 * a path from the batch's inviters and buyers up to the root.
 */
export class TeamDeltas {
  private readonly inviterOf = new Map<string, string | null>();
  private readonly depthOf = new Map<string, number>();
  private readonly members = new Map<string, { own: bigint; team: bigint; friends: number; community: number }>();
  private readonly legs = new Map<string, { member: string; child: string; delta: bigint }>();

  /** Records a stored member (its inviter is null for the root). */
  know(address: string, inviter: string | null, depth: number): void {
    this.inviterOf.set(address, inviter);
    this.depthOf.set(address, depth);
  }

  has(address: string): boolean {
    return this.inviterOf.has(address);
  }

  /** `user` joins under `inviter` (which must be known); returns the user's depth. */
  bind(user: string, inviter: string): number {
    const depth = this.depthOf.get(inviter)! + 1;
    this.know(user, inviter, depth);
    this.member(inviter).friends += 1;
    for (const { ancestor } of this.pathAbove(user)) this.member(ancestor).community += 1;
    return depth;
  }

  /** `user` (known) bought `amount` of hashrate: its own, and its ancestors' team and legs. */
  buy(user: string, amount: bigint): void {
    this.member(user).own += amount;
    for (const { ancestor, child } of this.pathAbove(user)) {
      this.member(ancestor).team += amount;
      const key = `${ancestor}>${child}`;
      const leg = this.legs.get(key) ?? { member: ancestor, child, delta: 0n };
      leg.delta += amount;
      this.legs.set(key, leg);
    }
  }

  memberRows() {
    return [...this.members].map(([address, d]) => ({
      address,
      own: d.own.toString(),
      team: d.team.toString(),
      friends: d.friends,
      community: d.community,
    }));
  }

  legRows() {
    return [...this.legs.values()].map((l) => ({ member: l.member, child: l.child, delta: l.delta.toString() }));
  }

  /** Each ancestor of `address`, nearest first, with the child the path comes up through. */
  private *pathAbove(address: string): Generator<{ ancestor: string; child: string }> {
    let child = address;
    let ancestor = this.inviterOf.get(child);
    while (ancestor) {
      yield { ancestor, child };
      child = ancestor;
      ancestor = this.inviterOf.get(child);
    }
  }

  private member(address: string) {
    let d = this.members.get(address);
    if (!d) {
      d = { own: 0n, team: 0n, friends: 0, community: 0 };
      this.members.set(address, d);
    }
    return d;
  }
}
