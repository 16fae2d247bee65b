/**
 * The team explorer's pure rules: which text is an address prefix the API searches by, and the
 * breadcrumbs from the signed-in member down to the member a branch is about.
 */

/** "0x" and 6 to 40 hex digits, either case: what user/searchTeam takes (shorter gets 422). */
const PREFIX = /^0x[0-9a-f]{6,40}$/i;

/** The fewest hex digits after "0x" a search takes. */
export const MIN_PREFIX_DIGITS = 6;

/**
 * The prefix to search for in what the user typed (spaces around it dropped, lower-cased as
 * the API stores addresses), or null when it is not one the API takes.
 */
export function searchPrefix(typed: string): string | null {
  const text = typed.trim();
  return PREFIX.test(text) ? text.toLowerCase() : null;
}

/** The route of a member's branch. */
export function branchRoute(address: string): string {
  return `/team/${address.toLowerCase()}`;
}

export interface Crumb {
  address: string;
  /** The signed-in member itself: the first crumb. */
  self: boolean;
  /** The member the branch is about: the last crumb, not a link. */
  current: boolean;
}

/**
 * The breadcrumbs of a branch: `path` (the caller down to the member's inviter, as the API
 * answers it) then the member. The first is the caller's own (generation 0: `path` is empty and
 * the member is the caller).
 */
export function crumbsOf(path: readonly string[], member: string): Crumb[] {
  const all = [...path, member];
  return all.map((address, index) => ({ address, self: index === 0, current: index === all.length - 1 }));
}
