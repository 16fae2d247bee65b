/**
 * `npm run screenshots`: refreshes the phone screenshots the README shows (docs/screenshots/
 * <language>/<screen>.png, zh-cn and en-us). Starts the stack `npm start` runs, signs alice in
 * with the test wallet (bound to root, a tier 3 NFT, two staking units, two direct friends) and
 * photographs each main screen at 375×812 once its figures have loaded.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { connectTestWallet, launchBrowser, openPhone, toast } from "../support/browser";
import { nextFrame, screenReady } from "../support/ready";
import { role, startStack } from "../support/stack";
import { en, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "screenshots");

/** The screens the README shows, each with the test id that says it has loaded its data. */
const SCREENS: { name: string; route: string; ready: string }[] = [
  { name: "home", route: "/home", ready: "home-income" },
  { name: "mine", route: "/mine", ready: "mine-page" },
  { name: "pledge", route: "/pledge", ready: "pledge-page" },
  { name: "share", route: "/share", ready: "team-list-row" },
  { name: "announcement", route: "/announcement", ready: "announcement-page" },
];

async function settle(page: Page, ready: string) {
  await page.getByTestId(ready).first().waitFor();
  // Every figure shows, then the images and the fonts have loaded and the next frame is painted.
  await screenReady(page);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await nextFrame(page);
}

async function main() {
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    for (const [language, strings] of [
      ["zh-cn", zh],
      ["en-us", en],
    ] as const) {
      const dir = path.join(DOCS, language);
      mkdirSync(dir, { recursive: true });
      const { context, page } = await openPhone(browser, {
        wallet: new TestWallet(stack.rpcUrl, { account: role("alice") }),
      });
      await context.addCookies([{ name: "language", value: language, url: stack.origin }]);
      await page.goto(stack.app("/home"));
      await connectTestWallet(page, "home-connect");
      await toast(page, strings.wallet.loginSuccess);
      for (const screen of SCREENS) {
        await page.goto(stack.app(screen.route));
        await settle(page, screen.ready);
        await page.screenshot({ path: path.join(dir, `${screen.name}.png`) });
        console.log(`docs/screenshots/${language}/${screen.name}.png`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
