import { ApiError, type RuntimeConfig } from "@dwn/api";
import { getAddress, isAddress, isAddressEqual, type Address } from "viem";
import { addChainParameter } from "../../lib/chain";
import type { WalletKey } from "../../i18n/wallet";
import { isUserRejection, type Eip1193Provider } from "./eip1193";
import { readChainId, switchChain } from "./network";
import type { ReferralAccess } from "./pool";
import { personalSign, type SignInApi } from "./signin";
import { SIGNED_OUT, signedOutState, type WalletState } from "./state";
import type { SessionStorage } from "./storage";

/** A toast: a key of the wallet strings, or a text the server already wrote in the user's language. */
export type WalletNotice = { kind: "success" | "fail"; key: WalletKey } | { kind: "fail"; text: string };

/** What the machine does to the world around it; the React provider supplies these. */
export interface WalletEffects {
  notify(notice: WalletNotice): void;
  /** Spec §4 step 5: a wallet without an inviter and no inviter in the URL. */
  goNotBound(): void;
  reload(): void;
  /** The `walletConnected` broadcast: screens read their data again. */
  connected(account: Address): void;
}

export interface WalletMachineDeps {
  chain: RuntimeConfig["chain"];
  storage: SessionStorage;
  referral: ReferralAccess;
  api: SignInApi;
  /** The wallet to connect with: the only one, the wallet browser's own, or the user's pick;
   * undefined when there is none or the user closed the picker. */
  chooseProvider(): Promise<Eip1193Provider | undefined>;
  readUrlParent(): string | null;
  /** Asks the wallet to forget the site on disconnect (WalletConnect ends its session); by
   * default `wallet_revokePermissions`, which wallets that lack it refuse harmlessly. */
  forgetWallet?(wallet: Eip1193Provider): Promise<unknown>;
  effects: WalletEffects;
}

const firstAccount = (accounts: unknown): Address | undefined => {
  const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  return typeof first === "string" && isAddress(first, { strict: false }) ? getAddress(first) : undefined;
};

/**
 * The connect / bind / switch / disconnect flows of spec §4 over a raw EIP-1193 provider, free
 * of React so every branch can be tested. State changes go to subscribers; each flow runs
 * under an `epoch`, and a step that finishes after its session was ended or replaced (a
 * disconnect, an account switch) changes nothing.
 */
export function createWalletMachine(deps: WalletMachineDeps) {
  let state: WalletState = signedOutState(deps.storage.parentAddress());
  const listeners = new Set<() => void>();
  let provider: Eip1193Provider | undefined;
  let detachProvider = () => {};
  let epoch = 0;
  let inFlight: { epoch: number; done: Promise<void> } | undefined;
  const addChain = addChainParameter({ chain: deps.chain });
  const { storage } = deps;
  let reloading = false;
  const effects: WalletEffects = {
    ...deps.effects,
    // The switch's own success and the wallet's chainChanged event both ask for it.
    reload() {
      if (reloading) return;
      reloading = true;
      deps.effects.reload();
    },
  };

  function set(patch: Partial<WalletState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function setParent(parentAddress: string | null) {
    storage.setParentAddress(parentAddress);
    set({ parentAddress });
  }

  /** The inviter of the page's URL, else the one an invite link left in storage earlier (the
   * user moved to another screen, reloaded, or paired a wallet since). */
  function invitingParent(): string | null {
    return deps.readUrlParent() ?? storage.parentAddress();
  }

  function setReferral(referral: { isRoot: boolean; inviter: Address | null }) {
    storage.setInviter(referral.inviter);
    set(referral);
  }

  function attach(next: Eip1193Provider) {
    if (next === provider) return;
    detachProvider();
    provider = next;
    const onAccounts = (accounts: unknown) => accountsChanged(next, accounts);
    const onChain = (chainId: unknown) => chainChanged(chainId);
    const onDisconnect = () => void (state.account && disconnect());
    next.on?.("accountsChanged", onAccounts);
    next.on?.("chainChanged", onChain);
    next.on?.("disconnect", onDisconnect);
    detachProvider = () => {
      next.removeListener?.("accountsChanged", onAccounts);
      next.removeListener?.("chainChanged", onChain);
      next.removeListener?.("disconnect", onDisconnect);
      provider = undefined;
      detachProvider = () => {};
    };
  }

  /**
   * Asks the server to revoke the session's token, without waiting: the local session ends
   * whatever the answer (or none), and a failed logout leaves a token nobody holds any more.
   */
  function logout() {
    const { token } = state;
    if (token) void deps.api.logout(token).catch(() => undefined);
  }

  /** Ends the session in memory and in storage; whatever step is still running stops. */
  function end({ keepParent }: { keepParent: boolean }) {
    epoch++;
    storage.clearSession({ keepParent });
    set({ ...SIGNED_OUT, parentAddress: keepParent ? state.parentAddress : null });
  }

  /** Spec §4 step 8 (any rejection) and every other failure of a flow. */
  function fail(error: unknown) {
    if (isUserRejection(error)) {
      effects.notify({ kind: "fail", key: "wallet.rejected" });
      end({ keepParent: false });
      return;
    }
    effects.notify(
      error instanceof ApiError ? { kind: "fail", text: error.message } : { kind: "fail", key: "wallet.connectFailed" },
    );
    end({ keepParent: true });
  }

  /** Runs a connect flow as the current session; a second connect while one runs joins it. */
  function run(steps: (mine: number) => Promise<void>): Promise<void> {
    if (inFlight && inFlight.epoch === epoch) return inFlight.done;
    const mine = ++epoch;
    set({ connecting: true });
    const done = steps(mine)
      .catch((error: unknown) => {
        if (mine === epoch) fail(error);
      })
      .finally(() => {
        if (mine === epoch) set({ connecting: false });
        if (inFlight?.epoch === mine) inFlight = undefined;
      });
    inFlight = { epoch: mine, done };
    return done;
  }

  async function readReferral(account: Address): Promise<{ isRoot: boolean; inviter: Address | null }> {
    const root = await deps.referral.root();
    if (isAddressEqual(root, account)) return { isRoot: true, inviter: null };
    return { isRoot: false, inviter: await deps.referral.inviterOf(account) };
  }

  /** Spec §4 steps 3–6 for an account the wallet has granted. */
  async function proceed(wallet: Eip1193Provider, account: Address, mine: number) {
    storage.setWalletAddress(account);
    set({ account });
    const chainId = await readChainId(wallet);
    if (mine !== epoch) return;
    if (chainId !== deps.chain.id) {
      set({ networkPopupVisible: true });
      return;
    }
    const referral = await readReferral(account);
    if (mine !== epoch) return;
    setReferral(referral);
    // An account that is already bound (or root) has no use for an invite: it is spent.
    if (referral.isRoot || referral.inviter !== null) setParent(null);
    if (!referral.isRoot && referral.inviter === null) {
      if (state.parentAddress !== null) {
        // The inviter is checked on chain before the popup offers to bind it.
        const parentProblem = await inviterProblem(state.parentAddress);
        if (mine !== epoch) return;
        set({ parentPopupVisible: true, parentProblem });
        return;
      }
      effects.goNotBound();
      await disconnect();
      return;
    }
    await signInAs(wallet, account, mine);
  }

  /** Why `parent` cannot be bound (not an address, or outside the tree), or null when it can. */
  async function inviterProblem(parent: string): Promise<WalletState["parentProblem"]> {
    if (!isAddress(parent, { strict: false })) return "malformed";
    return (await deps.referral.isValidUser(getAddress(parent))) ? null : "outsideTree";
  }

  /** Spec §4 step 6; each answer is checked against the session still being this one. */
  async function signInAs(wallet: Eip1193Provider, account: Address, mine: number) {
    const message = await deps.api.randomMessage(account);
    if (mine !== epoch) return;
    const signature = await personalSign({ provider: wallet, account, message });
    if (mine !== epoch) return;
    const token = await deps.api.login(account, signature);
    if (mine !== epoch) return;
    storage.setToken(account, token);
    set({ token, hasLogin: true });
    effects.notify({ kind: "success", key: "wallet.loginSuccess" });
    effects.connected(account);
  }

  /** Spec §4 "Wallet connect and sign-in". */
  function connect(): Promise<void> {
    return run(async (mine) => {
      setParent(invitingParent());
      const wallet = await deps.chooseProvider();
      if (!wallet || mine !== epoch) return;
      attach(wallet);
      const accounts = await wallet.request({ method: "eth_requestAccounts" });
      if (mine !== epoch) return;
      const account = firstAccount(accounts);
      if (!account) throw new Error("The wallet granted no account.");
      await proceed(wallet, account, mine);
    });
  }

  /** Spec §4 "Bind inviter", from the bind popup. */
  async function bind(): Promise<void> {
    const wallet = provider;
    const { account, parentAddress: parent } = state;
    if (!wallet || !account || state.binding) return;
    const mine = epoch;
    set({ binding: true });
    try {
      if (
        parent === null ||
        !isAddress(parent, { strict: false }) ||
        !(await deps.referral.isValidUser(getAddress(parent)))
      ) {
        if (mine === epoch) effects.notify({ kind: "fail", key: "wallet.bind.invalid" });
        return;
      }
      // Spec §7: accounts are requested before each contract call.
      await wallet.request({ method: "eth_requestAccounts" });
      if ((await readChainId(wallet)) !== deps.chain.id) {
        if (mine === epoch) set({ networkPopupVisible: true });
        return;
      }
      const hash = await deps.referral.setInviter({ provider: wallet, account, parent: getAddress(parent) });
      const bound = await deps.referral.succeeded(hash);
      if (mine !== epoch) return;
      if (!bound) {
        effects.notify({ kind: "fail", key: "wallet.bind.failed" });
        return;
      }
      setParent(null);
      set({ parentPopupVisible: false, connecting: true });
      const inviter = await deps.referral.inviterOf(account);
      if (mine !== epoch) return;
      setReferral({ isRoot: false, inviter });
      await signInAs(wallet, account, mine);
    } catch (error) {
      if (mine === epoch) fail(error);
    } finally {
      if (mine === epoch) set({ binding: false, connecting: false });
    }
  }

  /** Spec §4 "Network switch", from the wrong-network popup; the page reloads on success. */
  async function switchNetwork(): Promise<void> {
    const wallet = provider;
    if (!wallet || state.switching) return;
    set({ switching: true });
    try {
      await switchChain(wallet, addChain);
      effects.reload();
    } catch (error) {
      // The popup stays so the user can try again; parentAddress is kept, since the connect
      // resumes with it after the reload.
      effects.notify({ kind: "fail", key: isUserRejection(error) ? "wallet.rejected" : "wallet.network.switchFailed" });
    } finally {
      set({ switching: false });
    }
  }

  /** Spec §4 "Disconnect": clears the session and asks the wallet to forget the site too, so
   * the next connect lets the user pick an account again. */
  async function disconnect(): Promise<void> {
    const wallet = provider;
    try {
      logout();
      detachProvider();
      end({ keepParent: false });
    } catch {
      effects.notify({ kind: "fail", key: "wallet.disconnectFailed" });
      return;
    }
    if (!wallet) return;
    const forget =
      deps.forgetWallet ??
      ((w: Eip1193Provider) => w.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }));
    await forget(wallet).catch(() => undefined);
  }

  /** The wallet switched accounts: the old session ends and the new account signs in. */
  function accountsChanged(wallet: Eip1193Provider, accounts: unknown) {
    if (wallet !== provider || !state.account) return;
    const next = firstAccount(accounts);
    if (!next) {
      void disconnect();
      return;
    }
    if (isAddressEqual(next, state.account)) return;
    logout();
    end({ keepParent: true });
    void run(async (mine) => {
      setParent(invitingParent());
      await proceed(wallet, next, mine);
    });
  }

  function chainChanged(chainId: unknown) {
    if (!state.account) return;
    const id =
      typeof chainId === "string" ? Number.parseInt(chainId, chainId.startsWith("0x") ? 16 : 10) : Number(chainId);
    if (id !== deps.chain.id) set({ networkPopupVisible: true });
    else if (state.networkPopupVisible) effects.reload();
  }

  /**
   * After a page load: the wallet the stored walletAddress belongs to (found by the silent
   * `eth_accounts`) resumes the session: signed in with the stored token, or, when the
   * connect was interrupted (the reload after a network switch), where it stopped.
   * Resolves whether a wallet was found.
   */
  async function restore(candidates: readonly Eip1193Provider[]): Promise<boolean> {
    const saved = storage.walletAddress();
    if (!saved) return false;
    for (const wallet of candidates) {
      const account = firstAccount(await wallet.request({ method: "eth_accounts" }).catch(() => []));
      if (!account || !isAddressEqual(account, saved)) continue;
      // The user may have started a connect while the wallet answered.
      if (state.account || (inFlight && inFlight.epoch === epoch)) return true;
      attach(wallet);
      const token = storage.token(account);
      if (!token) {
        void run((mine) => proceed(wallet, account, mine));
        return true;
      }
      void run(async (mine) => {
        set({ account, token, hasLogin: true });
        if ((await readChainId(wallet)) !== deps.chain.id && mine === epoch) set({ networkPopupVisible: true });
        if (mine !== epoch) return;
        effects.connected(account);
        // Only who the inviter is; an RPC hiccup here must not end a valid session.
        const referral = await readReferral(account).catch(() => undefined);
        if (referral && mine === epoch) setReferral(referral);
      });
      return true;
    }
    return false;
  }

  /**
   * Another tab changed the stored session (a storage event): when it no longer holds this
   * tab's signed-in account (a disconnect, or another account signed in there), this tab signs
   * out too, leaving storage as the other tab wrote it (it may already hold the next session,
   * which `restore` then resumes). Whatever step of this tab's connect was running stops.
   */
  function sessionChangedElsewhere() {
    const { account } = state;
    if (!account || !state.hasLogin) return;
    const stored = storage.walletAddress();
    if (stored && isAddressEqual(stored, account) && storage.token(account) === state.token) return;
    epoch++;
    detachProvider();
    set({ ...SIGNED_OUT, parentAddress: storage.parentAddress() });
  }

  /** A 401 from the API: the session has ended; the user must sign in again. */
  function sessionExpired(message: string) {
    if (!state.hasLogin) return;
    effects.notify({ kind: "fail", text: message });
    end({ keepParent: true });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The connected wallet, for transactions of other features. */
    getProvider: () => (state.account ? provider : undefined),
    token: () => state.token,
    connect,
    bind,
    switchNetwork,
    disconnect,
    restore,
    sessionExpired,
    sessionChangedElsewhere,
    /** Closing the bind popup gives up this connect; the URL's inviter is kept for the next. */
    closeBindPopup: () => end({ keepParent: true }),
    /** Closing the wrong-network popup (its close button; not the overlay) disconnects. */
    closeNetworkPopup: () => void disconnect(),
  };
}

export type WalletMachine = ReturnType<typeof createWalletMachine>;
