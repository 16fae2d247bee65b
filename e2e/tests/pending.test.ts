import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { recentStrings } from "../../web/src/features/tx/recentStrings";
import { connectTestWallet, expectLocatorText, expectText, screenshot, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { en, fill, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

/** Bound to alice, with a tier 1 NFT that has earned static income. */
const saver = devnetAccount(50);

const suite = e2eSuite({
  timeout: 300_000,
  setUp: async () => {
    const { stack } = suite;
    await stack.fundGas(saver.address);
    await stack.bind(saver, role("alice").address);
    await stack.fundTokens(saver);
    await stack.buy(saver, 1n);
    await stack.increaseTime(3_600);
  },
});

const recentZh = recentStrings["zh-cn"]!;
const recentEn = recentStrings["en-us"]!;

/** The withdraw button of the static income: its text, and whether it can be tapped. */
async function staticWithdraw(page: Page) {
  const button = page.getByTestId("collect-static-withdraw");
  return { text: ((await button.textContent()) ?? "").trim(), disabled: await button.isDisabled() };
}

/** Waits until the static income's withdraw button reads `text`, disabled or not. */
async function expectStaticWithdraw(page: Page, text: string, disabled: boolean) {
  const reached = await page
    .waitForFunction(
      ([want, off]) => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="collect-static-withdraw"]');
        return button?.textContent?.trim() === want && button.disabled === off;
      },
      [text, disabled] as const,
    )
    .then(
      () => true,
      () => false,
    );
  if (!reached) assert.deepEqual(await staticWithdraw(page), { text, disabled });
}

test("a pending withdrawal keeps its badge and its disabled 'Pending…' across a reload and in a second tab; both follow it to its receipt, and a disconnect in one tab signs the other out", async () => {
  const { stack } = suite;
  const wallet = new TestWallet(stack.rpcUrl, { account: saver });
  const { page, context } = await suite.phone({ wallet });
  await page.goto(stack.app("/mine"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  await expectStaticWithdraw(page, zh.mine.withdrawNow, false);

  // A second tab of the same browser resumes the session. A person looks at one tab at a time:
  // the one in front draws frames (its animations end, and taps wait for that), the other not.
  const other = await context.newPage();
  await other.goto(stack.app("/mine"));
  await other.getByTestId("wallet-address").waitFor();
  await expectStaticWithdraw(other, zh.mine.withdrawNow, false);
  assert.equal(await page.getByTestId("wallet-pending").count(), 0);

  await stack.automine(false);
  try {
    await page.bringToFront();
    await page.getByTestId("collect-static-withdraw").tap();
    await page.getByTestId("withdraw-confirm").tap();
    await wallet.waitForCall("eth_sendTransaction");
    await page.locator('[data-testid="tx-status"][data-phase="pending"]').waitFor();
    const badge = fill(recentZh.pendingCount!, { count: "1" });
    await expectText(page, "wallet-pending", badge);
    await expectStaticWithdraw(page, recentZh.pendingAction!, true);
    // The other tab hears of it at once: its badge, and its button cannot send it again.
    await other.bringToFront();
    await expectText(other, "wallet-pending", badge);
    await expectStaticWithdraw(other, recentZh.pendingAction!, true);
    // The dynamic income's withdrawal is another action: it is not held back.
    assert.equal(
      ((await other.getByTestId("collect-dynamic-withdraw").textContent()) ?? "").trim(),
      zh.mine.withdrawNow,
    );

    // A reload, in English this time: still pending, and the list names it in English.
    await context.addCookies([{ name: "language", value: "en-us", url: stack.origin }]);
    await page.bringToFront();
    await page.reload();
    await expectText(page, "wallet-pending", fill(recentEn.pendingCount!, { count: "1" }));
    await expectStaticWithdraw(page, recentEn.pendingAction!, true);
    await screenshot(page, "pending-withdrawal-after-reload");
    await page.getByTestId("wallet-button").tap();
    await page.getByTestId("wallet-recent").tap();
    const row = page.getByTestId("recent-tx");
    await page.locator('[data-testid="recent-tx"][data-state="pending"]').waitFor();
    await expectLocatorText(row.getByTestId("recent-tx-label"), en.tx.collectStatic);
    await expectLocatorText(row.getByTestId("recent-tx-state"), recentEn.pending!);
    await page.getByTestId("recent-close").tap();

    // Mined: both tabs find the receipt; the badge goes and the button comes back.
    await stack.mineBlock();
    await page.getByTestId("wallet-pending").waitFor({ state: "detached" });
    await expectStaticWithdraw(page, en.mine.withdrawNow, false);
    await other.bringToFront();
    await other.getByTestId("wallet-pending").waitFor({ state: "detached" });
    await expectStaticWithdraw(other, zh.mine.withdrawNow, false);
    await page.bringToFront();
    await page.getByTestId("wallet-button").tap();
    await page.getByTestId("wallet-recent").tap();
    await page.locator('[data-testid="recent-tx"][data-state="confirmed"]').waitFor();
    await expectLocatorText(row.getByTestId("recent-tx-label"), en.tx.collectStatic);
    await expectLocatorText(row.getByTestId("recent-tx-state"), recentEn.confirmed!);
    await page.getByTestId("recent-close").tap();
  } finally {
    await stack.automine(true);
  }

  // A disconnect in one tab signs the other out.
  await page.getByTestId("wallet-button").tap();
  await page.getByTestId("wallet-disconnect").tap();
  await page.getByTestId("wallet-connect").waitFor();
  await other.bringToFront();
  await other.getByTestId("wallet-connect").waitFor();
  assert.equal(await other.getByTestId("wallet-address").count(), 0);
});
