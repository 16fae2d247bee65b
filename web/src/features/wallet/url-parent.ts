/**
 * The inviter address the page was opened with (spec §2: `?address=` on any page). With hash
 * routes the query sits inside the hash (`/chain/#/home?address=0x…`); a query before the
 * hash is honoured too, for links written by hand.
 */
export function readUrlParent(location: Pick<Location, "search" | "hash">): string | null {
  const hashQuery = location.hash.includes("?") ? location.hash.slice(location.hash.indexOf("?")) : "";
  for (const query of [hashQuery, location.search]) {
    const value = new URLSearchParams(query).get("address")?.trim();
    if (value) return value;
  }
  return null;
}
