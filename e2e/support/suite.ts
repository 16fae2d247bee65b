import { after, afterEach, before } from "node:test";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, openPhone } from "./browser";
import { connectSharedStack, sharedStackFor, startStack, type Stack } from "./stack";

export interface Suite {
  /**
   * The stack `npm start` runs for this file (on ports of its own), or, under the e2e runner
   * (scripts/run.ts), the stack it shares with the files before it in its lane when this file
   * asks for nothing the shared stack lacks: its chain and database hold what those files did,
   * so a file uses accounts of its own.
   */
  readonly stack: Stack;
  readonly browser: Browser;
  /** A phone (see openPhone), closed after the test that opened it. */
  phone(options?: Parameters<typeof openPhone>[1]): ReturnType<typeof openPhone>;
}

/**
 * One test file's stack and browser, from before its first test to after its last; `setUp` runs
 * once both are up. After each test its phones close, then `afterEachTest` runs.
 */
export function e2eSuite({
  setUp,
  afterEachTest,
  timeout = 180_000,
  env,
  args,
}: {
  /** Configuration added to what `npm start` runs with. */
  env?: Record<string, string>;
  /** Options of `npm start` (`--timelock`). */
  args?: string[];
  setUp?: () => Promise<void>;
  afterEachTest?: () => Promise<void>;
  timeout?: number;
} = {}): Suite {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const phones: BrowserContext[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The suite's stack and browser start in its before hook.");
    return value;
  };

  before(
    async () => {
      const shared = sharedStackFor(env ?? {}, args ?? []);
      stack = shared ? await connectSharedStack(shared) : await startStack(env, args);
      browser = await launchBrowser();
      await setUp?.();
    },
    { timeout },
  );
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async () => {
    for (const context of phones.splice(0)) await context.close();
    if (stack) await afterEachTest?.();
  });

  return {
    get stack() {
      return started(stack);
    },
    get browser() {
      return started(browser);
    },
    async phone(options) {
      const phone = await openPhone(started(browser), options);
      phones.push(phone.context);
      return phone;
    },
  };
}
