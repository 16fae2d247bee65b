import type { Tier } from "../../../lib/reads/pool";
import { formatDecimal } from "../../../lib/format";
import nft1 from "../../../assets/nft1.svg";
import nft2 from "../../../assets/nft2.svg";
import nft3 from "../../../assets/nft3.svg";
import nft4 from "../../../assets/nft4.svg";
import nft5 from "../../../assets/nft5.svg";

/** The ids that have a description and an image (spec §3: nft1 … nft5). */
const DESCRIBED = ["1", "2", "3", "4", "5"] as const;
export type DescribedTier = (typeof DESCRIBED)[number];

/**
 * The pool's tiers, in order: it has TIER_COUNT = 5 of them, ids 1 to 5 (Pool.sol's info()), each
 * one the product describes. What a tier costs and how many are left are read from the chain.
 */
export const TIER_IDS: readonly bigint[] = DESCRIBED.map(BigInt);

/** Spec §3: Remaining = supply − sold. */
export function tierRemaining({ supply, sold }: Pick<Tier, "supply" | "sold">): bigint {
  return supply - sold;
}

/** Spec §4 step 1: a tier with nothing left cannot be bought. */
export function isSoldOut(tier: Pick<Tier, "supply" | "sold">): boolean {
  return tierRemaining(tier) <= 0n;
}

/** The key under mine.nftDescription of a tier, or undefined for an id the product does not describe. */
export function describedTier(id: bigint | number): DescribedTier | undefined {
  const key = String(id);
  return (DESCRIBED as readonly string[]).includes(key) ? (key as DescribedTier) : undefined;
}

/** Each described tier's picture. Each is under a kilobyte, so the build writes it into the script. */
const IMAGES: Record<DescribedTier, string> = { "1": nft1, "2": nft2, "3": nft3, "4": nft4, "5": nft5 };

/** The tier's picture: nft1 … nft5 (nft1 for an id the product does not describe). */
export function tierImage(id: bigint | number): string {
  return IMAGES[describedTier(id) ?? "1"];
}

/** `multiple` has 4 decimals: 15000 → "1.5". */
export function formatMultiple(multiple: bigint): string {
  return formatDecimal(multiple, 4);
}

/**
 * The compensation of spec §2, "{makeupPercent}^{makeupCount}": the raw daily factor / 10000
 * (10100 → "1.01") raised to the days since buying opened.
 */
export function makeupValues({ makeupPercent, makeupCount }: { makeupPercent: bigint; makeupCount: bigint }) {
  return {
    makeupPercent: formatDecimal(makeupPercent, 4),
    makeupCount: makeupCount.toString(),
  };
}
