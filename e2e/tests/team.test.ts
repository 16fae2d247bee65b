import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { poolAbi } from "@dwn/contracts";
import type { HDAccount } from "viem/accounts";
import { teamStrings } from "../../web/src/features/team/teamStrings";
import { shorten } from "../../web/src/lib/format";
import { formatMoney } from "../../web/src/lib/money";
import { axeViolations, describeViolations } from "../support/axe";
import { connectTestWallet, expectText, screenshot, toast } from "../support/browser";
import { overflowing } from "../support/layout";
import { devnetAccount, role } from "../support/stack";
import { zh } from "../support/strings";
import { smallControls } from "../support/tap-targets";
import { e2eSuite } from "../support/suite";
import { TestWallet } from "../support/wallet";

/** The team explorer's strings as the phone shows them (zh-cn by default, en-us when chosen). */
const teamZh = teamStrings["zh-cn"];
const teamEn = teamStrings["en-us"];
if (!teamZh || !teamEn) throw new Error("the team explorer has strings in both languages");

/** The API's refusal of an address outside the caller's team (docs/web.md, "The team explorer's calls"). */
const NOT_IN_TEAM = { zh: "该地址不在您的团队中", en: "This address is not in your team" };

/** Generations seeded below the signed-in member: c1 … c12, each the only friend of the one above (c1 has more). */
const DEPTH = 12;
/** Direct friends of c1 beside c2: more than three pages of the list. */
const LEAVES = 30;

let member: HDAccount;
/** chain[0] is c1 (the member's one friend), chain[DEPTH - 1] the bottom. */
let chain: HDAccount[];
let leaves: HDAccount[];
/** Bound to alice, as the member is: a sibling, outside the member's team. */
let stranger: HDAccount;
let tierOneHashrate: bigint;
/** When the member bound alice, as the phone shows it (UTC). */
let memberJoined: string;

const suite = e2eSuite({
  setUp: async () => {
    const { stack } = suite;
    // Accounts past #19 of the devnet mnemonic, moved by this file's offset under the runner.
    member = devnetAccount(20);
    chain = Array.from({ length: DEPTH }, (_, i) => devnetAccount(21 + i));
    leaves = Array.from({ length: LEAVES }, (_, i) => devnetAccount(21 + DEPTH + i));
    stranger = devnetAccount(21 + DEPTH + LEAVES);
    for (const account of [member, ...chain, ...leaves, stranger]) await stack.fundGas(account.address);
    const bound = await stack.bind(member, role("alice").address);
    const block = await stack.publicClient.getBlock({ blockNumber: bound.blockNumber });
    memberJoined = new Date(Number(block.timestamp) * 1000).toISOString().replace("T", " ").slice(0, 19);
    await stack.bind(stranger, role("alice").address);
    let inviter = member.address;
    for (const account of chain) {
      await stack.bind(account, inviter);
      inviter = account.address;
    }
    // c1's other friends join after c2, each from its own account (so at once).
    await Promise.all(leaves.map((leaf) => stack.bind(leaf, chain[0].address)));
    // The bottom and one leaf buy a tier 1 NFT: c1's two legs are equal, the first to join (c2) the largest.
    for (const buyer of [chain[DEPTH - 1], leaves[0]]) {
      await stack.fundTokens(buyer);
      await stack.buy(buyer, 1n);
    }
    tierOneHashrate = await stack.publicClient.readContract({
      address: stack.contracts.pool,
      abi: poolAbi,
      functionName: "userHashrate",
      args: [leaves[0].address],
    });
    assert.ok(tierOneHashrate > 0n);
    await stack.waitIndexed();
  },
});

const short = (account: HDAccount, keep: number) => shorten(account.address, keep);
const figure = (value: bigint) => formatMoney("figure", value);

/** The member signed in on /share. */
async function memberOnShare(): Promise<Page> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account: member });
  const { page } = await suite.phone({ wallet });
  await page.goto(suite.stack.app("/share"));
  await connectTestWallet(page, "not-connected-connect");
  await toast(page, zh.wallet.loginSuccess);
  return page;
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is, and no control too small to tap. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  // Not a toast fading out (sign-in's "login successful") but the screen itself.
  await page.locator(".adm-toast-mask").waitFor({ state: "hidden" });
  assert.deepEqual(describeViolations(where, await axeViolations(page)), []);
  assert.deepEqual(await smallControls(page), [], `${where}: controls under 44×44 px`);
}

/** The page fits `width`×`height`: nothing sticks out past the right edge. */
async function expectFits(page: Page, width: number, height: number, where: string): Promise<void> {
  await page.setViewportSize({ width, height });
  const { out, scrollWidth } = await overflowing(page);
  assert.deepEqual(out, [], `${where} at ${width}×${height}`);
  assert.ok(scrollWidth <= width, `${where} scrolls sideways at ${width}×${height}`);
  await page.setViewportSize({ width: 375, height: 812 });
}

/** The crumbs' texts, "我" first. */
const crumbTexts = async (page: Page) =>
  (await page.getByTestId("team-crumbs").getByTestId("team-crumb").allTextContents()).map((t) => t.trim());

/** Waits until the branch shown is `account`'s, `generation` below the member. */
async function expectBranch(page: Page, account: HDAccount, generation: number): Promise<void> {
  await expectText(page, "community-address", account.address);
  await expectText(page, "team-generation", String(generation));
  assert.equal(new URL(page.url()).hash, `#/team/${account.address.toLowerCase()}`);
}

/** Taps the row of `account` in the list `testId`. */
async function openRow(page: Page, testId: string, account: HDAccount): Promise<void> {
  await page
    .getByTestId(testId)
    .getByTestId("team-member-row")
    .filter({ has: page.getByTestId("team-member-address").getByText(short(account, 6), { exact: true }) })
    .tap();
}

test("a friend on /share opens its branch; the branch drills down 12 generations and back by the breadcrumbs", async () => {
  const page = await memberOnShare();
  await page.getByTestId("team-list").getByTestId("friend-row").first().tap();
  await expectBranch(page, chain[0], 1);
  assert.deepEqual(await crumbTexts(page), [teamZh.me, short(chain[0], 4)]);
  // c1: 31 friends, 42 in its community, 11 generations below it; its small area is leaf 0's NFT.
  await expectText(page, "team-friend-count", String(LEAVES + 1));
  await expectText(page, "team-community-size", String(LEAVES + DEPTH - 1));
  await expectText(page, "team-branch-depth", String(DEPTH - 1));
  await expectText(page, "team-team-hashrate", figure(2n * tierOneHashrate));
  await expectText(page, "team-own-hashrate", figure(0n));
  await expectText(page, "community-performance", figure(tierOneHashrate));
  // Its small area (one tier 1 NFT) reaches the first level.
  await expectText(page, "community-level", zh.level["1"]);
  await expectText(
    page,
    "team-small-area-note",
    teamZh.smallArea
      .replace("{{largest}}", short(chain[1], 4))
      .replace("{{largestPerformance}}", figure(tierOneHashrate)),
  );
  await expectAccessible(page, "c1's branch");
  await expectFits(page, 320, 568, "c1's branch");
  await expectFits(page, 812, 375, "c1's branch in landscape");
  await screenshot(page, "team-branch");

  // Down: each generation's only friend (c1's first, as joined), to the bottom.
  for (let generation = 2; generation <= DEPTH; generation++) {
    await openRow(page, "team-friend-list", chain[generation - 1]);
    await expectBranch(page, chain[generation - 1], generation);
    assert.equal((await crumbTexts(page)).length, generation + 1);
  }
  const bottom = chain[DEPTH - 1];
  await expectText(page, "team-branch-depth", "0");
  await expectText(page, "team-friend-count", "0");
  await expectText(page, "team-top-tier", teamZh.tier.replace("{{tier}}", "1"));
  await expectText(page, "team-own-hashrate", figure(tierOneHashrate));
  await expectText(page, "team-small-area-note", teamZh.noLegs);
  await page.getByTestId("team-friend-list").getByTestId("no-data").waitFor();
  assert.deepEqual(await crumbTexts(page), [teamZh.me, ...chain.map((account) => short(account, 4))]);
  assert.equal(await page.getByTestId("team-crumbs").locator('[aria-current="page"]').textContent(), short(bottom, 4));
  await expectAccessible(page, "the bottom's branch");
  await expectFits(page, 320, 568, "the bottom's branch, 13 breadcrumbs");
  await screenshot(page, "team-bottom");

  // Back up: to c6 by its crumb, then to the member itself.
  await page.getByTestId("team-crumbs").getByTestId("team-crumb").nth(6).tap();
  await expectBranch(page, chain[5], 6);
  assert.equal((await crumbTexts(page)).length, 7);
  await page.getByTestId("team-crumbs").getByTestId("team-crumb").first().tap();
  await expectBranch(page, member, 0);
  assert.deepEqual(await crumbTexts(page), [teamZh.me]);
  await expectText(page, "team-joined", memberJoined);
  await expectText(page, "team-branch-depth", String(DEPTH));
  await expectText(page, "team-community-size", String(DEPTH + LEAVES));
});

test("a branch pages its 31 friends 10 at a time, and its legs largest first with the largest marked", async () => {
  const asked: string[] = [];
  const page = await memberOnShare();
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/user/getTeamBranch")) return;
    const form = new URLSearchParams(request.postData() ?? "");
    if (form.get("limit") === "10") asked.push(`${form.get("order")} ${form.get("page")}`);
  });
  await page.goto(suite.stack.app(`/team/${chain[0].address.toLowerCase()}`));
  await expectBranch(page, chain[0], 1);
  const list = page.getByTestId("team-friend-list");
  const rows = list.getByTestId("team-member-row");
  await rows.nth(9).waitFor();
  assert.equal(await rows.count(), 10);
  assert.equal((await rows.first().getByTestId("team-member-address").textContent())?.trim(), short(chain[1], 6));
  for (const loaded of [20, 30, LEAVES + 1]) {
    await list.locator(".adm-infinite-scroll").scrollIntoViewIfNeeded();
    await rows.nth(loaded - 1).waitFor();
  }
  await expectText(page, "team-friend-list-no-more", zh.common.noMore);
  assert.equal(await rows.count(), LEAVES + 1);
  assert.deepEqual(
    (await rows.getByTestId("team-member-address").allTextContents()).map((t) => t.trim()).sort(),
    [chain[1], ...leaves].map((account) => short(account, 6)).sort(),
  );
  assert.deepEqual(asked, ["joined 1", "joined 2", "joined 3", "joined 4"]);

  // The legs: c2 and leaf 0 are the two with hashrate; c2, the first to join, is the largest.
  await page.getByRole("tab", { name: teamZh.legs }).tap();
  await rows.nth(9).waitFor();
  assert.equal(new URL(page.url()).hash, `#/team/${chain[0].address.toLowerCase()}?view=legs`);
  assert.equal((await rows.nth(0).getByTestId("team-member-address").textContent())?.trim(), short(chain[1], 6));
  assert.equal((await rows.nth(1).getByTestId("team-member-address").textContent())?.trim(), short(leaves[0], 6));
  assert.equal(await list.getByTestId("team-member-largest").count(), 1);
  assert.equal(await rows.nth(0).getByTestId("team-member-largest").textContent(), teamZh.largest);
  assert.deepEqual(await rows.nth(2).getByTestId("team-member-performance").allTextContents(), ["0"]);
  assert.equal(asked[4], "legs 1");
  await expectAccessible(page, "c1's legs");
  await expectFits(page, 320, 568, "c1's legs");
  await screenshot(page, "team-legs");
});

test("search finds team members by a prefix of 6 hex digits or more, and says so for a shorter one", async () => {
  const page = await memberOnShare();
  await page.goto(suite.stack.app(`/team/${member.address.toLowerCase()}`));
  await expectBranch(page, member, 0);
  const input = page.getByTestId("team-search-input");
  await input.fill("0x12ab");
  await page.getByTestId("team-search-submit").tap();
  await expectText(page, "team-search-error", teamZh.badPrefix);
  assert.equal(await input.getAttribute("aria-invalid"), "true");
  assert.equal(await page.getByTestId("team-search-list").count(), 0);
  await expectAccessible(page, "the search's refusal of a short prefix");

  const target = chain[6];
  const prefix = target.address.slice(0, 10).toUpperCase().replace("0X", "0x");
  await input.fill(prefix);
  await page.getByTestId("team-search-submit").tap();
  const results = page.getByTestId("team-search-list").getByTestId("team-member-row");
  await results.first().waitFor();
  assert.equal(await page.getByTestId("team-search-error").count(), 0);
  const found = (await results.getByTestId("team-member-address").allTextContents()).map((t) => t.trim());
  assert.ok(found.includes(short(target, 6)), `${short(target, 6)} among ${found.join(", ")}`);
  await expectAccessible(page, "the search's results");
  await expectFits(page, 320, 568, "the search's results");
  await openRow(page, "team-search-list", target);
  await expectBranch(page, target, 7);
  assert.equal((await crumbTexts(page)).length, 8);

  // Alice (the member's inviter) is not in its team: a prefix of her address finds not her.
  await input.fill(role("alice").address.slice(0, 42));
  await page.getByTestId("team-search-submit").tap();
  await page.getByTestId("team-search-list").getByTestId("no-data").waitFor();
});

test("an address outside the team, typed into the URL, shows the API's refusal in the user's language, no figures", async () => {
  const page = await memberOnShare();
  for (const outsider of [role("alice"), stranger]) {
    await page.goto(suite.stack.app(`/team/${outsider.address}`));
    await expectText(page, "team-failure-text", NOT_IN_TEAM.zh);
    // A refusal answers the same again: nothing to retry.
    assert.equal(await page.getByTestId("team-failure-retry").count(), 0);
    assert.equal(await page.getByTestId("team-summary").count(), 0);
    assert.equal(await page.getByTestId("community-address").count(), 0);
    assert.equal(await page.getByTestId("team-friend-list").count(), 0);
  }
  // A crafted link whose "address" is none: the API's sentence for the field, no figures, no raw error.
  await page.goto(suite.stack.app("/team/0x12345"));
  await expectText(page, "team-failure-text", "address 必须是钱包地址");
  assert.equal(await page.getByTestId("team-failure-retry").count(), 0);
  assert.equal(await page.getByTestId("team-summary").count(), 0);
  await page.goto(suite.stack.app(`/team/${stranger.address}`));
  await expectText(page, "team-failure-text", NOT_IN_TEAM.zh);
  await expectAccessible(page, "the refusal");
  await expectFits(page, 320, 568, "the refusal");
  await screenshot(page, "team-refused");

  // In English: the API's sentence and the screen's own strings.
  await page.context().addCookies([{ name: "language", value: "en-us", url: suite.stack.origin }]);
  await page.reload();
  await expectText(page, "team-failure-text", NOT_IN_TEAM.en);
  await expectText(page, "page-title", teamEn.title);
  await page.goto(suite.stack.app(`/team/${chain[0].address.toLowerCase()}`));
  await expectBranch(page, chain[0], 1);
  await page.getByText(teamEn.ownHashrate, { exact: true }).waitFor();
  await expectText(
    page,
    "team-small-area-note",
    teamEn.smallArea
      .replace("{{largest}}", short(chain[1], 4))
      .replace("{{largestPerformance}}", figure(tierOneHashrate)),
  );
  await expectAccessible(page, "c1's branch in English");
});
