/** The server's bundle of `entry` (a path under server/, default "src/main.ts"), made when stale; its absolute path. */
export function serverBundle(entry?: string): Promise<string>;
/** The bundle of a browser-test file (a path under e2e/, such as "tests/csp.test.ts"), made when stale; its absolute path. */
export function e2eBundle(entry: string): Promise<string>;
