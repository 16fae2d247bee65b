/** Statuses, languages and the endpoints of DESIGN.md §4 with their payloads and data. */

export const Status = {
  ok: 200,
  notSignedIn: 401,
  badInput: 422,
  /**
   * Too many requests from this address or with this token: also sent as the HTTP status
   * (429, with `Retry-After` in seconds), in a plain JSON body even when the request carried
   * `sKey` (the limit answers before the envelope is opened).
   */
  tooMany: 429,
  businessRule: 10001,
  serverFault: 500,
} as const;
export type Status = (typeof Status)[keyof typeof Status];

/**
 * The HTTP errors that carry a `{status, msg, data}` body (plain JSON, never sealed), and the
 * status in it: a limit's refusal, and a body over the server's size limit (answered before
 * the body, and so its envelope, is read). Every other HTTP error carries no reply.
 */
export const HTTP_ERRORS_WITH_REPLY: Readonly<Record<number, Status>> = {
  413: Status.badInput,
  429: Status.tooMany,
};

export interface Reply<T> {
  status: Status;
  msg: string;
  data: T;
}

export const languages = ["zh-cn", "en-us"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "zh-cn";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** `GET /api/config`: what the web app starts from. */
export interface RuntimeConfig {
  chain: {
    id: number;
    name: string;
    rpcUrl: string;
    /** Further public RPCs for reads, tried in order after `rpcUrl` when it fails. */
    rpcUrls?: string[];
    currency: { name: string; symbol: string; decimals: number };
    explorer: string | null;
  };
  contracts: {
    usdt: `0x${string}`;
    dwn9: `0x${string}`;
    dwn: `0x${string}`;
    a8: `0x${string}`;
    udbk: `0x${string}`;
    pool: `0x${string}`;
    staking: `0x${string}`;
    /** The TimelockController that owns the pool and staking, where the deployment has one. */
    timelock?: `0x${string}`;
  };
  /** RSA-2048 public key, base64 SPKI DER. */
  publicKey: string;
  /** WalletConnect's project id for this deployment; absent or null: WalletConnect is not offered. */
  walletConnect?: { projectId: string } | null;
}

/** `GET /api/system/status`. */
export interface SystemStatus {
  chainId: number;
  headBlock: number;
  indexedBlock: number;
  /** Reorgs the indexer has undone, and the last one's depth in blocks (null before the first). */
  reorgs: number;
  lastReorgDepth: number | null;
  /** The chain's finalized head as the API's RPC answers now; null when it did not answer. */
  finalizedBlock: number | null;
  /** `finalizedBlock` minus `indexedBlock` (never below 0); null when the RPC did not answer. */
  lag: number | null;
  /** When the indexer last polled the chain successfully (unix seconds); null before it first did. */
  lastPollAt: number | null;
}

/** Amounts are 18-decimal integers as decimal strings; times are unix seconds. */
export type Amount = string;

export interface TeamInfo {
  performance: Amount;
  all_performance: Amount;
  small_performance: Amount;
  all_small_performance: Amount;
  friend_num: number;
  community_num: number;
  /** 0 below the first threshold, else 1–5. */
  level: number;
}

export interface Friend {
  address: string;
  create_time: number;
  team_performance: Amount;
  community_num: number;
  level: number;
}

/**
 * A member of the caller's team as the team explorer shows it (user/getTeamBranch,
 * user/searchTeam): the caller or one of its descendants, never anyone else.
 */
export interface TeamMember {
  address: string;
  /** When it bound its inviter (the bind's block time); null for the root, which never binds. */
  create_time: number | null;
  /** How many generations below the caller it is (0: the caller). */
  generation: number;
  own_hashrate: Amount;
  /** Everything below it. */
  team_hashrate: Amount;
  /** Own + team: the leg its inviter has through it. */
  team_performance: Amount;
  /**
   * Community performance, the "small area" the level rules use: team hashrate less its largest
   * direct leg (as user/getMemberTeamInfo's small_performance).
   */
  small_performance: Amount;
  friend_num: number;
  community_num: number;
  /** How many generations its branch goes below it (0 without invitees). */
  branch_depth: number;
  /** The highest NFT tier it bought; 0 when none. */
  top_tier: number;
  /** 0 below the first threshold, else 1–5 (by small_performance). */
  level: number;
}

/**
 * A direct friend of the member a branch is about, with what its row in the list shows: one of
 * its legs. Its whole summary is its own branch's `member`, read when it is opened.
 */
export interface TeamLeg {
  address: string;
  /** Own + team: the leg's size, as TeamMember's. */
  team_performance: Amount;
  friend_num: number;
  /** This leg is the member's largest (the one small_performance leaves out); at most one is. */
  largest: boolean;
}

/** user/getTeamBranch: a member of the caller's team, and a page of its direct friends. */
export interface TeamBranch {
  member: TeamMember;
  /** The addresses from the caller down to the member's inviter (empty for the caller): breadcrumbs. */
  path: string[];
  /**
   * Its largest direct leg (greatest team_performance; of equal ones, the first to join), which
   * small_performance leaves out; null without direct friends.
   */
  largest_leg: { address: string; team_performance: Amount } | null;
  /** A page of its direct friends, in the order asked for. */
  friends: TeamLeg[];
}

/** user/getTeamBranch's orders of friends: as they joined (as user/getFriendList), or largest leg first. */
export const teamOrders = ["joined", "legs"] as const;
export type TeamOrder = (typeof teamOrders)[number];

export interface Nft {
  token_id: string;
  tier: number;
  hashrate: Amount;
  makeup_hashrate: Amount;
  usdtprice: Amount;
  create_time: number;
  tx_hash: string;
}

export const incomeTypes = ["static", "direct", "generation", "guarantee"] as const;
export type IncomeType = (typeof incomeTypes)[number];

/**
 * NFT/getIncomeList's `type` filter also takes the product's income names, each a group of
 * rows (DESIGN.md §6 "Income names"): static income (kind 1 static and kind 4 guaranteed
 * return), dynamic income (everything `userDynamicProfit` holds: generation and direct push),
 * and withdrawals (both payouts).
 */
export const incomeGroups = {
  static_income: ["static", "guarantee"],
  dynamic_income: ["generation", "direct"],
  withdrawal: ["collect_static", "collect_dynamic"],
} as const satisfies Record<string, readonly (IncomeType | "collect_static" | "collect_dynamic")[]>;
export type IncomeGroup = keyof typeof incomeGroups;

export interface Income {
  type: IncomeType | "collect_static" | "collect_dynamic";
  amount: Amount;
  timestamp: number;
  tx_hash: string;
  from_address: string | null;
}

export interface IncomePage {
  /** Cumulative gains (the four income kinds, not collections), whatever the filter. */
  total: Amount;
  /** Every payout of static and dynamic income so far (the collections), whatever the filter. */
  collected: Amount;
  list: Income[];
}

export interface StakeRecord {
  id: string;
  status: 0 | 1 | 2;
  pay_dwn: Amount;
  pay_a8: Amount;
  units: string;
  days: number;
  start_timestamp: number;
  end_timestamp: number;
  redeemed: boolean;
}

export interface RewardRow {
  timestamp: number;
  reward_num: Amount;
}
/** A claim: `reward_num` is the reward it took, `fee` the fee the contract kept; the user received the difference. */
export interface ClaimRow extends RewardRow {
  collect_id: string;
  tx_hash: string;
  fee: Amount;
}

export interface StakeRewards {
  /** Reward accrued so far, claimed or not. */
  num: Amount;
  list: (RewardRow | ClaimRow)[];
}

export interface Notice {
  id: number;
  title: string;
  body: string;
  create_time: number;
  update_time: number;
}

/** A setting's value: integers (base units, basis points, seconds) as decimal strings; addresses; flags; lists. */
export type SettingValue = string | boolean | string[];

/**
 * An owner change queued in the timelock that owns the pool and staking: public from the moment
 * it is scheduled, it can take effect from `ready_at` on (anyone may execute it then).
 */
export interface UpcomingChange {
  /** The timelock operation (one operation may make several changes, told apart by `index`). */
  id: string;
  index: number;
  /** What it changes: a pool or staking setting, the timelock itself, or another contract's call. */
  contract: "pool" | "staking" | "timelock" | "other";
  /** The function called: setFeeRates, setStakeTerms, setTier, pause, updateDelay, …; "call" for another contract. */
  setting: string;
  /** The new values by parameter name (for "call": target and data). */
  values: Record<string, SettingValue>;
  /** The same parameters' values now on the chain; null when unknown or not a value (creditGuarantee, pause). */
  current: Record<string, SettingValue> | null;
  scheduled_at: number;
  ready_at: number;
  /** The transaction that scheduled it. */
  tx_hash: string;
}

/** Endpoint → [payload, data]. Every payload value is sent as a string. */
export interface Endpoints {
  "user/get_address_random": [{ address: string }, string];
  "user/login": [{ address: string; signs: string }, { access_token: string }];
  /** Ends the session of the token sent (other devices' sessions of the address go on). */
  "user/logout": [Record<string, never>, null];
  "user/getMemberTeamInfo": [Record<string, never>, TeamInfo];
  "user/getFriendList": [{ page: string; limit: string }, Friend[]];
  /**
   * A member of the caller's own team (the caller when `address` is left out) with a page of its
   * direct friends: `order` "joined" (default: earliest first) or "legs" (largest team_performance
   * first; then earliest). Anyone else (outside the caller's branch) is refused with 422.
   */
  "user/getTeamBranch": [{ address?: string; page: string; limit: string; order?: TeamOrder }, TeamBranch];
  /**
   * The caller's team members (the caller included) whose address starts with `prefix`: "0x" and
   * 6 to 40 hex characters, either case. In address order, paged.
   */
  "user/searchTeam": [{ prefix: string; page: string; limit: string }, TeamMember[]];
  "NFT/getNFTList": [{ page: string; limit: string }, Nft[]];
  "NFT/getIncomeList": [
    { page: string; limit: string; type?: string; start_time?: string; end_time?: string },
    IncomePage,
  ];
  "stake/getStakeList": [{ page: string; rows: string; status: string }, StakeRecord[]];
  "stake/getStakeById": [{ id: string; page: string; limit: string }, StakeRewards];
  "notice/getList": [{ page: string; limit: string }, Notice[]];
  "notice/getDetail": [{ id: string }, Notice];
  /** Owner changes queued and not yet executed or cancelled, soonest first. */
  "system/getUpcomingChanges": [Record<string, never>, UpcomingChange[]];
}
export type Endpoint = keyof Endpoints;
export type Payload<E extends Endpoint> = Endpoints[E][0];
export type Data<E extends Endpoint> = Endpoints[E][1];

/** Endpoints that answer without a session key and without a token. */
export const openEndpoints: readonly Endpoint[] = [
  "user/get_address_random",
  "user/login",
  "notice/getList",
  "notice/getDetail",
  "system/getUpcomingChanges",
];

/**
 * The public chain figures the server writes into the web app's page (`index.html`, as the JSON
 * of `<script id="served-figures" type="application/json">`), all read at one block, so a
 * screen paints them before its own reads from the RPC answer. Integers are decimal strings.
 * The app shows them as "of block N" until its own read replaces them.
 */
export interface ServedFigures {
  block: string;
  /** The contracts read: a page served for one deployment is not taken for another's. */
  contracts: { pool: `0x${string}`; staking: `0x${string}`; dwn: `0x${string}` };
  /** The pool's `info()`: every NFT tier, in id order. */
  tiers: {
    id: string;
    supply: string;
    sold: string;
    usdtprice: string;
    dwn8price: string;
    multiple: string;
    limit: string;
  }[];
  /** DWN held by the pool and its static emission per second. */
  poolReserve: { reserve: string; staticRewardPerSecond: string };
  /** The staking contract's `stakeView()`. */
  stakeView: { dwnAmount: string; a8Amount: string; cycle: string; gracePeriod: string };
  rewardPerUnitPerSecond: string;
  feeRates: { unstakeFeeRate: string; collectFeeRate: string };
  /**
   * The newest announcements in each language, as notice/getList answers its first page of
   * {@link LIST_PAGE_SIZE} (newest first), without their bodies, which a list does not show:
   * /announcement's first rows. Absent when the database did not answer.
   */
  notices?: Record<Language, ServedNotice[]>;
}

/** An announcement as the page carries it: all but its body. */
export type ServedNotice = Omit<Notice, "body">;

/** Rows per page of the app's paged lists (web/src/lib/paging.ts), and of the announcements the page carries. */
export const LIST_PAGE_SIZE = 10;

/** The id of the page's element that carries {@link ServedFigures}. */
export const SERVED_FIGURES_ID = "served-figures";

/**
 * The module, in the built web app's folder, that renders the shells of the screens showing
 * {@link ServedFigures} with them in place (web/src/app/prerender.tsx, built for Node): its
 * `renderServedShells(figures, config)` takes the data block's text and the runtime config and
 * gives each shell's markup by language and screen. Its folder starts with a dot: never served.
 */
export const SHELL_RENDERER = ".shells/prerender.mjs";
