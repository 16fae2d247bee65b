/** The bundle of `entry` (a path under server/, default "src/main.ts"), made when stale; its absolute path. */
export function serverBundle(entry?: string): Promise<string>;
