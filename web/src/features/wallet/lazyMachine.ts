import type { WalletMachine } from "./machine";
import type { WalletState } from "./state";

type Args<F> = F extends (...args: infer A) => unknown ? A : never;
type Result<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** Fetches the object (once, again after a failure) and runs `key` on it after the calls queued before. */
export type Later<T> = <K extends keyof T>(key: K, args: Args<T[K]>) => Promise<Result<T[K]>>;

/**
 * What each method of T does until T is loaded: a function answers at once (a read; or it calls
 * `later` to fetch T and run the call on it); "wait" queues the call behind a fetch under way,
 * and drops it when none is (without T there is nothing it could act on yet). Every method
 * must say, so a method added to T without an answer fails the typecheck.
 */
export type Before<T> = { [K in keyof T]: T[K] | "wait" };

/**
 * `T` (an object of methods) behind a stand-in that is there at once and fetches T on demand.
 * Calls made while T is being fetched run on it once it arrives, in the order they were made;
 * after that every call goes straight to T.
 */
export function lazyObject<T extends { [K in keyof T]: (...args: never[]) => unknown }>(
  load: () => Promise<T>,
  before: (later: Later<T>) => Before<T>,
): T {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  // Methods are called without `this`, as a React prop calls them (onClick={machine.bind}).
  const call = (method: unknown, args: unknown[]) => (method as (...args: unknown[]) => unknown)(...args);
  // Every queued call waits on the same promise, whose callbacks run in the order they were added.
  const answers = before(
    (key, args) =>
      (loading ??= load().then(
        (object) => (loaded = object),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )).then((object) => call(object[key], args)) as Promise<Result<T[typeof key]>>,
  );
  const stand = {} as T;
  for (const key in answers) {
    const answer = answers[key];
    Reflect.set(stand, key, (...args: unknown[]) =>
      loaded
        ? call(loaded[key], args)
        : answer === "wait"
          ? loading?.then(
              (object) => call(object[key], args),
              () => undefined,
            )
          : call(answer, args),
    );
  }
  return stand;
}

export interface LazyWalletMachineOptions {
  /** The state until the machine is loaded: signed out, with the stored inviter. */
  initialState: WalletState;
  /** Whether storage holds a session to resume, which needs the machine at start-up. */
  hasStoredSession(): boolean;
  /** Fetches the connect flow's code and builds the machine. */
  load(): Promise<WalletMachine>;
  /** The code could not be fetched for a connect (offline, a deploy replaced the chunk). */
  onLoadError(error: unknown): void;
}

/**
 * The wallet machine fetched when it is first needed: a connect, or a stored session to resume.
 * Until then nobody is connected, so the stand-in answers as the machine would and a first
 * visit downloads none of the connect flow; a call made while the code arrives (a disconnect
 * during the connect's fetch) runs after it, in order.
 */
export function createLazyWalletMachine(options: LazyWalletMachineOptions): WalletMachine {
  let state = options.initialState;
  // Nobody is connected before the machine is.
  const nobody = () => undefined;
  const listeners = new Set<() => void>();
  const show = (next: WalletState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const load = async () => {
    const machine = await options.load();
    machine.subscribe(() => show(state));
    show(state);
    return machine;
  };
  return lazyObject(load, (later) => ({
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getProvider: nobody,
    token: nobody,
    connect() {
      // The button shows the connect as under way while its code arrives.
      show({ ...state, session: { status: "connecting" } });
      return later("connect", []).catch((error: unknown) => {
        show(options.initialState);
        options.onLoadError(error);
      });
    },
    // A failed fetch leaves the visitor signed out; the next wallet found tries again.
    restore: async (candidates) => options.hasStoredSession() && later("restore", [candidates]).catch(() => false),
    bind: "wait",
    switchNetwork: "wait",
    disconnect: "wait",
    sessionExpired: "wait",
    sessionChangedElsewhere: "wait",
    closeBindPopup: "wait",
    closeNetworkPopup: "wait",
  }));
}
