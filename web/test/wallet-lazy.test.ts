import { describe, expect, it, vi } from "vitest";
import { createLazyWalletMachine } from "../src/features/wallet/lazyMachine";
import type { WalletMachine } from "../src/features/wallet/machine";
import { signedOutState } from "../src/features/wallet/state";
import { STORAGE_KEYS } from "../src/features/wallet/storage";
import { createHarness, people, walletView } from "./support/wallet-harness";

/** The stand-in over a real machine (the harness's), with the fetch of its code under control. */
function lazyOver(h: ReturnType<typeof createHarness>, { failFirst = false } = {}) {
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  let attempts = 0;
  const load = vi.fn(async (): Promise<WalletMachine> => {
    attempts++;
    await gate;
    if (failFirst && attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
    return h.machine;
  });
  const onLoadError = vi.fn();
  const lazy = createLazyWalletMachine({
    initialState: signedOutState(h.storage.getItem(STORAGE_KEYS.parentAddress)),
    hasStoredSession: () => h.storage.getItem(STORAGE_KEYS.walletAddress) !== null,
    load,
    onLoadError,
  });
  return {
    lazy,
    load,
    onLoadError,
    /** Lets the pending fetch finish; later fetches wait for the next release. */
    arrive() {
      release();
      gate = Promise.resolve();
    },
  };
}

describe("the wallet machine fetched on first use", () => {
  it("is signed out with the stored inviter, and fetches nothing, until someone connects", async () => {
    const h = createHarness({ account: people.alice, stored: { parentAddress: people.root.address } });
    const { lazy, load } = lazyOver(h);
    expect(lazy.getState()).toEqual(signedOutState(people.root.address));
    expect(await lazy.restore([h.wallet])).toBe(false);
    expect(lazy.token()).toBeUndefined();
    expect(lazy.getProvider()).toBeUndefined();
    lazy.sessionExpired("expired");
    await lazy.disconnect();
    expect(load).not.toHaveBeenCalled();
    expect(h.wallet.methods()).toEqual([]);
  });

  it("shows the connect as under way while the code arrives, then runs it once for two taps", async () => {
    const h = createHarness({ account: people.alice });
    const { lazy, load, arrive } = lazyOver(h);
    const seen: boolean[] = [];
    lazy.subscribe(() => seen.push(walletView(lazy.getState()).connecting));

    const first = lazy.connect();
    const second = lazy.connect();
    expect(walletView(lazy.getState()).connecting).toBe(true);
    arrive();
    await Promise.all([first, second]);

    expect(load).toHaveBeenCalledTimes(1);
    expect(h.wallet.methods().filter((m) => m === "eth_requestAccounts")).toHaveLength(1);
    expect(walletView(lazy.getState())).toMatchObject({
      account: people.alice.address,
      hasLogin: true,
      connecting: false,
    });
    expect(lazy.token()).toBe("token-1");
    expect(lazy.getProvider()).toBe(h.wallet);
    expect(seen[0]).toBe(true);
    expect(seen.at(-1)).toBe(false);
  });

  it("reports a failed fetch, is no longer connecting, and fetches again on the next tap", async () => {
    const h = createHarness({ account: people.alice });
    const { lazy, load, onLoadError, arrive } = lazyOver(h, { failFirst: true });
    const first = lazy.connect();
    arrive();
    await first;
    expect(onLoadError).toHaveBeenCalledTimes(1);
    expect(walletView(lazy.getState())).toMatchObject({ connecting: false, hasLogin: false });

    await lazy.connect();
    expect(load).toHaveBeenCalledTimes(2);
    expect(walletView(lazy.getState()).hasLogin).toBe(true);
  });

  it("fetches the machine at once to resume a stored session", async () => {
    const signedIn = createHarness({ account: people.alice });
    await signedIn.machine.connect();
    const h = createHarness({ account: people.alice, stored: signedIn.storage.snapshot() });
    h.wallet.granted = true;
    const { lazy, load, arrive } = lazyOver(h);
    arrive();
    expect(await lazy.restore([h.wallet])).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(walletView(lazy.getState())).toMatchObject({ account: people.alice.address, hasLogin: true }),
    );
    expect(lazy.token()).toBe("token-1");
  });

  it("passes the machine's changes to its subscribers, and its actions to the machine", async () => {
    const h = createHarness({ account: people.alice });
    const { lazy, arrive } = lazyOver(h);
    const listener = vi.fn();
    const unsubscribe = lazy.subscribe(listener);
    arrive();
    await lazy.connect();
    const calls = listener.mock.calls.length;
    await lazy.disconnect();
    expect(listener.mock.calls.length).toBeGreaterThan(calls);
    expect(walletView(lazy.getState())).toMatchObject({ account: undefined, hasLogin: false });
    expect(h.wallet.methods()).toContain("wallet_revokePermissions");
    unsubscribe();
  });
});

describe("calls made while the machine's code arrives", () => {
  /** A machine that records the calls it gets, in order. */
  function recorder() {
    const calls: string[] = [];
    const h = createHarness({ account: people.alice });
    const record =
      (name: string) =>
      async (...args: unknown[]) =>
        void calls.push([name, ...args].join(" "));
    const machine: WalletMachine = {
      ...h.machine,
      connect: record("connect"),
      bind: record("bind"),
      switchNetwork: record("switchNetwork"),
      disconnect: record("disconnect"),
      restore: async (candidates) => (calls.push(`restore ${candidates.length}`), true),
      sessionExpired: (message) => void calls.push(`sessionExpired ${message}`),
      sessionChangedElsewhere: () => void calls.push("sessionChangedElsewhere"),
      closeBindPopup: () => void calls.push("closeBindPopup"),
      closeNetworkPopup: () => void calls.push("closeNetworkPopup"),
    };
    return { calls, machine, h };
  }

  it("run on the machine once it is there, in the order they were made", async () => {
    const { calls, machine, h } = recorder();
    const { lazy, arrive } = lazyOver({ ...h, machine });
    const done = [
      lazy.connect(),
      lazy.bind(),
      lazy.switchNetwork(),
      lazy.sessionExpired("expired"),
      lazy.disconnect(),
      lazy.closeBindPopup(),
      lazy.closeNetworkPopup(),
      lazy.sessionChangedElsewhere(),
      lazy.connect(),
    ];
    expect(calls).toEqual([]);
    arrive();
    await Promise.all(done);
    expect(calls).toEqual([
      "connect",
      "bind",
      "switchNetwork",
      "sessionExpired expired",
      "disconnect",
      "closeBindPopup",
      "closeNetworkPopup",
      "sessionChangedElsewhere",
      "connect",
    ]);
    // Once it is there, calls go straight to it.
    await lazy.disconnect();
    expect(calls.at(-1)).toBe("disconnect");
  });

  it("a disconnect tapped while the connect's code arrives ends that connect: nobody is signed in", async () => {
    const h = createHarness({ account: people.alice });
    const { lazy, arrive } = lazyOver(h);
    const connecting = lazy.connect();
    const disconnecting = lazy.disconnect();
    arrive();
    await Promise.all([connecting, disconnecting]);
    expect(walletView(lazy.getState())).toMatchObject({ account: undefined, hasLogin: false, connecting: false });
    expect(h.seen.logins).toEqual([]);
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("made with no fetch under way, they have no session to act on: dropped, not run on a later fetch", async () => {
    const { calls, machine, h } = recorder();
    const { lazy, load, arrive } = lazyOver({ ...h, machine });
    await lazy.disconnect();
    await lazy.bind();
    lazy.closeBindPopup();
    expect(load).not.toHaveBeenCalled();
    arrive();
    await lazy.connect();
    expect(calls).toEqual(["connect"]);
  });

  it("a failed fetch drops the calls waiting for it; the next connect fetches again", async () => {
    const { calls, machine, h } = recorder();
    const { lazy, load, onLoadError, arrive } = lazyOver({ ...h, machine }, { failFirst: true });
    const waiting = [lazy.connect(), lazy.disconnect()];
    arrive();
    await Promise.all(waiting);
    expect(onLoadError).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    await lazy.connect();
    expect(load).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(["connect"]);
  });
});
