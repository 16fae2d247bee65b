import { execFileSync } from "node:child_process";

/**
 * The phone sizes a layout test visits. `npm run test:deep` (LAYOUT_SIZES=all) visits every one;
 * `npm test` visits the 320 px ones (the narrowest, in each language) and one of the others,
 * picked by the commit under test, so that successive commits cover every size.
 */
export function layoutSizes<T extends readonly [number, number, ...unknown[]]>(sizes: readonly T[]): T[] {
  if (process.env.LAYOUT_SIZES === "all") return [...sizes];
  const narrowest = sizes.filter(([width]) => width === 320);
  const others = sizes.filter(([width]) => width !== 320);
  if (others.length === 0) return narrowest;
  return [...narrowest, others[commitNumber() % others.length]];
}

/** A number from the commit under test (0 outside a git checkout). */
function commitNumber(): number {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return parseInt(head.slice(0, 8), 16) || 0;
  } catch {
    return 0;
  }
}
