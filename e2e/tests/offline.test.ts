import { test } from "node:test";
import assert from "node:assert/strict";
import { shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectText, screenshot, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";
import { zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

const suite = e2eSuite({
  setUp: async () => {
    await suite.stack.waitIndexed();
  },
});

// Spec §8: no answer at all is "Request timed out"; a list that failed offers a tap to reload.
test("with the API unreachable the screens say so, and a tap on the list's reload text recovers", async () => {
  const alice = role("alice");
  const phone = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
  const { page } = phone;
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(alice.address, 6));

  // The network drops every API call of the share screen: no reply at all.
  let refused = 0;
  await page.route("**/api/user/**", (route) => {
    refused++;
    return route.abort("connectionrefused");
  });
  await page.getByTestId("tab-share").tap();
  await toast(page, zh.wallet.api.timedOut);
  const retry = page.getByTestId("team-list-retry");
  await expectText(page, "team-list-retry", zh.common.requestFailedReload);
  assert.equal(await page.getByTestId("team-list-row").count(), 0);
  assert.ok(refused >= 2, "the team figures and the team list were both asked for");
  await screenshot(page, "offline-share");

  // The network is back: the reload text loads the list (alice's direct friends: bob, dave).
  await page.unroute("**/api/user/**");
  await retry.tap();
  await page.getByTestId("team-list-no-more").waitFor();
  const friends = (await page.getByTestId("friend-address").allTextContents()).map((text) => text.trim());
  assert.deepEqual(friends.sort(), [role("bob"), role("dave")].map((friend) => shorten(friend.address, 6)).sort());
  assert.equal(await retry.count(), 0);
});
