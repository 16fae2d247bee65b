import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { getAddress } from "viem";
import { shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectText, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { fill, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

// An invite link from outside the referral tree (issue 22 item 7): home names an inviter only
// once the chain confirmed it can invite; otherwise it says why, what to do, and offers the
// root's link (the tree's root, which the pool names on chain).

const suite = e2eSuite();

const root = role("root").address;
/** Nobody: not root, never bound (validUser is false). */
const stranger = devnetAccount(12).address;

/** The problem's text on `scope` names `reason`, asks for another link and links to the root's invite. */
async function expectProblem(page: Page, scope: string, reason: string): Promise<void> {
  const box = page.getByTestId(scope);
  await box.getByTestId("invite-root-link").waitFor();
  const text = (await box.textContent()) ?? "";
  assert.ok(text.includes(reason), text);
  assert.ok(text.includes(zh.wallet.bind.askAnother), text);
  const href = await box.getByTestId("invite-root-link").getAttribute("href");
  assert.equal(href, `#/home?address=${getAddress(root)}`);
}

test("signed out, a malformed inviter is never named: home says it is not an address, asks for another link and offers the root's", async () => {
  const { page } = await suite.phone();
  for (const bad of ["0x123", "zz"]) {
    await page.goto(suite.stack.app(`/home?address=${bad}`));
    await expectProblem(page, "home-invite-problem", zh.wallet.bind.malformed);
    assert.equal(await page.getByTestId("home-invited-by").count(), 0);
  }
  // The root's link is one that works: home names the root as the inviter.
  await page.getByTestId("invite-root-link").tap();
  await expectText(page, "home-invited-by", fill(zh.home.invitedBy, { address: shorten(getAddress(root), 6) }));
  assert.equal(await page.getByTestId("home-invite-problem").count(), 0);
});

test("signed out, an address that has not joined is not named as the inviter; a member is, once the chain confirmed it", async () => {
  const { page } = await suite.phone();
  await page.goto(suite.stack.app(`/home?address=${stranger}`));
  await expectProblem(page, "home-invite-problem", zh.wallet.bind.outsideTree);
  assert.equal(await page.getByTestId("home-invited-by").count(), 0);

  const alice = role("alice").address;
  await page.goto(suite.stack.app(`/home?address=${alice.toLowerCase()}`));
  await expectText(page, "home-invited-by", fill(zh.home.invitedBy, { address: shorten(alice.toLowerCase(), 6) }));
  assert.equal(await page.getByTestId("home-invite-problem").count(), 0);
});

test("signed in, a malformed or unbound inviter gets the reason and the root's link in the bind popup, which leads to a bindable invite", async () => {
  for (const [bad, reason] of [
    ["zz", zh.wallet.bind.malformed],
    [stranger, zh.wallet.bind.outsideTree],
  ] as const) {
    const fresh = devnetAccount(13);
    const wallet = new TestWallet(suite.stack.rpcUrl, { account: fresh });
    const { page } = await suite.phone({ wallet });
    await page.goto(suite.stack.app(`/home?address=${bad}`));
    await connectTestWallet(page, "home-connect");
    await page.getByTestId("bind-popup").waitFor();
    await expectProblem(page, "bind-problem", reason);
    assert.equal(await page.getByTestId("bind-button").count(), 0);
    await page.getByTestId("invite-root-link").tap();
    await page.getByTestId("bind-popup").waitFor({ state: "hidden" });
    await expectText(page, "home-invited-by", fill(zh.home.invitedBy, { address: shorten(getAddress(root), 6) }));
    // Connecting again offers to bind the root.
    await connectTestWallet(page, "home-connect");
    await page.getByTestId("bind-button").waitFor();
    await expectText(page, "bind-inviter", shorten(getAddress(root), 9));
    assert.equal(wallet.callsOf("eth_sendTransaction").length, 0);
  }
});

test("a signed-in member's home names no inviter from the link, whatever it holds", async () => {
  const alice = role("alice");
  const { page } = await suite.phone({ wallet: new TestWallet(suite.stack.rpcUrl, { account: alice }) });
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "home-connect");
  await toast(page, zh.wallet.loginSuccess);
  for (const link of ["zz", stranger]) {
    await page.goto(suite.stack.app(`/home?address=${link}`));
    await page.getByTestId("home-page").waitFor();
    assert.equal(await page.getByTestId("home-invited-by").count(), 0);
    assert.equal(await page.getByTestId("home-invite-problem").count(), 0);
  }
});
