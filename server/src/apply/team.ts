import type { ReferralTree } from "./tree";

/**
 * How many invitees a member has when its legs get rows of their own in `ranked_legs`
 * (migration 18), kept in the team explorer's "largest legs first" order: below it, sorting them
 * on each call reads fewer rows than keeping them in order costs the purchases under them.
 */
export const LEGS_FROM = 32;

/**
 * The changes one batch makes to the referral tree's figures, added up per member before
 * anything is written. Members go by their keys; the batch's binds are in the tree already.
 */
export class TeamDeltas {
  /** Hashrate bought in the batch, per buyer. */
  private readonly bought = new Map<number, bigint>();
  /** Members who bound in the batch. */
  private readonly joined = new Set<number>();

  constructor(private readonly tree: ReferralTree) {}

  /** `member` bound in the batch. */
  bind(member: number): void {
    this.joined.add(member);
  }

  /** `member` bought `amount` of hashrate. */
  buy(member: number, amount: bigint): void {
    this.bought.set(member, (this.bought.get(member) ?? 0n) + amount);
  }

  /**
   * The batch's changes per member: its own, team, friend and community deltas, the largest
   * leg the batch grew under it (null when none grew), and how deep below it the deepest member
   * who bound in the batch is (null when none bound below it): its branch is at least that deep. A member's branch grows by its own plus
   * team delta, and so does the leg its inviter has through it. The tree's branches are moved on
   * to the new figures as they are worked out.
   *
   * Growth flows up the tree once, deepest members first: each touched member passes its
   * branch's growth and its new members to its inviter. That is one step per touched member,
   * not one per purchase and ancestor.
   */
  changes() {
    const { tree } = this;
    const touched = new Map<number, Change>();
    // Touched members by depth, so that the deepest go first without a sort.
    const levels: number[][] = [];
    for (const start of [...this.bought.keys(), ...this.joined]) {
      for (let id = start; id !== -1 && !touched.has(id); id = tree.parent(id)) {
        touched.set(id, {
          own: this.bought.get(id) ?? 0n,
          team: 0n,
          friends: 0,
          community: 0,
          reach: this.joined.has(id) ? 0 : undefined,
        });
        (levels[tree.depth(id)] ??= []).push(id);
      }
    }
    const rows = [];
    for (let depth = levels.length - 1; depth >= 0; depth--) {
      for (const child of levels[depth] ?? []) {
        const below = touched.get(child)!;
        const growth = below.own + below.team;
        const branch = growth > 0n ? tree.grow(child, growth) : tree.branch(child);
        if (growth > 0n || below.friends > 0 || below.community > 0) {
          rows.push({
            id: child,
            own: below.own.toString(),
            team: below.team.toString(),
            friends: below.friends,
            community: below.community,
            max_leg: below.largest?.toString() ?? null,
            height: below.reach !== undefined && below.reach > 0 ? below.reach : null,
          });
        }
        const member = tree.parent(child);
        if (member === -1) continue;
        const up = touched.get(member)!;
        const isNew = this.joined.has(child);
        up.team += growth;
        up.community += below.community + (isNew ? 1 : 0);
        if (isNew) up.friends += 1;
        if (growth > 0n && (up.largest === undefined || branch > up.largest)) up.largest = branch;
        if (below.reach !== undefined && (up.reach === undefined || below.reach + 1 > up.reach)) {
          up.reach = below.reach + 1;
        }
      }
    }
    return rows;
  }
}

interface Change {
  own: bigint;
  team: bigint;
  friends: number;
  community: number;
  /** The largest new branch among the children whose branch the batch grew. */
  largest?: bigint;
  /** How far below the member the deepest one who bound in the batch is (0: itself); none bound below when undefined. */
  reach?: number;
}
