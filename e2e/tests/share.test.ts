import { test } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";
import type { Page } from "playwright-core";
import { poolAbi } from "@dwn/contracts";
import { getAddress } from "viem";
import type { HDAccount } from "viem/accounts";
import { formatAmount, formatCompact, shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectText, screenshot, storedSession, toast } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

/** Spec §7/§9: the team list loads 10 rows a page. */
const PAGE_SIZE = 10;

/** A member of its own (account #19, bound to alice) with 12 direct friends of their own. */
let member: HDAccount;
let friends: { account: HDAccount; joined: bigint }[];
let buyerHashrate: bigint;

const suite = e2eSuite({
  setUp: async () => {
    member = devnetAccount(19);
    await suite.stack.fundGas(member.address);
    await suite.stack.bind(member, role("alice").address);
    // Accounts past #19 of the devnet mnemonic: nobody else uses them.
    friends = [];
    for (let index = 20; index < 32; index++) {
      const account = devnetAccount(index);
      await suite.stack.fundGas(account.address);
      const receipt = await suite.stack.bind(account, member.address);
      const block = await suite.stack.publicClient.getBlock({ blockNumber: receipt.blockNumber });
      friends.push({ account, joined: block.timestamp });
    }
    // The first friend buys a tier 1 NFT, so its row has a computing power to show.
    const buyer = friends[0].account;
    await suite.stack.fundTokens(buyer);
    await suite.stack.buy(buyer, 1n);
    buyerHashrate = await suite.stack.publicClient.readContract({
      address: suite.stack.contracts.pool,
      abi: poolAbi,
      functionName: "userHashrate",
      args: [buyer.address],
    });
    assert.ok(buyerHashrate > 0n);
    await suite.stack.waitIndexed();
  },
});

/** A phone where the member signs in from the share screen with `button`; `watch` sees the page first. */
async function memberOnShare(button: string, watch?: (page: Page) => void): Promise<Page> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: member });
  const phone = await suite.phone({ wallet });
  const { page } = phone;
  watch?.(page);
  await page.goto(suite.stack.app("/share"));
  await connectTestWallet(page, button);
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(member.address, 6));
  return page;
}

/** `YYYY-MM-DD hh:mm:ss` of unix seconds, in UTC (the phone's time zone). */
const utc = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString().replace("T", " ").slice(0, 19);

test("the share screen shows the inviter, the invite link, a QR code that decodes to it, and the team size", async () => {
  const page = await memberOnShare("share-connect");
  const link = `${suite.stack.origin}/chain/#/home?address=${member.address}`;
  await expectText(page, "inviter-address", shorten(role("alice").address, 9));
  await expectText(page, "invite-link", shorten(link, 12));
  assert.equal(await page.getByTestId("invite-link").getAttribute("title"), link);
  await expectText(page, "team-friend-num", String(friends.length));
  await expectText(page, "team-community-num", String(friends.length));

  // The QR code: 112×112 px, #333333 on white, drawn a moment after the screen appears.
  await page.getByTestId("invite-qr").scrollIntoViewIfNeeded();
  const size = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="invite-qr"]');
    const style = canvas ? getComputedStyle(canvas) : undefined;
    return [style?.width, style?.height, canvas?.width, canvas?.height];
  });
  assert.deepEqual(size, ["112px", "112px", 112, 112]);
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="invite-qr"]');
    const pixels = canvas?.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
    return pixels !== undefined && pixels.some((value, i) => i % 4 === 0 && value < 128);
  });
  const image = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="invite-qr"]');
    const data = canvas?.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height);
    return data ? { width: data.width, height: data.height, pixels: Array.from(data.data) } : undefined;
  });
  assert.ok(image, "the QR canvas has pixels");
  const colours = new Set<string>();
  for (let i = 0; i < image.pixels.length; i += 4) colours.add(image.pixels.slice(i, i + 4).join(","));
  assert.deepEqual([...colours].sort(), ["255,255,255,255", "51,51,51,255"]);
  const decoded = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height);
  assert.equal(decoded?.data, link);
  await screenshot(page, "share");

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.stack.origin });
  await page.getByTestId("copy-invite-link").tap();
  await toast(page, zh.common.copied);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
});

test("the team list loads 10 friends a page, in joining order", async () => {
  // The pages the list asks the API for (the payload is signed, not encrypted).
  const asked: string[] = [];
  const page = await memberOnShare("not-connected-connect", (page) =>
    page.on("request", (request) => {
      if (!request.url().endsWith("/api/user/getFriendList")) return;
      const form = new URLSearchParams(request.postData() ?? "");
      asked.push(`page ${form.get("page")}, limit ${form.get("limit")}`);
    }),
  );
  const rows = page.getByTestId("team-list-row");
  await rows.nth(PAGE_SIZE - 1).waitFor();
  assert.equal(await rows.count(), PAGE_SIZE);
  assert.deepEqual(asked, ["page 1, limit 10"]);
  await screenshot(page, "team-list-first-page");

  const rowTexts = async (testId: string) => (await rows.getByTestId(testId).allTextContents()).map((t) => t.trim());
  const expected = (from: number, to: number, pick: (friend: (typeof friends)[number], i: number) => string) =>
    friends.slice(from, to).map((friend, i) => pick(friend, from + i));
  assert.deepEqual(
    await rowTexts("friend-address"),
    expected(0, PAGE_SIZE, (f) => shorten(f.account.address, 6)),
  );
  assert.deepEqual(
    await rowTexts("friend-joined"),
    expected(0, PAGE_SIZE, (f) => utc(f.joined)),
  );
  assert.deepEqual(
    await rowTexts("friend-performance"),
    expected(0, PAGE_SIZE, (_, i) => (i === 0 ? formatCompact(buyerHashrate) : "0")),
  );
  assert.deepEqual(
    await rowTexts("friend-community-num"),
    expected(0, PAGE_SIZE, () => "0"),
  );

  // Scrolling to the end loads the second page, and the list says there is no more.
  await page.getByTestId("team-list").locator(".adm-infinite-scroll").scrollIntoViewIfNeeded();
  await expectText(page, "team-list-no-more", zh.common.noMore);
  assert.equal(await rows.count(), friends.length);
  assert.deepEqual(asked, ["page 1, limit 10", "page 2, limit 10"]);
  assert.deepEqual(
    await rowTexts("friend-address"),
    expected(0, friends.length, (f) => shorten(f.account.address, 6)),
  );
  await screenshot(page, "team-list-end");

  // The API holds the same friends in the same order.
  const token = JSON.parse((await storedSession(page)).token ?? "{}") as { token?: string };
  const pages = [
    await suite.stack.call("user/getFriendList", { page: "1", limit: String(PAGE_SIZE) }, token.token),
    await suite.stack.call("user/getFriendList", { page: "2", limit: String(PAGE_SIZE) }, token.token),
  ];
  assert.deepEqual(
    pages.map((list) => list.map((friend) => getAddress(friend.address))),
    [friends.slice(0, PAGE_SIZE), friends.slice(PAGE_SIZE)].map((list) => list.map((f) => f.account.address)),
  );

  // A row opens the friend's branch in the team explorer, with its community details: its
  // community performance (the small area) is 0, as it has no friends of its own.
  await rows.first().getByTestId("friend-row").tap();
  await expectText(page, "community-address", friends[0].account.address);
  assert.equal(new URL(page.url()).hash, `#/team/${friends[0].account.address.toLowerCase()}`);
  await expectText(page, "team-own-hashrate", formatAmount(buyerHashrate));
  await expectText(page, "community-performance", "0");
  await screenshot(page, "team-from-share");
});
