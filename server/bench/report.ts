/** Printing and small helpers the benchmarks share. Benchmarks print figures; they never fail on them. */

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 12345.6 → "12,346". */
export const whole = (n: number) => grouped.format(n);

/** Milliseconds to one decimal. */
export const ms = (n: number) => `${n.toFixed(1)} ms`;

export const seconds = (startMs: number) => `${((performance.now() - startMs) / 1000).toFixed(1)} s`;

/** "target ≥ 10,000/s: met" — the figure's verdict, printed beside it. */
export const verdict = (target: string, met: boolean) => `target ${target}: ${met ? "met" : "NOT MET"}`;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A whole-number setting from the environment, or `fallback`; a bad value stops the run with a sentence naming it. */
export function setting(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be a whole number of at least ${min}; it is "${raw}".`);
    process.exit(2);
  }
  return value;
}

/** A seeded generator (mulberry32) of floats in [0, 1): the same synthetic data on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
