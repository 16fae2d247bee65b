/** The server's bundle of `entry` (a path under server/, default "src/main.ts"), made when stale; its absolute path. */
export function serverBundle(entry?: string): Promise<string>;
/** The server's bundle of `entry` if it is made and fresh, without making it; undefined otherwise. */
export function madeServerBundle(entry?: string): string | undefined;
/** The bundle of a browser-test file (a path under e2e/, such as "tests/csp.test.ts"), made when stale; its absolute path. */
export function e2eBundle(entry: string): Promise<string>;
