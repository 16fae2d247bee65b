import { test } from "node:test";
import assert from "node:assert/strict";
import { shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectText, toast } from "../support/browser";
import { screenReady } from "../support/ready";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";
import { zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

const suite = e2eSuite();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test("the app runs under its Content-Security-Policy: sign-in and five screens, no violation", async () => {
  const alice = role("alice");
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: alice });
  const { page, context } = await suite.phone({ wallet });
  // Every violation the page reports, from its first script on; Chromium also logs each one.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const logged: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });

  const response = await page.goto(suite.stack.app("/home"));
  const policy = response?.headers()["content-security-policy"] ?? "";
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.match(policy, new RegExp(`connect-src 'self' ${suite.stack.rpcUrl}`));
  await page.getByTestId("home-page").waitFor();
  await connectTestWallet(page, "home-connect");
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(alice.address, 6));

  // The screens with the most going on: NFT tiers, the QR code (a canvas), staking, the income log.
  for (const [route, screen] of [
    ["/mine", "mine-page"],
    ["/pledge", "pledge-page"],
    ["/incomeLog", "income-log-page"],
    ["/share", "invite-qr"],
  ]) {
    await page.goto(suite.stack.app(route));
    await page.getByTestId(screen).waitFor();
  }
  // The last screen's reads and lazy chunks land: it shows every figure.
  await screenReady(page);
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
  assert.deepEqual(logged, []);

  // The listener hears a violation when there is one: a script the page writes inline is refused.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inlineRan = true";
    document.head.append(script);
  });
  await page.waitForFunction(() => (window.__cspViolations?.length ?? 0) > 0);
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), ["script-src-elem inline"]);
  assert.equal(await page.evaluate(() => Reflect.get(window, "__inlineRan")), undefined);
});
