import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page, Route } from "playwright-core";
import { shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectText, screenshot, toast } from "../support/browser";
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

for (const [how, fail] of Object.entries(failures)) {
  test(`a first visit with the API ${how} shows the shell and a one-line notice, and recovers without a tap`, async () => {
    const { page } = await suite.phone();
    const configAsked: number[] = [];
    let sixthAsked = () => {};
    const sixth = new Promise<void>((resolve) => (sixthAsked = resolve));
    await page.route(API, (route) => {
      if (new URL(route.request().url()).pathname === "/api/config" && configAsked.push(Date.now()) === 6) {
        sixthAsked();
      }
      return fail(route);
    });
    await page.goto(suite.stack.app("/home"));
    await assertShell(page);
    await expectText(page, "config-failure", zh.readError.api);
    // No figure is shown without the chain's address: skeletons only.
    assert.equal(await page.getByTestId("home-page").count(), 0);
    // The menu opens in the shell.
    await page.getByTestId("tab-menu").tap();
    await page.getByTestId("menu-popup").locator(".adm-popup-body").waitFor();
    await screenshot(page, `config-offline-first-${how.replace(/\s/g, "-")}`);
    // It asks again by itself, 1, 2, 4, then 5 s apart. The first attempt is the page's preload
    // (the app's first fetch takes its answer), so the first gap is the app's start plus 1 s.
    // Six attempts take 1 + 2 + 4 + 5 + 5 s after the first: given 30 s, as many as came are checked.
    await Promise.race([sixth, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    const gaps = configAsked.slice(1).map((at, i) => at - configAsked[i]);
    const near = (gap: number, seconds: number) => gap >= seconds * 1_000 - 100 && gap <= seconds * 1_000 + 900;
    assert.ok(gaps.length >= 5, `asked ${configAsked.length} times`);
    assert.ok(gaps[0] >= 900, `first again after 1 s: ${gaps.join(", ")} ms`);
    assert.ok(near(gaps[1], 2) && near(gaps[2], 4), `then 2, 4 s apart: ${gaps.join(", ")} ms`);
    assert.ok(
      gaps.slice(3).every((gap) => near(gap, 5)),
      `then every 5 s: ${gaps.join(", ")} ms`,
    );

    // The API is back: the home screen comes without a tap (within the 5 s between attempts).
    await page.unroute(API);
    await page.getByTestId("home-page").waitFor({ timeout: 12_000 });
    await page.getByTestId("config-failure").waitFor({ state: "detached" });
    await page.getByTestId("home-connect").waitFor();
  });
}

test("with the API slow, the shell shows before the config arrives, then the app", async () => {
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
  await assertShell(page);
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
