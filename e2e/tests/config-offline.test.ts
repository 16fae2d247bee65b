import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page, Route } from "playwright-core";
import { shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectLocatorText, expectText, screenshot, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";
import { zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

// The app stands without its API (issue 22 item 2): the shell is drawn before `/api/config`
// answers, a first visit with the API down says so in one line and recovers by itself, and a
// return visit starts from the config kept on the device, so what needs only the chain works.

const suite = e2eSuite({
  setUp: async () => {
    await suite.stack.waitIndexed();
  },
});

const API = "**/api/**";
const failures = {
  aborted: (route: Route) => route.abort("connectionrefused"),
  "answered 502": (route: Route) => route.fulfill({ status: 502, contentType: "text/html", body: "Bad Gateway" }),
};

async function assertShell(page: Page): Promise<void> {
  await page.getByTestId("app-header").waitFor();
  await page.getByTestId("tab-bar").waitFor();
  await page.getByTestId("header-menu").waitFor();
  await page.getByTestId("skeleton-cards").waitFor();
  assert.equal(await page.getByText(zh.common.failedToGetData).count(), 0);
  assert.equal(await page.getByText(zh.common.requestFailedReload).count(), 0);
}

/** The schedule the app asks for the config again on, in ms between attempts: 1, 2, 4, then 5 s. */
const RETRY_GAPS = [1_000, 2_000, 4_000, 5_000, 5_000];

for (const [how, fail] of Object.entries(failures)) {
  test(`a first visit with the API ${how} shows the shell and a one-line notice, and recovers without a tap`, async () => {
    const { page } = await suite.phone();
    // The page's timers run on Playwright's clock, stopped from the start: the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    // When the app asks for the config (its fetch calls, by the page's clock), and how many of
    // its asks have come back. Its first takes the answer of the page's preload, so the server
    // sees one request fewer than the app asks.
    await page.addInitScript(`(() => {
      const asked = (window.__configAsked = []);
      window.__configAnswered = 0;
      const fetch = window.fetch;
      window.fetch = function (input, init) {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (new URL(url, location.href).pathname !== "/api/config") return fetch.call(this, input, init);
        asked.push(Date.now());
        const answer = fetch.call(this, input, init);
        answer.then(() => window.__configAnswered++, () => window.__configAnswered++);
        return answer;
      };
    })()`);
    /**
     * Waits until `n` of the app's asks have come back, so the app has set its timer for the next
     * (in the same task). Asked by the test, as the page's own waits run on the stopped clock.
     */
    const answered = async (n: number) => {
      for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 25))) {
        const count = await page.evaluate<number>("window.__configAnswered");
        if (count >= n) return;
        assert.ok(Date.now() < deadline, `${count} of the app's asks for the config came back, not ${n}`);
      }
    };
    let requested = 0;
    await page.route(API, (route) => {
      if (new URL(route.request().url()).pathname === "/api/config") requested++;
      return fail(route);
    });
    await page.goto(suite.stack.app("/home"));
    await assertShell(page);
    // Waited for by a locator: a page function would wait for animation frames, stopped too.
    await expectLocatorText(page.getByTestId("config-failure"), zh.readError.api);
    // No figure is shown without the chain's address: skeletons only.
    assert.equal(await page.getByTestId("home-page").count(), 0);

    // It asks again by itself, 1, 2, 4, then 5 s apart, counted from each failure.
    await answered(1);
    for (const [i, gap] of RETRY_GAPS.entries()) {
      await page.clock.runFor(gap);
      await answered(i + 2);
    }
    const asked = await page.evaluate<number[]>("window.__configAsked");
    assert.deepEqual(
      asked.slice(1).map((at, i) => at - asked[i]),
      RETRY_GAPS,
      `asked at ${asked.map((at) => at - asked[0]).join(", ")} ms`,
    );
    assert.equal(requested, RETRY_GAPS.length + 1, "each attempt reached the server once, the first as the preload");

    // The menu opens in the shell (its opening slide runs on the clock, let go).
    await page.clock.resume();
    await page.getByTestId("tab-menu").tap();
    await page.getByTestId("menu-popup").locator(".adm-popup-body").waitFor();
    await screenshot(page, `config-offline-first-${how.replace(/\s/g, "-")}`);
    await page.getByTestId("config-failure").waitFor();

    // The API is back: the home screen comes without a tap, at the next attempt, at most 5 s on.
    await page.unroute(API);
    await page.clock.runFor(5_000);
    await page.getByTestId("home-page").waitFor();
    await page.getByTestId("config-failure").waitFor({ state: "detached" });
    await page.getByTestId("home-connect").waitFor();
  });
}

test("with the API slow, the home screen's own shell shows before the config arrives, then the app", async () => {
  const { page } = await suite.phone();
  // The config's answer is held until the test releases it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  await page.route("**/api/config", async (route) => {
    await held;
    answered = true;
    await route.continue().catch(() => undefined);
  });
  await page.goto(suite.stack.app("/home"), { waitUntil: "commit" });
  // The page's own shell of home, drawn before any script (web/build/prerenderShells.ts): the
  // header, home's cards with placeholders, the tab bar.
  const shell = page.locator('#root[data-shell="zh-cn home"]');
  for (const part of ["app-header", "home-page", "home-hashrate", "tab-bar"])
    await shell.locator(`[data-shell-testid="${part}"]`).waitFor();
  assert.equal(answered, false, "the shell came before the config");
  assert.equal(await page.getByTestId("config-failure").count(), 0, "slow is not down");
  await screenshot(page, "config-offline-slow");
  release();
  await page.getByTestId("home-page").waitFor();
  await page.getByTestId("skeleton-cards").waitFor({ state: "detached" });
});

for (const [how, fail] of Object.entries(failures)) {
  test(`a return visit with the API ${how} keeps what needs only the chain working, and the API's parts say so`, async () => {
    const alice = role("alice");
    const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
    await page.goto(suite.stack.app("/home"));
    await connectTestWallet(page, "home-connect");
    await toast(page, zh.wallet.loginSuccess);
    await expectText(page, "wallet-address", shorten(alice.address, 6));

    // Every API call fails from now on; the page is opened again.
    await page.route(API, fail);
    await page.goto(suite.stack.app("/mine"));
    await page.reload();
    await page.getByTestId("mine-page").waitFor();
    assert.equal(await page.getByTestId("config-failure").count(), 0);
    await expectText(page, "wallet-address", shorten(alice.address, 6));
    // Tiers, income and withdraw come from the chain.
    // The tiers are drawn at once; their figures fill in from the chain.
    await page.waitForFunction(() => !document.querySelector('[data-testid="tier-1-title"] [data-placeholder]'));
    assert.match((await page.getByTestId("tier-1-title").textContent()) ?? "", /\d/);
    assert.equal(await page.getByTestId("tier-1-buy").isDisabled(), false);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="collect-static-amount"] [data-placeholder]'),
    );
    assert.match((await page.getByTestId("collect-static-amount").textContent()) ?? "", /^[\d,.]+ DWN$/);
    assert.equal(await page.getByTestId("collect-static-withdraw").isDisabled(), false);
    await screenshot(page, `config-offline-return-mine-${how.replace(/\s/g, "-")}`);

    // Staking reads the chain too.
    await page.goto(suite.stack.app("/pledge"));
    await page.getByTestId("pledge-page").waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="pledge-dwn-balance"] [data-placeholder]'));
    assert.match((await page.getByTestId("pledge-dwn-balance").textContent()) ?? "", /\d/);

    // The team is the API's: its notice, its figures placeholders.
    await page.getByTestId("tab-share").tap();
    await page.getByTestId("share-page").waitFor();
    await expectText(page, "read-failure-text", zh.readError.api);
    await expectText(page, "team-friend-num", "--");

    // The API is back: the team comes by itself.
    await page.unroute(API);
    await expectText(page, "team-friend-num", "2");
    await page.getByTestId("read-failure").waitFor({ state: "detached" });
  });
}
