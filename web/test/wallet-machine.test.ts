import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@dwn/api";
import { encodeFunctionData, getAddress, hexToString, stringToHex, type Hex } from "viem";
import { poolAbi } from "@dwn/contracts";
import { GAS_PRICE } from "../src/lib/chain";
import { STORAGE_KEYS } from "../src/features/wallet/storage";
import { ProviderRpcError, rejection, TestWallet } from "./support/eip1193";
import { config, createHarness, people } from "./support/wallet-harness";

const tokenOf = (h: ReturnType<typeof createHarness>) => JSON.parse(h.storage.getItem("token") ?? "null");

describe("connect and sign in (spec §4)", () => {
  it("root: requests accounts, checks the chain, signs the server's message as hex UTF-8, logs in", async () => {
    const h = createHarness({ account: people.root });
    await h.machine.connect();

    expect(h.wallet.methods()).toEqual(["eth_requestAccounts", "eth_chainId", "personal_sign"]);
    const [[data, from]] = h.wallet.paramsOf("personal_sign") as [Hex, string][];
    expect(data).toBe(stringToHex(h.seen.messages[0]));
    expect(hexToString(data)).toContain("登录 DWN ✓");
    expect(from).toBe(people.root.address);

    expect(h.state()).toMatchObject({
      account: people.root.address,
      hasLogin: true,
      token: "token-1",
      isRoot: true,
      inviter: null,
      connecting: false,
      parentPopupVisible: false,
      networkPopupVisible: false,
    });
    expect(h.storage.getItem(STORAGE_KEYS.walletAddress)).toBe(people.root.address);
    expect(h.storage.getItem(STORAGE_KEYS.isSigned)).toBe("true");
    expect(tokenOf(h)).toEqual({ address: people.root.address, token: "token-1" });
    expect(h.notices()).toEqual(["wallet.loginSuccess"]);
    expect(h.effects.notices[0].kind).toBe("success");
    expect(h.effects.connected).toEqual([people.root.address]);
  });

  it("a bound member signs in and keeps its inviter", async () => {
    const h = createHarness({ account: people.alice });
    await h.machine.connect();
    expect(h.state()).toMatchObject({ hasLogin: true, isRoot: false, inviter: people.root.address });
    expect(h.storage.getItem(STORAGE_KEYS.inviter)).toBe(people.root.address);
    expect(h.seen.logins).toEqual([people.alice.address]);
  });

  it("step 1 takes the URL's inviter, else the one an invite left in storage; a bound account spends it", async () => {
    // erin is not bound: the invite is kept in storage and offered in the bind popup.
    const fromUrl = createHarness({ account: people.erin, urlParent: people.alice.address });
    await fromUrl.machine.connect();
    expect(fromUrl.storage.getItem(STORAGE_KEYS.parentAddress)).toBe(people.alice.address);

    // The user opened the invite, moved to another screen (or reloaded, or paired a wallet):
    // the URL no longer names the inviter, storage still does.
    const fromStorage = createHarness({ account: people.erin, stored: { parentAddress: people.alice.address } });
    expect(fromStorage.state().parentAddress).toBe(people.alice.address);
    await fromStorage.machine.connect();
    expect(fromStorage.state()).toMatchObject({ parentPopupVisible: true, parentAddress: people.alice.address });

    // alice is bound already: whoever invited her this time, the invite is spent.
    for (const options of [{ urlParent: people.root.address }, { stored: { parentAddress: people.erin.address } }]) {
      const bound = createHarness({ account: people.alice, ...options });
      await bound.machine.connect();
      expect(bound.state()).toMatchObject({ hasLogin: true, parentAddress: null });
      expect(bound.storage.getItem(STORAGE_KEYS.parentAddress)).toBeNull();
    }
  });

  it("a URL's inviter wins over an older one in storage", async () => {
    const h = createHarness({
      account: people.erin,
      urlParent: people.root.address,
      stored: { parentAddress: people.alice.address },
    });
    await h.machine.connect();
    expect(h.state()).toMatchObject({ parentPopupVisible: true, parentAddress: people.root.address });
  });

  it("wrong chain: the network popup, and neither the tree nor a signature is asked", async () => {
    const h = createHarness({ account: people.root, chainId: 56 });
    await h.machine.connect();
    expect(h.state()).toMatchObject({ networkPopupVisible: true, hasLogin: false, connecting: false });
    expect(h.wallet.methods()).toEqual(["eth_requestAccounts", "eth_chainId"]);
    expect(h.effects.connected).toEqual([]);
  });

  it("no inviter but one in the URL: the bind popup, not a sign-in", async () => {
    const h = createHarness({ account: people.erin, urlParent: people.alice.address });
    await h.machine.connect();
    expect(h.state()).toMatchObject({
      account: people.erin.address,
      parentPopupVisible: true,
      parentAddress: people.alice.address,
      hasLogin: false,
      inviter: null,
      connecting: false,
    });
    expect(h.wallet.methods()).not.toContain("personal_sign");
  });

  it("checks the URL's inviter on chain before offering the bind: outside the tree or malformed, it says why", async () => {
    const valid = createHarness({ account: people.erin, urlParent: people.alice.address });
    await valid.machine.connect();
    expect(valid.state()).toMatchObject({ parentPopupVisible: true, parentProblem: null });
    const outside = createHarness({ account: people.erin, urlParent: people.frank.address });
    await outside.machine.connect();
    expect(outside.state()).toMatchObject({ parentPopupVisible: true, parentProblem: "outsideTree" });
    expect(outside.seen.validUser).toEqual([people.frank.address]);
    const malformed = createHarness({ account: people.erin, urlParent: "0x1234" });
    await malformed.machine.connect();
    expect(malformed.state()).toMatchObject({ parentPopupVisible: true, parentProblem: "malformed" });
    expect(malformed.seen.validUser).toEqual([]);
    // Nothing is sent and no signature asked for either.
    expect([...outside.wallet.methods(), ...malformed.wallet.methods()]).not.toContain("personal_sign");
  });

  it("no inviter and none in the URL: /not_bound and the wallet is disconnected", async () => {
    const h = createHarness({ account: people.erin });
    await h.machine.connect();
    expect(h.effects.notBound).toBe(1);
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false, parentPopupVisible: false });
    expect(h.storage.getItem(STORAGE_KEYS.walletAddress)).toBeNull();
    expect(h.wallet.methods()).toContain("wallet_revokePermissions");
    expect(h.wallet.methods()).not.toContain("personal_sign");
  });

  it("rejecting the access request: the rejection toast and the parent cleared", async () => {
    const h = createHarness({ account: people.erin, urlParent: people.alice.address });
    h.wallet.failNext("eth_requestAccounts", rejection());
    await h.machine.connect();
    expect(h.notices()).toEqual(["wallet.rejected"]);
    expect(h.state()).toMatchObject({ account: undefined, parentAddress: null, connecting: false });
    expect(h.storage.getItem(STORAGE_KEYS.parentAddress)).toBeNull();
  });

  it("rejecting the signature ends the attempt the same way", async () => {
    const h = createHarness({ account: people.alice, urlParent: people.root.address });
    h.wallet.failNext("personal_sign", rejection());
    await h.machine.connect();
    expect(h.notices()).toEqual(["wallet.rejected"]);
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false, parentAddress: null });
    expect(h.storage.snapshot()).toEqual({ inviter: people.root.address });
  });

  it("a rejection some wallets word without the 4001 code is still a rejection", async () => {
    const h = createHarness({ account: people.alice });
    h.wallet.failNext("personal_sign", new Error("User denied message signature."));
    await h.machine.connect();
    expect(h.notices()).toEqual(["wallet.rejected"]);
  });

  it("a refused login shows the server's message and leaves the user signed out", async () => {
    const h = createHarness({ account: people.alice });
    h.failLogin(new ApiError(10001, "This address has no inviter yet; bind one first"));
    await h.machine.connect();
    expect(h.notices()).toEqual(["This address has no inviter yet; bind one first"]);
    expect(h.state()).toMatchObject({ hasLogin: false, account: undefined, connecting: false });
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("any other failure says the connect failed", async () => {
    const h = createHarness({ account: people.alice });
    h.wallet.failNext("eth_chainId", new ProviderRpcError(-32000, "Internal JSON-RPC error."));
    await h.machine.connect();
    expect(h.notices()).toEqual(["wallet.connectFailed"]);
    expect(h.state().connecting).toBe(false);
  });

  it("without a wallet nothing is requested", async () => {
    const h = createHarness({ noWallet: true });
    await h.machine.connect();
    expect(h.wallet.requests).toEqual([]);
    expect(h.state()).toMatchObject({ account: undefined, connecting: false });
  });

  it("is busy while it runs, and a second tap joins the running connect", async () => {
    const h = createHarness({ account: people.root });
    const release = h.wallet.hold("personal_sign");
    const first = h.machine.connect();
    const second = h.machine.connect();
    await vi.waitFor(() => expect(h.wallet.methods()).toContain("personal_sign"));
    expect(h.state().connecting).toBe(true);
    release();
    await Promise.all([first, second]);
    expect(h.wallet.paramsOf("eth_requestAccounts")).toHaveLength(1);
    expect(h.state()).toMatchObject({ connecting: false, hasLogin: true });
  });
});

describe("network switch (spec §4)", () => {
  async function onWrongChain(knownChains: number[]) {
    const h = createHarness({ account: people.root, chainId: 56 });
    h.wallet.knownChains.clear();
    for (const id of knownChains) h.wallet.knownChains.add(id);
    await h.machine.connect();
    expect(h.state().networkPopupVisible).toBe(true);
    return h;
  }

  it("switches a wallet that knows the chain, then reloads", async () => {
    const h = await onWrongChain([56, config.chain.id]);
    await h.machine.switchNetwork();
    expect(h.wallet.paramsOf("wallet_switchEthereumChain")).toEqual([[{ chainId: "0x7a69" }]]);
    expect(h.wallet.methods()).not.toContain("wallet_addEthereumChain");
    expect(h.effects.reloads).toBe(1);
  });

  it("on 4902 adds the chain from the runtime config and switches again", async () => {
    const h = await onWrongChain([56]);
    await h.machine.switchNetwork();
    expect(h.wallet.methods().slice(-3)).toEqual([
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "wallet_switchEthereumChain",
    ]);
    expect(h.wallet.paramsOf("wallet_addEthereumChain")).toEqual([
      [
        {
          chainId: "0x7a69",
          chainName: "DWN Devnet",
          nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
          rpcUrls: ["http://127.0.0.1:8545"],
          blockExplorerUrls: ["https://explorer.example"],
        },
      ],
    ]);
    expect(h.wallet.chainId).toBe(config.chain.id);
    expect(h.effects.reloads).toBe(1);
  });

  it.each([
    [
      "MetaMask Mobile's -32603 wrapping 4902",
      new ProviderRpcError(-32603, "Internal error", { originalError: { code: 4902 } }),
    ],
    ["a bare -32603", new ProviderRpcError(-32603, "Internal JSON-RPC error.")],
    [
      "a message only",
      new Error("Unrecognized chain ID 0x7a69. Try adding the chain using wallet_addEthereumChain first."),
    ],
    ["a string code", { code: "4902", message: "chain not added" }],
  ])("adds the chain on %s", async (_name, error) => {
    const h = await onWrongChain([56, config.chain.id]);
    h.wallet.failNext("wallet_switchEthereumChain", error);
    await h.machine.switchNetwork();
    expect(h.wallet.methods()).toContain("wallet_addEthereumChain");
    expect(h.wallet.paramsOf("wallet_switchEthereumChain")).toHaveLength(2);
    expect(h.effects.reloads).toBe(1);
  });

  it("a rejected switch says so, adds nothing, and the popup stays", async () => {
    const h = await onWrongChain([56, config.chain.id]);
    h.wallet.failNext("wallet_switchEthereumChain", rejection());
    await h.machine.switchNetwork();
    expect(h.notices()).toEqual(["wallet.rejected"]);
    expect(h.wallet.methods()).not.toContain("wallet_addEthereumChain");
    expect(h.effects.reloads).toBe(0);
    expect(h.state()).toMatchObject({ networkPopupVisible: true, switching: false });
  });

  it("a wallet that refuses to add the chain: the switch failed", async () => {
    const h = await onWrongChain([56]);
    h.wallet.failNext("wallet_addEthereumChain", new ProviderRpcError(-32602, "Invalid params"));
    await h.machine.switchNetwork();
    expect(h.notices()).toEqual(["wallet.network.switchFailed"]);
    expect(h.effects.reloads).toBe(0);
  });

  it("closing the popup disconnects", async () => {
    const h = await onWrongChain([56]);
    h.machine.closeNetworkPopup();
    expect(h.state()).toMatchObject({ account: undefined, networkPopupVisible: false });
    expect(h.storage.getItem(STORAGE_KEYS.walletAddress)).toBeNull();
  });

  it("a chain changed in the wallet: back on the right chain reloads; off it shows the popup", async () => {
    const h = await onWrongChain([56, config.chain.id]);
    h.wallet.emit("chainChanged", "0x7a69");
    expect(h.effects.reloads).toBe(1);

    const signedIn = createHarness({ account: people.root });
    await signedIn.machine.connect();
    signedIn.wallet.emit("chainChanged", "0x38");
    expect(signedIn.state().networkPopupVisible).toBe(true);
  });
});

describe("bind inviter (spec §4)", () => {
  async function atBindPopup(parent: string = people.alice.address) {
    const h = createHarness({ account: people.erin, urlParent: parent });
    await h.machine.connect();
    expect(h.state().parentPopupVisible).toBe(true);
    return h;
  }

  it("checks validUser, sends setInviter at 3 gwei, then clears the parent and signs in", async () => {
    const h = await atBindPopup();
    const before = h.wallet.requests.length;
    await h.machine.bind();

    expect(h.seen.validUser).toEqual([people.alice.address, people.alice.address]);
    expect(h.wallet.methods().slice(before)).toEqual([
      "eth_requestAccounts",
      "eth_chainId",
      "eth_chainId",
      "eth_sendTransaction",
      "personal_sign",
    ]);
    expect(h.wallet.sent).toHaveLength(1);
    const [tx] = h.wallet.sent;
    expect(getAddress(String(tx.to))).toBe(config.contracts.pool);
    expect(getAddress(String(tx.from))).toBe(people.erin.address);
    expect(tx.data).toBe(
      encodeFunctionData({ abi: poolAbi, functionName: "setInviter", args: [people.alice.address] }),
    );
    expect(BigInt(String(tx.gasPrice))).toBe(GAS_PRICE);
    expect(GAS_PRICE).toBe(3_000_000_000n);

    expect(h.state()).toMatchObject({
      parentPopupVisible: false,
      parentAddress: null,
      inviter: people.alice.address,
      hasLogin: true,
      binding: false,
      connecting: false,
    });
    expect(h.storage.getItem(STORAGE_KEYS.parentAddress)).toBeNull();
    expect(h.storage.getItem(STORAGE_KEYS.inviter)).toBe(people.alice.address);
    expect(h.notices()).toEqual(["wallet.loginSuccess"]);
    expect(h.effects.connected).toEqual([people.erin.address]);
  });

  it("an inviter that is not a valid user: 'Invalid invitation address!' and no transaction", async () => {
    const h = await atBindPopup(people.frank.address);
    await h.machine.bind();
    expect(h.notices()).toEqual(["wallet.bind.invalid"]);
    expect(h.wallet.sent).toEqual([]);
    expect(h.state()).toMatchObject({ parentPopupVisible: true, binding: false, hasLogin: false });
  });

  it("an address that is not an address is invalid without asking the chain", async () => {
    const h = await atBindPopup("0x1234");
    await h.machine.bind();
    expect(h.notices()).toEqual(["wallet.bind.invalid"]);
    expect(h.seen.validUser).toEqual([]);
  });

  it("a rejected transaction: the rejection toast, the parent cleared, the attempt ended", async () => {
    const h = await atBindPopup();
    h.wallet.failNext("eth_sendTransaction", rejection());
    await h.machine.bind();
    expect(h.notices()).toEqual(["wallet.rejected"]);
    expect(h.state()).toMatchObject({
      parentPopupVisible: false,
      parentAddress: null,
      account: undefined,
      binding: false,
    });
    expect(h.storage.getItem(STORAGE_KEYS.parentAddress)).toBeNull();
  });

  it("a reverted transaction says binding failed and keeps the popup", async () => {
    const h = await atBindPopup();
    h.tree.receiptSucceeds = false;
    await h.machine.bind();
    expect(h.notices()).toEqual(["wallet.bind.failed"]);
    expect(h.state()).toMatchObject({ parentPopupVisible: true, hasLogin: false, binding: false });
    expect(h.wallet.methods()).not.toContain("personal_sign");
  });

  it("a wallet moved to another chain meanwhile gets the network popup, not a transaction", async () => {
    const h = await atBindPopup();
    h.wallet.chainId = 56;
    await h.machine.bind();
    expect(h.state().networkPopupVisible).toBe(true);
    expect(h.wallet.sent).toEqual([]);
  });

  it("closing the popup gives up the connect but keeps the URL's inviter", async () => {
    const h = await atBindPopup();
    h.machine.closeBindPopup();
    expect(h.state()).toMatchObject({
      account: undefined,
      parentPopupVisible: false,
      parentAddress: people.alice.address,
    });
    expect(h.storage.getItem(STORAGE_KEYS.parentAddress)).toBe(people.alice.address);
  });
});

describe("disconnect (spec §4) and the wallet's own events", () => {
  const otherKeys = { pledgeCurrentTab: "1", pledgeRecordsActive: "2", language: "en-us" };

  it("clears exactly account, walletAddress, isSigned, token, parentAddress, the popups and hasLogin", async () => {
    const h = createHarness({ account: people.alice, urlParent: people.root.address, stored: otherKeys });
    await h.machine.connect();
    expect(h.storage.snapshot()).toMatchObject({ walletAddress: people.alice.address, isSigned: "true" });
    await h.machine.disconnect();
    expect(h.storage.snapshot()).toEqual({ ...otherKeys, inviter: people.root.address });
    expect(h.state()).toEqual({
      account: undefined,
      token: undefined,
      hasLogin: false,
      inviter: undefined,
      isRoot: false,
      connecting: false,
      parentAddress: null,
      networkPopupVisible: false,
      parentPopupVisible: false,
      parentProblem: null,
      binding: false,
      switching: false,
    });
    expect(h.wallet.methods().at(-1)).toBe("wallet_revokePermissions");
    expect(h.machine.getProvider()).toBeUndefined();
    expect(h.wallet.listenerCount("accountsChanged")).toBe(0);
  });

  it("revokes the token on the server, and signs out here whatever the server answers", async () => {
    for (const answer of ["ok", "fail", "never"] as const) {
      const h = createHarness({ account: people.alice });
      await h.machine.connect();
      h.answerLogout(answer);
      await h.machine.disconnect();
      expect(h.seen.logouts).toEqual(["token-1"]);
      expect(h.state()).toMatchObject({ account: undefined, token: undefined, hasLogin: false });
      expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(h.notices()).toEqual(["wallet.loginSuccess"]);
    }
  });

  it("sends no logout when no one had signed in", async () => {
    const h = createHarness({ account: people.erin, urlParent: people.alice.address });
    await h.machine.connect();
    expect(h.state().parentPopupVisible).toBe(true);
    await h.machine.disconnect();
    expect(h.seen.logouts).toEqual([]);
  });

  it("a wallet that cannot revoke permissions still disconnects", async () => {
    const h = createHarness({ account: people.alice });
    await h.machine.connect();
    h.wallet.failNext("wallet_revokePermissions", new ProviderRpcError(4200, "Unsupported"));
    await h.machine.disconnect();
    expect(h.state().account).toBeUndefined();
    expect(h.notices()).toEqual(["wallet.loginSuccess"]);
  });

  it("disconnect ends the wallet's own session through forgetWallet when it has one (WalletConnect)", async () => {
    const forgotten: unknown[] = [];
    const h = createHarness({
      account: people.alice,
      forgetWallet: async (wallet) => {
        forgotten.push(wallet);
        throw new Error("relay unreachable");
      },
    });
    await h.machine.connect();
    await h.machine.disconnect();
    expect(forgotten).toEqual([h.wallet]);
    expect(h.wallet.methods()).not.toContain("wallet_revokePermissions");
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false });
  });

  it("the wallet's disconnect event disconnects", async () => {
    const h = createHarness({ account: people.alice });
    await h.machine.connect();
    h.wallet.disconnect();
    await vi.waitFor(() => expect(h.state().account).toBeUndefined());
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("accountsChanged: the old session ends and the new account signs in with its own token", async () => {
    const h = createHarness({ account: people.root });
    await h.machine.connect();
    h.wallet.switchAccount(people.alice);
    await vi.waitFor(() => expect(h.state()).toMatchObject({ account: people.alice.address, hasLogin: true }));
    expect(h.state().token).toBe("token-2");
    expect(h.state()).toMatchObject({ isRoot: false, inviter: people.root.address });
    expect(tokenOf(h)).toEqual({ address: people.alice.address, token: "token-2" });
    expect(h.storage.getItem(STORAGE_KEYS.walletAddress)).toBe(people.alice.address);
    expect(h.effects.connected).toEqual([people.root.address, people.alice.address]);
    const signers = (h.wallet.paramsOf("personal_sign") as [Hex, string][]).map(([, from]) => from);
    expect(signers).toEqual([people.root.address, people.alice.address]);
    // The old account's token is revoked on the server, the new one's is not.
    expect(h.seen.logouts).toEqual(["token-1"]);
  });

  it("an account switch revokes the old token even when the server does not answer", async () => {
    const h = createHarness({ account: people.root });
    await h.machine.connect();
    h.answerLogout("never");
    h.wallet.switchAccount(people.alice);
    await vi.waitFor(() => expect(h.state()).toMatchObject({ account: people.alice.address, hasLogin: true }));
    expect(h.seen.logouts).toEqual(["token-1"]);
    // The wallet emptied its accounts: a disconnect, which revokes the new token too.
    h.wallet.emit("accountsChanged", []);
    await vi.waitFor(() => expect(h.state().account).toBeUndefined());
    expect(h.seen.logouts).toEqual(["token-1", "token-2"]);
  });

  it("a switch to an unbound account without a URL inviter goes to /not_bound", async () => {
    const h = createHarness({ account: people.root });
    await h.machine.connect();
    h.wallet.switchAccount(people.erin);
    await vi.waitFor(() => expect(h.effects.notBound).toBe(1));
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false });
  });

  it("a disconnect while the signature is pending: the late signature signs nobody in", async () => {
    const h = createHarness({ account: people.root });
    const release = h.wallet.hold("personal_sign");
    const connecting = h.machine.connect();
    await vi.waitFor(() => expect(h.wallet.methods()).toContain("personal_sign"));
    await h.machine.disconnect();
    release();
    await connecting;
    expect(h.seen.logins).toEqual([]);
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false, connecting: false });
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("a move to another chain while the signature is pending: the network popup, and the late signature signs nobody in", async () => {
    const h = createHarness({ account: people.root });
    const release = h.wallet.hold("personal_sign");
    const connecting = h.machine.connect();
    await vi.waitFor(() => expect(h.wallet.methods()).toContain("personal_sign"));
    h.wallet.emit("chainChanged", "0x38");
    await connecting;
    expect(h.state()).toMatchObject({ account: people.root.address, networkPopupVisible: true, connecting: false });
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.seen.logins).toEqual([]);
    expect(h.state()).toMatchObject({ hasLogin: false, networkPopupVisible: true });
    expect(h.notices()).toEqual([]);
  });

  it("events of a wallet the user is not connected with change nothing", async () => {
    const h = createHarness({ account: people.root });
    await h.machine.connect();
    await h.machine.disconnect();
    const requests = h.wallet.requests.length;
    h.wallet.switchAccount(people.alice);
    h.wallet.emit("chainChanged", "0x38");
    expect(h.wallet.requests.length).toBe(requests);
    expect(h.state()).toMatchObject({ account: undefined, networkPopupVisible: false });
  });
});

describe("two tabs", () => {
  it("another tab's disconnect signs this one out, leaving storage as that tab wrote it", async () => {
    const h = createHarness({ account: people.alice });
    await h.machine.connect();
    // Nothing changed for this session: a storage event about another key changes nothing.
    h.machine.sessionChangedElsewhere();
    expect(h.state()).toMatchObject({ account: people.alice.address, hasLogin: true });

    // The other tab disconnects: it clears the session keys and keeps an invite it holds.
    for (const key of [STORAGE_KEYS.walletAddress, STORAGE_KEYS.isSigned, STORAGE_KEYS.token])
      h.storage.removeItem(key);
    h.storage.setItem(STORAGE_KEYS.parentAddress, people.root.address);
    const before = h.storage.snapshot();
    h.machine.sessionChangedElsewhere();
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false, token: undefined });
    expect(h.storage.snapshot()).toEqual(before);
    // This tab's wallet is let go: its events no longer act on a session.
    const asked = h.wallet.methods().length;
    h.wallet.switchAccount(people.frank);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.wallet.methods()).toHaveLength(asked);
    expect(h.state().account).toBeUndefined();
    // The other tab revoked the token; this one asks for no second revocation.
    expect(h.seen.logouts).toEqual([]);
  });

  it("another account signed in in another tab: this one signs out, then resumes that session without a signature", async () => {
    const h = createHarness({ account: people.alice });
    await h.machine.connect();
    const signatures = h.wallet.methods().filter((m) => m === "personal_sign").length;
    // The other tab signed root in (the wallet now answers with root).
    h.storage.setItem(STORAGE_KEYS.walletAddress, people.root.address);
    h.storage.setItem(STORAGE_KEYS.token, JSON.stringify({ address: people.root.address, token: "token-elsewhere" }));
    h.storage.setItem(STORAGE_KEYS.isSigned, "true");
    h.machine.sessionChangedElsewhere();
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false });
    expect(h.storage.getItem(STORAGE_KEYS.walletAddress)).toBe(people.root.address);

    h.wallet.switchAccount(people.root);
    expect(await h.machine.restore([h.wallet])).toBe(true);
    await vi.waitFor(() => expect(h.state()).toMatchObject({ account: people.root.address, hasLogin: true }));
    expect(h.state().token).toBe("token-elsewhere");
    expect(h.wallet.methods().filter((m) => m === "personal_sign")).toHaveLength(signatures);
  });
});

describe("a session across page loads", () => {
  async function signedInThenReloaded(account = people.alice) {
    const first = createHarness({ account });
    await first.machine.connect();
    const next = createHarness({ account, stored: first.storage.snapshot() });
    next.wallet.granted = true;
    return next;
  }

  it("resumes with the stored token, without asking for a signature", async () => {
    const h = await signedInThenReloaded();
    expect(await h.machine.restore([h.wallet])).toBe(true);
    await vi.waitFor(() => expect(h.state().inviter).toBe(people.root.address));
    expect(h.state()).toMatchObject({
      account: people.alice.address,
      hasLogin: true,
      token: "token-1",
      connecting: false,
    });
    expect(h.wallet.methods()).toEqual(["eth_accounts", "eth_chainId"]);
    expect(h.effects.connected).toEqual([people.alice.address]);
  });

  it("looks for the stored account among several wallets", async () => {
    const h = await signedInThenReloaded();
    const other = new TestWallet({ account: people.frank, chainId: config.chain.id });
    other.granted = true;
    expect(await h.machine.restore([other, h.wallet])).toBe(true);
    await vi.waitFor(() => expect(h.state().hasLogin).toBe(true));
    expect(h.machine.getProvider()).toBe(h.wallet);
  });

  it("does not resume for a wallet now on another account, nor without a stored address", async () => {
    const h = await signedInThenReloaded();
    h.wallet.switchAccount(people.frank);
    expect(await h.machine.restore([h.wallet])).toBe(false);
    expect(h.state().account).toBeUndefined();

    const fresh = createHarness({ account: people.alice });
    fresh.wallet.granted = true;
    expect(await fresh.machine.restore([fresh.wallet])).toBe(false);
    expect(fresh.wallet.requests).toEqual([]);
  });

  it("a token stored for one address is never used for another", async () => {
    const h = await signedInThenReloaded();
    h.storage.setItem(STORAGE_KEYS.walletAddress, people.root.address);
    h.wallet.switchAccount(people.root);
    expect(await h.machine.restore([h.wallet])).toBe(true);
    await vi.waitFor(() => expect(h.wallet.methods()).toContain("personal_sign"));
  });

  it("after the reload that follows a network switch, the connect carries on to sign-in", async () => {
    const first = createHarness({ account: people.alice, chainId: 56 });
    first.wallet.knownChains.add(config.chain.id);
    await first.machine.connect();
    await first.machine.switchNetwork();
    expect(first.effects.reloads).toBe(1);

    const h = createHarness({ account: people.alice, stored: first.storage.snapshot() });
    h.wallet.granted = true;
    expect(await h.machine.restore([h.wallet])).toBe(true);
    await vi.waitFor(() => expect(h.state().hasLogin).toBe(true));
    expect(h.notices()).toEqual(["wallet.loginSuccess"]);
  });

  it("a resumed session on the wrong chain shows the network popup", async () => {
    const h = await signedInThenReloaded();
    h.wallet.chainId = 56;
    await h.machine.restore([h.wallet]);
    await vi.waitFor(() => expect(h.state().networkPopupVisible).toBe(true));
  });

  it("a 401 from the API ends the session: signed out, the server's message shown", async () => {
    const h = createHarness({ account: people.alice, urlParent: people.root.address });
    await h.machine.connect();
    h.machine.sessionExpired("Please connect your wallet and sign in again");
    expect(h.notices().at(-1)).toBe("Please connect your wallet and sign in again");
    expect(h.state()).toMatchObject({ account: undefined, hasLogin: false, token: undefined });
    expect(h.machine.token()).toBeUndefined();
    expect(h.storage.getItem(STORAGE_KEYS.isSigned)).toBeNull();
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();

    h.machine.sessionExpired("again");
    expect(h.notices().at(-1)).not.toBe("again");
  });
});
