import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS } from "../../web/src/devnet/announce";
import { recordToasts } from "./page-toasts";
import { TEST_WALLET, type TestWallet } from "./wallet";

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Chromium build and
 * Blink as /usr/bin/chromium, without the desktop browser's layers, as Playwright runs headless
 * tests by default; never a browser Playwright downloads. The whole browser suite took 675 s of
 * CPU with it against 770 with the full browser. E2E_CHROMIUM names another binary (for example
 * /usr/bin/chromium) to run the tests in that instead.
 */
const CHROMIUM = process.env.E2E_CHROMIUM || "/usr/bin/chromium-headless-shell";

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The errors each page logged, for the message of a failing wait. */
const pageErrors = new WeakMap<Page, string[]>();

/**
 * A fresh phone-sized browser profile (no storage, no cookies) with the test wallet installed
 * when one is given. Dates show in UTC, so tests can compute them.
 */
export async function openPhone(browser: Browser, { wallet }: { wallet?: TestWallet } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: "UTC",
  });
  context.setDefaultTimeout(20_000);
  await context.addInitScript(recordToasts);
  if (wallet) await wallet.install(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  pageErrors.set(page, errors);
  return { context, page };
}

/** A picture of the screen, in e2e/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Waits for a toast saying exactly `text`, shown since the last toast waited for (a toast the
 * next one replaced at once counts too: see page-toasts.ts).
 */
export async function toast(page: Page, text: string): Promise<void> {
  const shown = await page
    .waitForFunction((want) => {
      const seen = window.__toasts ?? [];
      const at = seen.indexOf(want);
      if (at < 0) return false;
      seen.splice(0, at + 1);
      return true;
    }, text)
    .then(
      () => true,
      () => false,
    );
  if (!shown) await failWithPage(page, `No toast "${text}"`);
}

/** Fails the test with what the page showed: its toasts, wallets, errors and a screenshot. */
async function failWithPage(page: Page, problem: string): Promise<never> {
  const seen = await page
    .evaluate(() => ({ url: location.href, toasts: window.__toasts, wallets: window.__testWallet?.announced }))
    .catch((error: unknown) => String(error));
  const name = `failed-${Date.now()}`;
  await screenshot(page, name).catch(() => undefined);
  assert.fail(
    `${problem}. The page: ${JSON.stringify(seen)}; its errors: ${JSON.stringify(pageErrors.get(page) ?? [])}; ` +
      `screenshot ${name}.png`,
  );
}

/** The wallet session's local-storage keys (spec §3, §9). */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    walletAddress: localStorage.getItem("walletAddress"),
    isSigned: localStorage.getItem("isSigned"),
    token: localStorage.getItem("token"),
    parentAddress: localStorage.getItem("parentAddress"),
    inviter: localStorage.getItem("inviter"),
  }));
}

/**
 * Taps a connect button and picks the test wallet in the app's wallet picker. The devnet build
 * announces its own wallet too, once the app has started, so the test first waits for it: with
 * two wallets the app always asks which one.
 */
export async function connectTestWallet(page: Page, button: string): Promise<void> {
  const announced = await page
    .waitForFunction((rdns) => window.__testWallet?.announced.includes(rdns) === true, DEVNET_WALLET_RDNS)
    .then(
      () => true,
      () => false,
    );
  if (!announced) await failWithPage(page, `The devnet build's wallet (${DEVNET_WALLET_RDNS}) never announced itself`);
  await page.getByTestId(button).tap();
  const picker = page.getByTestId("wallet-picker");
  await picker.waitFor();
  const devnet = picker.getByTestId(`wallet-option-${DEVNET_WALLET_RDNS}`);
  assert.equal((await devnet.textContent())?.trim(), DEVNET_WALLET_NAME);
  const ours = picker.getByTestId(`wallet-option-${TEST_WALLET.rdns}`);
  assert.equal((await ours.textContent())?.trim(), TEST_WALLET.name);
  await ours.tap();
  // The picker slides away; until it has, its overlay lies over the page.
  await picker.waitFor({ state: "hidden" });
}

/** The text of a test id, trimmed. */
async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? "").trim();
}

/** Waits until the element of `testId` reads exactly `expected`; fails showing what it read. */
export async function expectText(page: Page, testId: string, expected: string): Promise<void> {
  const reached = await page
    .waitForFunction(([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === want, [
      testId,
      expected,
    ] as const)
    .then(
      () => true,
      () => false,
    );
  if (!reached) assert.equal(await text(page, testId), expected, `the text of ${testId}`);
}

/**
 * Waits for a field to hold `expected`, as a person sees it a frame later: a field's text after a
 * blur or a tap can come from an effect that runs after the event (antd-mobile's Stepper formats
 * its text so). Asserts the field's value when it does not within 5 s.
 */
export async function expectValue(locator: Locator, expected: string): Promise<void> {
  const reached = await locator.evaluate(
    (input, want) =>
      new Promise<boolean>((resolve) => {
        const deadline = performance.now() + 5_000;
        const check = () => {
          if ((input as HTMLInputElement).value === want) resolve(true);
          else if (performance.now() > deadline) resolve(false);
          else setTimeout(check, 20);
        };
        check();
      }),
    expected,
  );
  if (!reached) assert.equal(await locator.inputValue(), expected);
}

/**
 * Like expectText, for one element (a row or a card's field): waits for `expected`, as a read may
 * still be loading. The locator is queried afresh while waiting, so a re-rendered element counts.
 */
export async function expectLocatorText(locator: Locator, expected: string): Promise<void> {
  const exactly = new RegExp(`^\\s*${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  const reached = await locator
    .filter({ hasText: exactly })
    .waitFor()
    .then(
      () => true,
      () => false,
    );
  if (!reached) assert.equal(((await locator.textContent()) ?? "").trim(), expected);
}
