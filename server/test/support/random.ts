/**
 * A small seeded generator (mulberry32), so a randomized test prints its seed and a failure
 * replays exactly with that seed.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number): boolean => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** The seed from `name` in the environment (to replay a failure), else a fresh one. */
export function testSeed(name: string): number {
  const raw = process.env[name];
  if (raw !== undefined && raw !== "") {
    const seed = Number(raw);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(`${name} must be a whole number from 0 to 4294967295; it is "${raw}".`);
    }
    return seed;
  }
  return Math.floor(Math.random() * 0x100000000);
}
