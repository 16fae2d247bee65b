import { test } from "node:test";
import assert from "node:assert/strict";
import { connectTestWallet, expectText, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";
import { en, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

// Polish a user notices (issue 22 item 12).

const suite = e2eSuite({
  setUp: async () => {
    await suite.stack.waitIndexed();
  },
});

test("an announcement that does not exist says so instead of loading for ever", async () => {
  const { page } = await suite.phone();
  await page.goto(suite.stack.app("/announcement/999"));
  await expectText(page, "announcement-missing", zh.announcement.noSuchNotice);
  assert.equal(await page.getByTestId("page-loading").count(), 0);
  // An id that cannot be one says the same.
  await page.goto(suite.stack.app("/announcement/abc"));
  await expectText(page, "announcement-missing", zh.announcement.noSuchNotice);
});

test("a malformed /contractDetails id says why, as an unknown id does", async () => {
  const { page } = await suite.phone();
  for (const query of ["id=abc", "id=-3", `pledgeIdsObj=${encodeURIComponent("{not json")}`]) {
    await page.goto(suite.stack.app(`/contractDetails?${query}`));
    await expectText(page, "detail-bad-link", zh.contractDetails.badStakeLink);
    assert.equal(await page.getByTestId("no-data").count(), 0);
  }
  await page.goto(suite.stack.app("/contractDetails?id=999999"));
  await expectText(page, "detail-missing", zh.contractDetails.noSuchStake.replace("{{id}}", "999999"));
});

test("at 320 px in English an amount and its unit stay on one line", async () => {
  const alice = role("alice");
  const { page, context } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
  await context.addCookies([{ name: "language", value: "en-us", url: suite.stack.origin }]);
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, en.wallet.loginSuccess);
  await page.goto(suite.stack.app("/mine"));
  await page.getByTestId("mine-page").waitFor();
  for (const kind of ["static", "dynamic"]) {
    const id = `collect-${kind}-amount`;
    await page.waitForFunction((testId) => !document.querySelector(`[data-testid="${testId}"] [data-placeholder]`), id);
    // One line: the amount's box is not taller than one line of its text (two would be twice).
    const lines = await page
      .getByTestId(id)
      .evaluate((element) =>
        Math.round(element.getBoundingClientRect().height / (parseFloat(getComputedStyle(element).fontSize) * 1.6)),
      );
    assert.equal(lines, 1, `${id} reads on one line`);
    assert.match((await page.getByTestId(id).textContent()) ?? "", /^[\d,.]+ DWN$/);
  }
});
