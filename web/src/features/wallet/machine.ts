import { ApiError, type RuntimeConfig } from "@dwn/api";
import { getAddress, isAddress, isAddressEqual, type Address } from "viem";
import { addChainParameter } from "../../lib/chain";
import type { WalletKey } from "../../i18n/wallet";
import { isUserRejection, type Eip1193Provider } from "./eip1193";
import { readChainId, switchChain } from "./network";
import type { ReferralAccess } from "./pool";
import { personalSign, type SignInApi } from "./signin";
import {
  accountOf,
  signedOutState,
  type ParentProblem,
  type Referral,
  type WalletSession,
  type WalletState,
} from "./state";
import type { SessionStorage } from "./storage";
import { transition, type WalletEvent } from "./transition";

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

/** Resolves as `promise` does, or rejects with the abort's reason as soon as `signal` aborts. */
function until<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    signal.addEventListener("abort", stop, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** A step of a session's flow: waits for `promise` unless the session ends first. */
type Step = <T>(promise: Promise<T>) => Promise<T>;

/**
 * The connect / bind / switch / disconnect flows of spec §4 over a raw EIP-1193 provider, free
 * of React so every branch can be tested. Every change of state goes through `transition`;
 * subscribers hear of it. Each session has its own AbortController, aborted when the session
 * ends or is replaced (a disconnect, an account switch, a move to another chain): its flows
 * wait through `step`, so a step that would finish after that stops the flow instead.
 */
export function createWalletMachine(deps: WalletMachineDeps) {
  let state: WalletState = signedOutState(deps.storage.parentAddress());
  const listeners = new Set<() => void>();
  let provider: Eip1193Provider | undefined;
  let detachProvider = () => {};
  let session = new AbortController();
  /** The connect flow running in the current session, which a second connect joins. */
  let flow: { signal: AbortSignal; done: Promise<void> } | undefined;
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

  /** Applies `event`; false when it meant nothing in the current state. */
  function dispatch(event: WalletEvent): boolean {
    const next = transition(state, event);
    if (next === state) return false;
    state = next;
    for (const listener of listeners) listener();
    return true;
  }

  const tokenOf = (s: WalletSession) => ("token" in s ? s.token : undefined);

  function setParent(parent: string | null) {
    storage.setParentAddress(parent);
    dispatch({ type: "inviteChanged", parent });
  }

  /** The inviter of the page's URL, else the one an invite link left in storage earlier (the
   * user moved to another screen, reloaded, or paired a wallet since). */
  function invitingParent(): string | null {
    return deps.readUrlParent() ?? storage.parentAddress();
  }

  function referralRead(referral: Referral) {
    storage.setInviter(referral.inviter);
    dispatch({ type: "referralRead", referral });
  }

  /** Ends the current session's flows and starts a new session. */
  function newSession(): AbortSignal {
    session.abort();
    session = new AbortController();
    return session.signal;
  }

  function attach(next: Eip1193Provider) {
    if (next === provider) return;
    detachProvider();
    provider = next;
    const onAccounts = (accounts: unknown) => accountsChanged(next, accounts);
    const onChain = (chainId: unknown) => chainChanged(chainId);
    const onDisconnect = () => void (accountOf(state.session) && disconnect());
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
    const token = tokenOf(state.session);
    if (token) void deps.api.logout(token).catch(() => undefined);
  }

  /** Ends the session in memory and in storage; whatever step is still running stops. */
  function end({ keepParent }: { keepParent: boolean }) {
    newSession();
    storage.clearSession({ keepParent });
    dispatch({ type: "signedOut", parent: keepParent ? state.parentAddress : null });
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

  /** Runs `steps` as `signal`'s flow: a failure ends the session, an abort only stops it. */
  function settle(signal: AbortSignal, steps: Promise<void>): Promise<void> {
    return steps.catch((error: unknown) => {
      if (!signal.aborted) fail(error);
    });
  }

  /** Runs a connect flow in a new session; a second connect while one runs joins it. */
  function run(steps: (step: Step) => Promise<void>): Promise<void> {
    if (flow && !flow.signal.aborted) return flow.done;
    if (transition(state, { type: "connectStarted" }) === state) return Promise.resolve();
    const signal = newSession();
    dispatch({ type: "connectStarted" });
    const done = settle(
      signal,
      steps((promise) => until(signal, promise)),
    ).finally(() => {
      // A connect that ended without an outcome (no wallet picked) is signed out again.
      if (!signal.aborted) dispatch({ type: "stopped" });
      if (flow?.done === done) flow = undefined;
    });
    flow = { signal, done };
    return done;
  }

  async function readReferral(account: Address): Promise<Referral> {
    const root = await deps.referral.root();
    if (isAddressEqual(root, account)) return { isRoot: true, inviter: null };
    return { isRoot: false, inviter: await deps.referral.inviterOf(account) };
  }

  /** Spec §4 steps 3–6 for an account the wallet has granted. */
  async function proceed(wallet: Eip1193Provider, account: Address, step: Step) {
    storage.setWalletAddress(account);
    dispatch({ type: "accountGranted", account });
    if ((await step(readChainId(wallet))) !== deps.chain.id) {
      dispatch({ type: "wrongChain" });
      return;
    }
    const referral = await step(readReferral(account));
    referralRead(referral);
    if (referral.isRoot || referral.inviter !== null) {
      // An account that is already bound (or root) has no use for an invite: it is spent.
      setParent(null);
      await signInAs(wallet, account, step);
      return;
    }
    const parent = state.parentAddress;
    if (parent !== null) {
      // The inviter is checked on chain before the popup offers to bind it.
      const problem = await step(inviterProblem(parent));
      dispatch({ type: "inviterNeeded", parent, problem });
      return;
    }
    effects.goNotBound();
    await disconnect();
  }

  /** Why `parent` cannot be bound (not an address, or outside the tree), or null when it can. */
  async function inviterProblem(parent: string): Promise<ParentProblem | null> {
    if (!isAddress(parent, { strict: false })) return "malformed";
    return (await deps.referral.isValidUser(getAddress(parent))) ? null : "outsideTree";
  }

  /** Spec §4 step 6. */
  async function signInAs(wallet: Eip1193Provider, account: Address, step: Step) {
    const message = await step(deps.api.randomMessage(account));
    const signature = await step(personalSign({ provider: wallet, account, message }));
    const token = await step(deps.api.login(account, signature));
    storage.setToken(account, token);
    dispatch({ type: "signedIn", token });
    effects.notify({ kind: "success", key: "wallet.loginSuccess" });
    effects.connected(account);
  }

  /** Spec §4 "Wallet connect and sign-in". */
  function connect(): Promise<void> {
    return run(async (step) => {
      setParent(invitingParent());
      const wallet = await step(deps.chooseProvider());
      if (!wallet) return;
      attach(wallet);
      const account = firstAccount(await step(wallet.request({ method: "eth_requestAccounts" })));
      if (!account) throw new Error("The wallet granted no account.");
      await proceed(wallet, account, step);
    });
  }

  /** Spec §4 "Bind inviter", from the bind popup. */
  async function bind(): Promise<void> {
    const wallet = provider;
    const s = state.session;
    if (!wallet || s.status !== "needsInviter" || s.busy) return;
    const { account, parent } = s;
    const { signal } = session;
    const step: Step = (promise) => until(signal, promise);
    dispatch({ type: "busy", busy: true });
    await settle(
      signal,
      (async () => {
        if (!isAddress(parent, { strict: false }) || !(await step(deps.referral.isValidUser(getAddress(parent))))) {
          effects.notify({ kind: "fail", key: "wallet.bind.invalid" });
          return;
        }
        // Spec §7: accounts are requested before each contract call.
        await step(wallet.request({ method: "eth_requestAccounts" }));
        if ((await step(readChainId(wallet))) !== deps.chain.id) {
          dispatch({ type: "wrongChain" });
          return;
        }
        const hash = await step(deps.referral.setInviter({ provider: wallet, account, parent: getAddress(parent) }));
        if (!(await step(deps.referral.succeeded(hash)))) {
          effects.notify({ kind: "fail", key: "wallet.bind.failed" });
          return;
        }
        // Bound: the popup closes and the invite is spent; the inviter is read again from chain.
        setParent(null);
        dispatch({ type: "referralRead", referral: { isRoot: false, inviter: getAddress(parent) } });
        referralRead({ isRoot: false, inviter: await step(deps.referral.inviterOf(account)) });
        await signInAs(wallet, account, step);
      })(),
    );
    if (!signal.aborted) dispatch({ type: "busy", busy: false });
  }

  /** Spec §4 "Network switch", from the wrong-network popup; the page reloads on success. */
  async function switchNetwork(): Promise<void> {
    const wallet = provider;
    const s = state.session;
    if (!wallet || s.status !== "wrongNetwork" || s.busy) return;
    dispatch({ type: "busy", busy: true });
    try {
      await switchChain(wallet, addChain);
      effects.reload();
    } catch (error) {
      // The popup stays so the user can try again; parentAddress is kept, since the connect
      // resumes with it after the reload.
      effects.notify({ kind: "fail", key: isUserRejection(error) ? "wallet.rejected" : "wallet.network.switchFailed" });
    } finally {
      dispatch({ type: "busy", busy: false });
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
    const current = accountOf(state.session);
    if (wallet !== provider || !current) return;
    const next = firstAccount(accounts);
    if (!next) {
      void disconnect();
      return;
    }
    if (isAddressEqual(next, current)) return;
    logout();
    end({ keepParent: true });
    void run(async (step) => {
      setParent(invitingParent());
      await proceed(wallet, next, step);
    });
  }

  /** The wallet moved to another chain: whatever flow ran stops, and the network popup shows. */
  function chainChanged(chainId: unknown) {
    if (!accountOf(state.session)) return;
    const id =
      typeof chainId === "string" ? Number.parseInt(chainId, chainId.startsWith("0x") ? 16 : 10) : Number(chainId);
    if (id === deps.chain.id) {
      if (state.session.status === "wrongNetwork") effects.reload();
      return;
    }
    if (state.session.status === "wrongNetwork") return;
    newSession();
    dispatch({ type: "wrongChain" });
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
      if (state.session.status !== "signedOut") return true;
      attach(wallet);
      const token = storage.token(account);
      if (!token) {
        void run((step) => proceed(wallet, account, step));
        return true;
      }
      void run(async (step) => {
        dispatch({ type: "resumed", account, token });
        if ((await step(readChainId(wallet))) !== deps.chain.id) dispatch({ type: "wrongChain" });
        effects.connected(account);
        // Only who the inviter is; an RPC hiccup here must not end a valid session.
        const referral = await step(readReferral(account).catch(() => undefined));
        if (referral) referralRead(referral);
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
    const account = accountOf(state.session);
    const token = tokenOf(state.session);
    if (!account || !token) return;
    const stored = storage.walletAddress();
    if (stored && isAddressEqual(stored, account) && storage.token(account) === token) return;
    newSession();
    detachProvider();
    dispatch({ type: "signedOut", parent: storage.parentAddress() });
  }

  /** A 401 from the API: the session has ended; the user must sign in again. */
  function sessionExpired(message: string) {
    if (!tokenOf(state.session)) return;
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
    getProvider: () => (accountOf(state.session) ? provider : undefined),
    token: () => tokenOf(state.session),
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
