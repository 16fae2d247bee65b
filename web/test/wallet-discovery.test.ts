import { describe, expect, it } from "vitest";
import { chooseWallet, isMobileBrowser } from "../src/features/wallet/choose";
import { createWalletDiscovery, type DiscoveryTarget } from "../src/features/wallet/discovery";
import { TestWallet } from "./support/eip1193";
import { people } from "./support/wallet-harness";

class FakeWindow extends EventTarget {
  ethereum?: unknown;
  binancew3w?: unknown;
  okxwallet?: unknown;
  requests = 0;
  constructor() {
    super();
    this.addEventListener("eip6963:requestProvider", () => this.requests++);
  }
}

const wallet = () => new TestWallet({ account: people.alice, chainId: 31337 });
const info = (uuid: string, name = `Wallet ${uuid}`) => ({
  uuid,
  name,
  icon: "data:image/svg+xml,<svg/>",
  rdns: `com.${uuid}`,
});
const announce = (target: EventTarget, detail: unknown) =>
  target.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));

function started(target: FakeWindow) {
  const discovery = createWalletDiscovery(target as DiscoveryTarget);
  const stop = discovery.start();
  return { discovery, stop };
}

describe("wallet discovery (EIP-6963 with the window.ethereum fallback)", () => {
  it("asks wallets to announce themselves and lists what they announce, once per uuid", () => {
    const target = new FakeWindow();
    const { discovery } = started(target);
    expect(target.requests).toBe(1);
    const a = wallet();
    announce(target, { info: info("a"), provider: a });
    announce(target, { info: info("a"), provider: a });
    announce(target, { info: info("b"), provider: wallet() });
    expect(discovery.list().map((o) => [o.id, o.name, o.kind])).toEqual([
      ["a", "Wallet a", "announced"],
      ["b", "Wallet b", "announced"],
    ]);
  });

  it("ignores announcements without a provider or a name", () => {
    const target = new FakeWindow();
    const { discovery } = started(target);
    announce(target, { info: info("a") });
    announce(target, { info: { uuid: "x" }, provider: wallet() });
    announce(target, "nonsense");
    expect(discovery.list()).toEqual([]);
  });

  it("adds window.ethereum when no announcement is that provider", () => {
    const target = new FakeWindow();
    const injected = wallet();
    target.ethereum = injected;
    const { discovery } = started(target);
    expect(discovery.list().map((o) => o.kind)).toEqual(["injected"]);
    announce(target, { info: info("same"), provider: injected });
    expect(discovery.list().map((o) => o.id)).toEqual(["same"]);
  });

  it("catches a wallet that injects late: on ethereum#initialized, and on focus", () => {
    const target = new FakeWindow();
    const { discovery, stop } = started(target);
    let changes = 0;
    discovery.subscribe(() => changes++);
    expect(discovery.injected()).toBeUndefined();

    target.ethereum = wallet();
    target.dispatchEvent(new Event("ethereum#initialized"));
    expect(discovery.injected()).toBe(target.ethereum);
    expect(changes).toBe(1);

    target.ethereum = wallet();
    target.dispatchEvent(new Event("focus"));
    expect(discovery.injected()).toBe(target.ethereum);
    expect(target.requests).toBe(2);

    stop();
    target.ethereum = undefined;
    target.dispatchEvent(new Event("focus"));
    expect(discovery.injected()).toBeDefined();
  });
});

describe("the in-app browsers' documented providers", () => {
  it("Binance Web3 Wallet's window.binancew3w.ethereum and OKX's window.okxwallet, window.ethereum first", () => {
    const binance = new FakeWindow();
    binance.binancew3w = { ethereum: wallet() };
    expect(started(binance).discovery.injected()).toBe(Reflect.get(binance.binancew3w as object, "ethereum"));

    const okx = new FakeWindow();
    okx.okxwallet = wallet();
    expect(started(okx).discovery.injected()).toBe(okx.okxwallet);

    const both = new FakeWindow();
    both.ethereum = wallet();
    both.okxwallet = wallet();
    both.binancew3w = { ethereum: "not a provider" };
    expect(started(both).discovery.injected()).toBe(both.ethereum);

    const none = new FakeWindow();
    none.binancew3w = { ethereum: {} };
    expect(started(none).discovery.injected()).toBeUndefined();
  });
});

describe("which wallet a connect uses", () => {
  const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
  const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 TokenPocket";
  const option = (id: string, provider = wallet()) =>
    ({ id, kind: "announced", name: id, icon: "", rdns: id, provider }) as const;

  it("in a wallet's own browser, its injected provider, whatever else is announced", () => {
    const injected = wallet();
    expect(isMobileBrowser(phone)).toBe(true);
    for (const walletConnect of [false, true]) {
      expect(chooseWallet({ options: [option("a"), option("b")], injected, userAgent: phone, walletConnect })).toEqual({
        kind: "use",
        provider: injected,
      });
    }
  });

  it("the only wallet found when there is no other way; else the picker", () => {
    const only = option("a");
    const choose = (options: ReturnType<typeof option>[], walletConnect: boolean, injected = only.provider) =>
      chooseWallet({ options, injected, userAgent: desktop, walletConnect });
    expect(choose([only], false)).toEqual({ kind: "use", provider: only.provider });
    // With WalletConnect offered, a desktop user with one extension may still want their phone.
    expect(choose([only], true)).toEqual({ kind: "pick" });
    expect(choose([only, option("b")], false)).toEqual({ kind: "pick" });
    // No wallet at all: the picker says so and offers WalletConnect and the wallet apps' links.
    expect(chooseWallet({ options: [], injected: undefined, userAgent: phone, walletConnect: false })).toEqual({
      kind: "pick",
    });
    expect(chooseWallet({ options: [], injected: undefined, userAgent: phone, walletConnect: true })).toEqual({
      kind: "pick",
    });
  });
});
