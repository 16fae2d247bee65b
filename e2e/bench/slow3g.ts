/**
 * `npm run bench:slow3g`: each visitor screen loaded with an empty cache over DevTools' "Slow 3G"
 * (2 s of latency, 50,000 bytes a second each way, through the Chrome DevTools Protocol) in
 * Debian's Chromium, against the production build served by the stack `npm start` runs. Prints,
 * from the median of SLOW3G_RUNS loads per screen (3 by default), when the route's own screen
 * first shows and when its first chain figure shows (a figure every visitor gets, no longer a
 * placeholder), in ms after the navigation started, each against its target (2.5 s and 5 s).
 * `--json` prints one JSON line instead. The phone's processor is not slowed: only the network.
 */
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser, openPhone } from "../support/browser";
import { startStack } from "../support/stack";
import { buildProduction } from "./production";

const TARGET = { shellMs: 2_500, figureMs: 5_000 };

/** DevTools' "Slow 3G" preset: 400 ms × 5 of latency, 500 kbit/s × 0.8 each way. */
const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** Each screen, its own element, and the first chain figure a visitor gets on it (none on some). */
const SCREENS: readonly { route: string; shell: string; figure?: string }[] = [
  { route: "/home", shell: "home-page", figure: "home-unit-price" },
  { route: "/mine", shell: "mine-page", figure: "tier-1-remaining" },
  { route: "/pledge", shell: "pledge-page", figure: "pledge-dwn-total" },
  { route: "/share", shell: "share-page" },
  { route: "/announcement", shell: "announcement-page" },
];
const RUNS = Number(process.env.SLOW3G_RUNS ?? 3);

interface Load {
  shellMs: number;
  figureMs?: number;
}

/**
 * When, in ms after the navigation started, the element `testId` shows, filled in when `filled`:
 * the app's, or the same element of the screen's shell, which the page paints before its scripts
 * run (web/build/prerenderShells.ts names its test ids `data-shell-testid`).
 */
function shownAt(page: Page, testId: string, filled: boolean): Promise<number> {
  return page
    .waitForFunction(
      ([id, needFilled]) => {
        const element = document.querySelector(`[data-testid="${id}"], [data-shell-testid="${id}"]`);
        if (!element?.checkVisibility()) return false;
        if (needFilled && (element.matches("[data-placeholder]") || element.querySelector("[data-placeholder]"))) {
          return false;
        }
        return performance.now();
      },
      [testId, filled] as const,
      { polling: "raf", timeout: 60_000 },
    )
    .then(async (handle) => Number(await handle.jsonValue()));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const json = process.argv.includes("--json");
  const webDir = buildProduction();
  process.env.WEB_DIR = webDir;
  const stack = await startStack();
  const browser = await launchBrowser();
  const results: { route: string; shellMs: number; figureMs?: number; loads: Load[] }[] = [];
  try {
    for (const { route, shell, figure } of SCREENS) {
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A new profile each time: nothing cached, no cookie, no service worker.
        const { context, page } = await openPhone(browser);
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
        const shown = shownAt(page, shell, false);
        const filled = figure ? shownAt(page, figure, true) : undefined;
        // Both waits are in place before the page starts, so neither misses its moment.
        void shown.catch(() => undefined);
        void filled?.catch(() => undefined);
        await page.goto(stack.app(route), { waitUntil: "commit", timeout: 60_000 });
        loads.push({ shellMs: await shown, figureMs: filled ? await filled : undefined });
        await context.close();
      }
      const figures = loads.flatMap((load) => (load.figureMs === undefined ? [] : [load.figureMs]));
      results.push({
        route,
        shellMs: median(loads.map((load) => load.shellMs)),
        figureMs: figures.length > 0 ? median(figures) : undefined,
        loads,
      });
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(webDir, { recursive: true, force: true });
  }

  if (json) {
    console.log(JSON.stringify({ target: TARGET, network: SLOW_3G, results }));
    return;
  }
  const mark = (ok: boolean) => (ok ? "met" : "NOT MET");
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`Slow 3G, empty cache, production build (median of ${RUNS} loads; ms after the navigation started):\n`);
  for (const r of results) {
    console.log(`  ${r.route}`);
    console.log(
      `    screen shown        ${ms(r.shellMs)} (≤ ${ms(TARGET.shellMs)}: ${mark(r.shellMs <= TARGET.shellMs)}; loads ${r.loads.map((l) => ms(l.shellMs)).join(", ")})`,
    );
    if (r.figureMs !== undefined) {
      console.log(
        `    first chain figure  ${ms(r.figureMs)} (≤ ${ms(TARGET.figureMs)}: ${mark(r.figureMs <= TARGET.figureMs)}; loads ${r.loads.map((l) => (l.figureMs === undefined ? "-" : ms(l.figureMs))).join(", ")})`,
      );
    } else {
      console.log("    first chain figure  none: a visitor sees no chain figure on this screen");
    }
  }
}

await main();
