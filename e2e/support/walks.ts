import { layoutSizes } from "./sizes";

/**
 * What the screens test (tests/screens.test.ts) checks, as data: for each scene, the stops of its
 * walk (a phone size in a language), and at each stop the screens and popups it visits with the
 * checks each gets, all on the same page state:
 * - axe: axe-core finds no serious or critical WCAG 2.1 A/AA violation (support/axe.ts);
 * - tap: every control is at least 44×44 CSS px (support/tap-targets.ts; in a popup, its frame's);
 * - overflow: nothing scrolls sideways or sticks out past the right edge (support/layout.ts);
 * - sideways: with 44 px controls, no control is pushed past the right edge (support/tap-targets.ts);
 * - placed: the popup sits inside the screen (centred when it is a centred one) and each of its
 *   controls can be reached (support/layout.ts).
 * A scene's walk visits each size once, whatever checks ask for it.
 */
export type Check = "axe" | "tap" | "overflow" | "sideways" | "placed";
export type Language = "zh-cn" | "en-us";
export type Size = readonly [width: number, height: number, language: Language];

export interface Stop {
  width: number;
  height: number;
  language: Language;
  /** Each screen (a route) or popup (a name in {@link POPUPS}) visited, in order, with its checks. */
  targets: Map<string, Set<Check>>;
}

/** Each screen's route and the test id of its page. */
export const PAGE_IDS: Record<string, string> = {
  "/home": "home-page",
  "/mine": "mine-page",
  "/pledge": "pledge-page",
  "/share": "share-page",
  "/incomeLog": "income-log-page",
  "/backpack": "backpack-page",
  "/announcement": "announcement-page",
  "/ecosystem": "ecosystem-page",
  "/not_bound": "not-bound-page",
  "/contractDetails": "contract-details-page",
};

/** The stake's details: the route takes the stake's id (see the test). */
export const DETAILS = "/contractDetails";
const MAIN = ["/home", "/mine", "/pledge", "/share", "/incomeLog", "/backpack", "/announcement", "/ecosystem"];

export interface Popup {
  /** The screen it opens on, freshly loaded. */
  screen: string;
  /** What is tapped (the team list: scrolled to) to open it; "wallet-picker" opens the wallet picker. */
  open: readonly string[];
  /** A test id inside it that shows once its content is there. */
  ready: string;
  /** The test id of the popup (or of what it holds) that is placed and measured; none for a disclosure. */
  shown?: string;
}

export const POPUPS: Record<string, Popup> = {
  "wallet picker": { screen: "/home", open: ["wallet-picker"], ready: "wallet-picker" },
  "wallet menu": { screen: "/home", open: ["wallet-button"], ready: "wallet-disconnect", shown: "wallet-menu" },
  "recent transactions": {
    screen: "/home",
    open: ["wallet-button", "wallet-recent"],
    ready: "recent-empty",
    shown: "recent-empty",
  },
  "side menu and language picker": {
    screen: "/home",
    open: ["tab-menu"],
    ready: "language-en-us",
    shown: "menu-popup",
  },
  buy: { screen: "/mine", open: ["tier-1-buy"], ready: "buy-confirm", shown: "buy-popup" },
  withdraw: {
    screen: "/mine",
    open: ["collect-static-withdraw"],
    ready: "withdraw-confirm",
    shown: "withdraw-confirm",
  },
  "claim and its fee": { screen: DETAILS, open: ["detail-claim"], ready: "income-popup", shown: "income-popup" },
  "redeem and its fee": {
    screen: DETAILS,
    open: ["detail-redeem"],
    ready: "principal-popup",
    shown: "principal-popup",
  },
  /** The share screen's "Open this page in a wallet app" disclosure, opened (not a popup). */
  "share's wallet-app links": { screen: "/share", open: ["share-open-in-toggle"], ready: "share-open-in" },
};

const SIDE_MENU = "side menu and language picker";
const SIGNED_IN_POPUPS = [
  "wallet menu",
  "recent transactions",
  SIDE_MENU,
  "buy",
  "withdraw",
  "claim and its fee",
  "redeem and its fee",
];

const AXE_SIZES: Size[] = [
  [375, 812, "zh-cn"],
  [375, 812, "en-us"],
];
const TAP_SIZES: Size[] = [
  [320, 568, "zh-cn"],
  [375, 812, "zh-cn"],
];

/** The stops of a walk: each size once, in the order first asked for, with every check asked of it. */
export function walk(
  asked: readonly { sizes: readonly Size[]; targets: readonly string[]; checks: readonly Check[] }[],
) {
  const stops = new Map<string, Stop>();
  for (const { sizes, targets, checks } of asked) {
    for (const [width, height, language] of sizes) {
      const key = `${width}×${height} ${language}`;
      const stop = stops.get(key) ?? { width, height, language, targets: new Map<string, Set<Check>>() };
      stops.set(key, stop);
      for (const target of targets) {
        const set = stop.targets.get(target) ?? new Set<Check>();
        stop.targets.set(target, set);
        for (const check of checks) set.add(check);
      }
    }
  }
  // Screens first, in the order of PAGE_IDS, then popups in the order asked.
  const order = (target: string) => (target in PAGE_IDS ? Object.keys(PAGE_IDS).indexOf(target) : 100);
  for (const stop of stops.values()) {
    stop.targets = new Map([...stop.targets].sort(([a], [b]) => order(a) - order(b)));
  }
  return [...stops.values()];
}

/** Signed out (a wallet installed, not connected). */
export function signedOutWalk(): Stop[] {
  return walk([
    { sizes: AXE_SIZES, targets: [...MAIN, "/not_bound", DETAILS, SIDE_MENU, "wallet picker"], checks: ["axe"] },
    { sizes: TAP_SIZES, targets: [...MAIN, "/not_bound", DETAILS, SIDE_MENU], checks: ["tap"] },
    {
      sizes: layoutSizes<Size>([
        [320, 568, "zh-cn"],
        [320, 568, "en-us"],
        [414, 896, "zh-cn"],
        [568, 320, "zh-cn"],
      ]),
      targets: MAIN,
      checks: ["overflow"],
    },
  ]);
}

/** Signed in: a member with a tier 1 NFT, income, a friend in its team and a stake in its redeem window. */
export function signedInWalk(): Stop[] {
  const sizes = layoutSizes<Size>([
    [320, 568, "zh-cn"],
    [320, 568, "en-us"],
    [375, 812, "zh-cn"],
    [414, 896, "zh-cn"],
    [568, 320, "zh-cn"],
  ]);
  return walk([
    {
      sizes: AXE_SIZES,
      targets: [...MAIN, DETAILS, ...SIGNED_IN_POPUPS, "share's wallet-app links"],
      checks: ["axe"],
    },
    { sizes, targets: ["wallet menu"], checks: ["axe"] },
    { sizes, targets: SIGNED_IN_POPUPS, checks: ["placed"] },
    {
      sizes: TAP_SIZES,
      targets: [...MAIN, DETAILS, "wallet menu", "buy", "withdraw", "claim and its fee", "redeem and its fee"],
      checks: ["tap"],
    },
    {
      sizes: [
        [320, 568, "zh-cn"],
        [568, 320, "zh-cn"],
      ],
      targets: [...MAIN, DETAILS],
      checks: ["sideways"],
    },
    {
      sizes: sizes.filter(([width]) => width !== 375),
      targets: ["/home", "/mine", "/pledge", "/share", "/incomeLog", "/backpack", DETAILS],
      checks: ["overflow"],
    },
  ]);
}

/** Every check of a walk as a line: the scene, the size and language, the target and the check. */
export function checkLines(scene: string, stops: readonly Stop[]): string[] {
  return stops.flatMap(({ width, height, language, targets }) =>
    [...targets].flatMap(([target, checks]) =>
      [...checks].map((check) => `${scene} | ${width}×${height} ${language} | ${target} | ${check}`),
    ),
  );
}
