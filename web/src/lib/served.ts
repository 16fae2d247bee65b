import { SERVED_FIGURES_ID, type RuntimeConfig, type ServedFigures } from "@dwn/api";
import type { DataTag, QueryClient, QueryKey } from "@tanstack/react-query";
import { afterSettled } from "./idle";
import type { PoolReserve, Tier } from "./reads/pool";
import type { FeeRates, StakeView } from "./reads/staking";

/**
 * The public chain figures the server wrote into the page (server/src/serve/figures.ts), all of
 * one block. A screen's prefetch puts them in the query cache ({@link seedServed}), so the screen
 * paints them at once; its own reads from the RPC replace them once it has settled. Until then a
 * seeded query's `dataUpdatedAt` is {@link seededAt}: how a card knows to say which block its
 * figures are of (components/ServedBlockNote).
 */
interface Served {
  block: bigint;
  contracts: ServedFigures["contracts"];
  tiers: readonly Tier[];
  poolReserve: PoolReserve;
  stakeView: StakeView;
  rewardPerUnitPerSecond: bigint;
  feeRates: FeeRates;
  /** The newest announcements (ServedFigures.notices) as the page carries them, unchecked: /announcement checks them. */
  notices?: unknown;
}

function integer(value: unknown): bigint {
  if (typeof value !== "string" || !/^\d{1,78}$/.test(value)) throw new TypeError("not a served integer");
  return BigInt(value);
}

function integers<K extends string>(value: unknown, keys: readonly K[]): Record<K, bigint> {
  if (typeof value !== "object" || value === null) throw new TypeError("not a served struct");
  return Object.fromEntries(keys.map((key) => [key, integer(Reflect.get(value, key))])) as Record<K, bigint>;
}

const TIER_KEYS = ["id", "supply", "sold", "usdtprice", "dwn8price", "multiple", "limit"] as const;

/** The page's figures, checked field by field; undefined when the page has none or they do not parse. */
function parse(text: string | null | undefined): Served | undefined {
  if (!text) return undefined;
  try {
    const raw = JSON.parse(text) as Record<keyof ServedFigures, unknown>;
    const contracts = raw.contracts as ServedFigures["contracts"];
    if (!Array.isArray(raw.tiers) || typeof contracts?.pool !== "string") return undefined;
    return {
      block: integer(raw.block),
      contracts,
      tiers: raw.tiers.map((tier) => integers(tier, TIER_KEYS)),
      poolReserve: integers(raw.poolReserve, ["reserve", "staticRewardPerSecond"]),
      stakeView: integers(raw.stakeView, ["dwnAmount", "a8Amount", "cycle", "gracePeriod"]),
      rewardPerUnitPerSecond: integer(raw.rewardPerUnitPerSecond),
      feeRates: integers(raw.feeRates, ["unstakeFeeRate", "collectFeeRate"]),
      notices: raw.notices,
    };
  } catch {
    return undefined;
  }
}

let served: Served | undefined | null = null;

/** When the app took the page's figures in: the `dataUpdatedAt` of a query still showing them. */
const seededAt = Date.now();

/** The page's figures, if they are of the deployment the app runs against. */
export function servedFigures(contracts: RuntimeConfig["contracts"]): Served | undefined {
  if (served === null)
    served =
      typeof document === "undefined" ? undefined : parse(document.getElementById(SERVED_FIGURES_ID)?.textContent);
  const of = served?.contracts;
  const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();
  return of && same(of.pool, contracts.pool) && same(of.staking, contracts.staking) && same(of.dwn, contracts.dwn)
    ? served
    : undefined;
}

/** One query's data from the page's figures: its key (typed by its queryOptions) and the value. */
export type Seed = readonly [key: QueryKey, data: unknown];
export const seed = <T, E>(key: DataTag<QueryKey, T, E>, data: T): Seed => [key, data];

/**
 * Puts the page's figures in the cache for the queries that have none yet. They count as fresh,
 * so a screen does not read them again as it mounts, which on a slow phone would compete with
 * its first paint for the link and the processor; once the screen has settled (lib/idle.ts),
 * every query still showing them reads the chain. Returns false when the page carries none.
 */
export function seedServed(
  queryClient: QueryClient,
  contracts: RuntimeConfig["contracts"],
  seeds: (figures: Served) => readonly Seed[],
): boolean {
  const figures = servedFigures(contracts);
  if (!figures) return false;
  for (const [key, data] of seeds(figures)) {
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, data, { updatedAt: seededAt });
  }
  // Stale from then on: the queries on the screen read at once, any other as soon as a screen shows it.
  afterSettled(
    () => void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt === seededAt }),
  );
  return true;
}

/** The block the page's figures are of, while any of `queries` still shows them; undefined once they are the app's own reads. */
export function servedBlock(
  contracts: RuntimeConfig["contracts"],
  ...queries: readonly { data: unknown; dataUpdatedAt: number }[]
): bigint | undefined {
  const showing = queries.some((query) => query.data !== undefined && query.dataUpdatedAt === seededAt);
  return showing ? servedFigures(contracts)?.block : undefined;
}

/** For tests: read the page's element again. */
export function forgetServedFigures() {
  served = null;
}

/**
 * The figures to seed from, given as the page's data block's text, where there is no page: the
 * server's rendering of the shells (app/prerender.tsx). Undefined: none again.
 */
export function setServedFigures(text: string | undefined) {
  served = parse(text);
}
