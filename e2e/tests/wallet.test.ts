import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { poolAbi, stakingAbi } from "@dwn/contracts";
import { encodeFunctionData, getAddress, hexToString, isHex, parseGwei, toHex, zeroAddress } from "viem";
import type { HDAccount } from "viem/accounts";
import { formatAmount, shorten } from "../../web/src/lib/format";
import { connectTestWallet, expectText, screenshot, storedSession, toast } from "../support/browser";
import { expectedNetworkFee, shownNetworkFee } from "../support/network-fee";
import { e2eSuite } from "../support/suite";
import { devnetAccount, role } from "../support/stack";
import { fill, zh } from "../support/strings";
import { TestWallet } from "../support/wallet";

const suite = e2eSuite({
  afterEachTest: async () => {
    // Binding changes the chain; every test starts from the seeded one (with accounts of its own).
    await suite.stack.resetChain();
  },
});

/** A fresh phone whose test wallet holds `account` and says it is on `chainId`. */
async function phoneWith(account: HDAccount, chainId?: number): Promise<{ page: Page; wallet: TestWallet }> {
  const wallet = new TestWallet(suite.stack.rpcUrl, { account, chainId });
  const phone = await suite.phone({ wallet });
  return { page: phone.page, wallet };
}

const NO_SESSION = { walletAddress: null, isSigned: null, token: null, parentAddress: null, inviter: null };

/** The message the wallet was asked to sign, as text. */
function signedMessage(wallet: TestWallet, index: number): string {
  const params = wallet.callsOf("personal_sign")[index]?.params;
  const data: unknown = Array.isArray(params) ? params[0] : undefined;
  assert.ok(typeof data === "string" && isHex(data), "personal_sign carries hex data");
  return hexToString(data);
}

/** Two animation frames: whatever a tap changes on screen has been rendered by then. */
async function rendered(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

test("a visitor sees placeholders, not zeros, the chain's staking terms and connect buttons, and nothing is stored", async () => {
  const { page, wallet } = await phoneWith(devnetAccount(9));
  await page.goto(suite.stack.app("/home"));
  await page.getByTestId("home-page").waitFor();
  const terms = await suite.stack.publicClient.readContract({
    address: suite.stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeView",
  });
  await expectText(
    page,
    "home-unit-price",
    fill(zh.home.unitPriceValue, { dwn: formatAmount(terms.dwnAmount), a8: formatAmount(terms.a8Amount) }),
  );
  await expectText(page, "home-cycle", fill(zh.common.days, { days: String(terms.cycle) }));
  await expectText(page, "wallet-connect", zh.wallet.connect);
  await expectText(page, "home-connect", zh.wallet.connect);
  await expectText(page, "home-hashrate", "--");
  await expectText(page, "home-pending-income", "-- DWN");
  await expectText(page, "home-static-income", "--");
  await expectText(page, "home-dynamic-income", "--");
  await expectText(page, "home-stake-count", "--");
  await expectText(page, "tab-home", zh.nav.home);
  await screenshot(page, "visitor-home");

  await page.getByTestId("tab-share").tap();
  await page.getByTestId("share-page").waitFor();
  await expectText(page, "share-connect", zh.wallet.connect);
  await expectText(page, "not-connected-connect", zh.wallet.connect);
  await expectText(page, "team-friend-num", "--");
  await expectText(page, "team-community-num", "--");
  await expectText(page, "inviter-address", shorten(`0x${"*".repeat(40)}`, 9));
  assert.equal(await page.getByTestId("invite-link").count(), 0, "no invite link for a visitor");
  assert.equal(await page.getByTestId("invite-qr").count(), 0, "no QR code for a visitor");
  assert.equal(await page.getByTestId("team-list").count(), 0, "no team list for a visitor");
  await screenshot(page, "visitor-share");

  // Market and Exchange are in the menu but not open: a toast, and the screen stays.
  for (const item of ["market", "exchange"] as const) {
    await page.getByTestId("tab-menu").tap();
    const entry = page.getByTestId(`menu-item-${item}`);
    await expectText(page, `menu-item-${item}`, zh.nav[item]);
    await entry.tap();
    await toast(page, zh.common.notOpenYet);
    await entry.waitFor({ state: "hidden" });
    assert.match(page.url(), /#\/share$/);
  }
  assert.deepEqual(await storedSession(page), NO_SESSION);
  assert.deepEqual(wallet.calls, [], "the app asks the wallet nothing before the user taps connect");
});

test("a rejected connection stores nothing, a rejected signature no session; both show the rejection toast", async () => {
  const [alice, bob] = [role("alice"), role("bob")];
  const { page, wallet } = await phoneWith(bob);
  wallet.rejectNext("eth_requestAccounts");
  await page.goto(suite.stack.app(`/home?address=${alice.address}`));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.rejected);
  await screenshot(page, "connect-rejected");
  assert.deepEqual(await storedSession(page), NO_SESSION);
  await expectText(page, "wallet-connect", zh.wallet.connect);
  assert.deepEqual(
    wallet.calls.map((call) => call.method),
    ["eth_requestAccounts"],
  );

  // The user grants the account but rejects the sign-in message.
  wallet.rejectNext("personal_sign");
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.rejected);
  assert.equal(wallet.callsOf("personal_sign").length, 1);
  // The account's on-chain inviter, read before the signature, is kept (spec §3); the session is not.
  assert.deepEqual(await storedSession(page), { ...NO_SESSION, inviter: alice.address });
  await expectText(page, "wallet-connect", zh.wallet.connect);
});

test("a bound user signs in; the session survives a reload and ends with Disconnect", async () => {
  const [alice, root] = [role("alice"), role("root")];
  const { page, wallet } = await phoneWith(alice);
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(alice.address, 6));

  // The wallet signed the server's Sign-In with Ethereum message for this site, account and chain.
  assert.equal(wallet.callsOf("personal_sign").length, 1);
  const message = signedMessage(wallet, 0);
  assert.match(
    message,
    new RegExp(`^${new URL(suite.stack.origin).host} wants you to sign in with your Ethereum account:`),
  );
  assert.ok(message.includes(alice.address), message);
  assert.match(message, /\nChain ID: 31337\n/);

  const stored = await storedSession(page);
  assert.equal(stored.walletAddress, alice.address);
  assert.equal(stored.isSigned, "true");
  assert.equal(stored.inviter, root.address);
  assert.equal(stored.parentAddress, null);
  const token: unknown = JSON.parse(stored.token ?? "null");
  assert.ok(typeof token === "object" && token !== null);
  assert.equal(Reflect.get(token, "address"), alice.address);
  const accessToken: unknown = Reflect.get(token, "token");
  assert.ok(typeof accessToken === "string" && accessToken.length > 0);
  // The stored token is one the API accepts, for alice: the seed bound bob and dave to her.
  const team = await suite.stack.call("user/getMemberTeamInfo", {}, accessToken);
  assert.equal(team.friend_num, 2);

  // The home screen read alice's figures after the sign-in.
  const hashrate = await suite.stack.publicClient.readContract({
    address: suite.stack.contracts.pool,
    abi: poolAbi,
    functionName: "userHashrate",
    args: [alice.address],
  });
  assert.ok(hashrate > 0n);
  // The same figure as the backpack's: whole, grouped, never abbreviated.
  await expectText(page, "home-hashrate", formatAmount(hashrate));
  assert.equal(await page.getByTestId("home-connect").count(), 0);
  await screenshot(page, "signed-in-home");

  // A reload resumes the session with the stored token: no second signature.
  await page.reload();
  await expectText(page, "wallet-address", shorten(alice.address, 6));
  // The same figure as the backpack's: whole, grouped, never abbreviated.
  await expectText(page, "home-hashrate", formatAmount(hashrate));
  assert.equal(wallet.callsOf("personal_sign").length, 1);

  await page.getByTestId("wallet-button").tap();
  await page.getByTestId("wallet-disconnect").tap();
  await expectText(page, "wallet-connect", zh.wallet.connect);
  await wallet.waitForCall("wallet_revokePermissions");
  const after = await storedSession(page);
  assert.deepEqual(
    { walletAddress: after.walletAddress, isSigned: after.isSigned, token: after.token },
    { walletAddress: null, isSigned: null, token: null },
  );
  // Back to the visitor's view.
  await expectText(page, "home-hashrate", "--");
  await expectText(page, "home-connect", zh.wallet.connect);
  await screenshot(page, "disconnected-home");
});

test("switching accounts in the wallet signs the new account in; the wallet's disconnect ends the session", async () => {
  const [dave, carol, alice, bob] = [role("dave"), role("carol"), role("alice"), role("bob")];
  const { page, wallet } = await phoneWith(dave);
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await expectText(page, "wallet-address", shorten(dave.address, 6));
  assert.equal((await storedSession(page)).inviter, alice.address);

  await wallet.switchAccount(carol);
  await expectText(page, "wallet-address", shorten(carol.address, 6));
  await wallet.waitForCall("personal_sign", 2);
  assert.ok(signedMessage(wallet, 1).includes(carol.address));
  const stored = await storedSession(page);
  assert.equal(stored.walletAddress, carol.address);
  assert.equal(stored.inviter, bob.address);
  assert.equal(Reflect.get(JSON.parse(stored.token ?? "{}") as object, "address"), carol.address);

  await wallet.disconnect();
  await expectText(page, "wallet-connect", zh.wallet.connect);
  const after = await storedSession(page);
  assert.deepEqual(
    { walletAddress: after.walletAddress, isSigned: after.isSigned, token: after.token },
    { walletAddress: null, isSigned: null, token: null },
  );
});

test("on the wrong network the popup stays on an overlay tap, and Switch network moves the wallet to 0x7a69", async () => {
  const bob = role("bob");
  const { page, wallet } = await phoneWith(bob, 56);
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  const popup = page.getByTestId("network-popup");
  await popup.waitFor();
  assert.equal((await popup.locator("h3").textContent())?.trim(), zh.wallet.network.title);
  assert.equal(
    (await popup.locator("p").textContent())?.trim(),
    fill(zh.wallet.network.message, { name: suite.stack.config.chain.name, id: "31337" }),
  );
  assert.deepEqual(
    (await popup.locator("dd").allTextContents()).map((value) => value.trim()),
    [suite.stack.config.chain.name, suite.stack.rpcUrl, "31337", "BNB"],
  );
  await expectText(page, "network-switch", zh.wallet.network.switch);
  await screenshot(page, "wrong-network");
  assert.equal(wallet.callsOf("personal_sign").length, 0, "no sign-in on the wrong network");

  // The overlay around the popup does not close it (spec §2), nor end the connect.
  const tapped = await page.evaluate(
    () => document.elementFromPoint(8, 406)?.closest(".adm-center-popup-mask") !== null,
  );
  assert.ok(tapped, "the point tapped is on the popup's overlay");
  await page.touchscreen.tap(8, 406);
  await rendered(page);
  assert.ok(await popup.isVisible(), "the popup is still shown after tapping the overlay");
  assert.equal((await storedSession(page)).walletAddress, bob.address);

  const reloaded = page.waitForEvent("load");
  await page.getByTestId("network-switch").tap();
  await reloaded;
  assert.deepEqual(wallet.callsOf("wallet_switchEthereumChain"), [
    { method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] },
  ]);
  assert.equal(wallet.callsOf("wallet_addEthereumChain").length, 0);
  assert.equal(wallet.chainId, 31337);
  // After the reload the connect resumes on the right chain and signs in.
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(bob.address, 6));
  assert.equal(await popup.isVisible(), false);
  assert.equal((await storedSession(page)).isSigned, "true");
});

test("an invited user whose wallet does not know the chain (4902) adds it, switches, then binds", async () => {
  const [alice, fresh] = [role("alice"), devnetAccount(10)];
  await suite.stack.fundGas(fresh.address);
  const { page, wallet } = await phoneWith(fresh, 56);
  wallet.chainUnknownUntilAdded();
  const explorer = suite.stack.config.chain.explorer;
  await page.goto(suite.stack.app(`/home?address=${alice.address}`));
  await connectTestWallet(page, "wallet-connect");
  await page.getByTestId("network-popup").waitFor();
  const reloaded = page.waitForEvent("load");
  await page.getByTestId("network-switch").tap();
  await reloaded;
  assert.deepEqual(
    wallet.calls.filter((call) => call.method.startsWith("wallet_")),
    [
      { method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] },
      {
        method: "wallet_addEthereumChain",
        params: [
          {
            chainId: "0x7a69",
            chainName: suite.stack.config.chain.name,
            nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
            rpcUrls: [suite.stack.rpcUrl],
            // The explorer the stack names, when it names one (the e2e runner's stacks do).
            ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
          },
        ],
      },
      { method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] },
    ],
  );
  // After the reload the connect goes on where it stopped: the invite is still there to bind.
  await page.getByTestId("bind-popup").waitFor();
  await expectText(page, "bind-inviter", shorten(alice.address, 9));
  await page.getByTestId("bind-button").tap();
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(fresh.address, 6));
  assert.equal(await suite.stack.inviterOf(fresh.address), alice.address);
});

test("an unbound user opened with ?address binds that inviter on chain, then signs in", async () => {
  const [alice, fresh] = [role("alice"), devnetAccount(9)];
  await suite.stack.fundGas(fresh.address);
  assert.equal(await suite.stack.inviterOf(fresh.address), zeroAddress);
  const { page, wallet } = await phoneWith(fresh);
  await page.goto(suite.stack.app(`/home?address=${alice.address}`));
  // Before connecting, the visitor sees who invited them.
  await expectText(page, "home-invited-by", fill(zh.home.invitedBy, { address: shorten(alice.address, 6) }));
  await connectTestWallet(page, "home-connect");

  const popup = page.getByTestId("bind-popup");
  await popup.waitFor();
  assert.equal((await popup.locator("h3").textContent())?.trim(), zh.wallet.bind.heading);
  await expectText(page, "bind-inviter", shorten(alice.address, 9));
  assert.equal(await page.getByTestId("bind-inviter").getAttribute("title"), alice.address);
  await expectText(page, "bind-button", zh.wallet.bind.button);
  assert.equal((await storedSession(page)).parentAddress, alice.address);
  // The network fee is the setInviter(alice) the bind sends, estimated from the user's account at 3 gwei.
  assert.equal(
    (await shownNetworkFee(popup)).text,
    await expectedNetworkFee(suite.stack.publicClient, fresh.address, [
      {
        to: suite.stack.contracts.pool,
        data: encodeFunctionData({ abi: poolAbi, functionName: "setInviter", args: [alice.address] }),
      },
    ]),
  );
  await screenshot(page, "bind-popup");

  await page.getByTestId("bind-button").tap();
  await toast(page, zh.wallet.loginSuccess);
  await expectText(page, "wallet-address", shorten(fresh.address, 6));

  // One setInviter(alice) from the user's account at the spec's 3 gwei, and it holds on chain.
  const sent = wallet.callsOf("eth_sendTransaction");
  assert.equal(sent.length, 1);
  const tx = (Array.isArray(sent[0].params) ? sent[0].params[0] : undefined) as Record<string, unknown>;
  assert.equal(getAddress(String(tx.from)), fresh.address);
  assert.equal(getAddress(String(tx.to)), suite.stack.contracts.pool);
  assert.equal(tx.data, encodeFunctionData({ abi: poolAbi, functionName: "setInviter", args: [alice.address] }));
  assert.equal(tx.gasPrice, toHex(parseGwei("3")));
  assert.equal(await suite.stack.inviterOf(fresh.address), alice.address);

  const stored = await storedSession(page);
  assert.equal(stored.walletAddress, fresh.address);
  assert.equal(stored.isSigned, "true");
  assert.equal(stored.inviter, alice.address);
  assert.equal(stored.parentAddress, null, "the inviter from the URL is used up");

  // The API has the new member under alice once the indexer has seen the block.
  await suite.stack.waitIndexed();
  const friends = await suite.stack.call(
    "user/getFriendList",
    { page: "1", limit: "100" },
    await suite.stack.signIn(alice),
  );
  assert.ok(
    friends.some((friend) => getAddress(friend.address) === fresh.address),
    "alice's friend list holds the new member",
  );

  await page.getByTestId("tab-share").tap();
  await expectText(page, "inviter-address", shorten(alice.address, 9));
  await screenshot(page, "bound-share");
});

test("an invite link naming an address outside the tree says why before any bind is offered, and binds nothing", async () => {
  const fresh = devnetAccount(11);
  await suite.stack.fundGas(fresh.address);
  // Nobody: not root, never bound (validUser is false), so nobody can bind to it.
  const stranger = devnetAccount(12).address;
  const { page, wallet } = await phoneWith(fresh);
  await page.goto(suite.stack.app(`/home?address=${stranger}`));
  await connectTestWallet(page, "home-connect");
  await page.getByTestId("bind-popup").waitFor();
  await expectText(page, "bind-inviter", shorten(stranger, 9));
  // Checked on chain (validUser) before the popup offers anything: the reason, and no Bind button.
  const problem = (await page.getByTestId("bind-problem").textContent()) ?? "";
  assert.ok(problem.includes(zh.wallet.bind.outsideTree), problem);
  assert.equal(await page.getByTestId("bind-button").count(), 0);
  await screenshot(page, "bind-invalid");
  await page.getByTestId("bind-close").tap();
  await page.getByTestId("bind-popup").waitFor({ state: "hidden" });
  assert.equal(wallet.callsOf("eth_sendTransaction").length, 0);
  assert.equal(wallet.callsOf("personal_sign").length, 0);
  assert.equal(await suite.stack.inviterOf(fresh.address), zeroAddress);
  assert.equal((await storedSession(page)).isSigned, null);
});

test("an unbound user without ?address lands on /not_bound, disconnected", async () => {
  const erin = role("erin");
  assert.equal(await suite.stack.inviterOf(erin.address), zeroAddress);
  const { page, wallet } = await phoneWith(erin);
  await page.goto(suite.stack.app("/home"));
  await connectTestWallet(page, "wallet-connect");
  await page.waitForURL(/\/chain\/#\/not_bound$/);
  const notBound = page.getByTestId("not-bound-page");
  await notBound.waitFor();
  assert.equal((await notBound.locator("h1").textContent())?.trim(), zh.notBound.title);
  await expectText(page, "not-bound-home", zh.notBound.home);
  await wallet.waitForCall("wallet_revokePermissions");
  await expectText(page, "wallet-connect", zh.wallet.connect);
  assert.equal(wallet.callsOf("personal_sign").length, 0);
  assert.equal(wallet.callsOf("eth_sendTransaction").length, 0);
  const stored = await storedSession(page);
  assert.deepEqual(
    { walletAddress: stored.walletAddress, isSigned: stored.isSigned, token: stored.token },
    { walletAddress: null, isSigned: null, token: null },
  );
  await screenshot(page, "not-bound");
});
