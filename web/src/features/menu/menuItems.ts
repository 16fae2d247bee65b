/**
 * The navigation entries of spec §2 / DESIGN.md §6 that exist in this build. An entry with
 * `to` navigates; one without shows the "Not open yet" toast instead (Market, Exchange).
 */
export const MENU_ITEMS = [
  { key: "home", label: "nav.home", to: "/home" },
  { key: "pledge", label: "nav.pledge", to: "/pledge" },
  // The spec's "NFT" entry: the assets screen with the tiers, not only a link on home.
  { key: "nft", label: "nav.nft", to: "/mine" },
  { key: "market", label: "nav.market" },
  { key: "exchange", label: "nav.exchange" },
  { key: "ecosystem", label: "nav.ecosystem", to: "/ecosystem" },
  { key: "share", label: "nav.share", to: "/share" },
  { key: "announcement", label: "nav.announcement", to: "/announcement" },
] as const satisfies readonly { key: string; label: `nav.${string}`; to?: string }[];

export type MenuItem = (typeof MENU_ITEMS)[number];

/** Whether `pathname` is the item's screen or one below it (/announcement/3 is Announcement). */
export function isActive(item: MenuItem, pathname: string): boolean {
  return "to" in item && (pathname === item.to || pathname.startsWith(`${item.to}/`));
}
