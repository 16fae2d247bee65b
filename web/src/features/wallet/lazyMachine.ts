import type { WalletMachine } from "./machine";
import type { WalletState } from "./state";

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
 * The wallet machine behind a stand-in that fetches it when it is first needed: a connect,
 * or a stored session to resume. Until then nobody is connected, so the stand-in answers as
 * the machine would and a first visit downloads none of the connect flow. Once loaded, every
 * call and subscription goes to the machine.
 */
export function createLazyWalletMachine(options: LazyWalletMachineOptions): WalletMachine {
  let machine: WalletMachine | undefined;
  let loading: Promise<WalletMachine> | undefined;
  let state = options.initialState;
  const listeners = new Set<() => void>();
  const publish = () => {
    for (const listener of listeners) listener();
  };

  function ready(): Promise<WalletMachine> {
    loading ??= options.load().then(
      (loaded) => {
        machine = loaded;
        loaded.subscribe(publish);
        publish();
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /** Runs `action` once the machine is there; a failed fetch is reported, not thrown. */
  async function withMachine(action: (loaded: WalletMachine) => Promise<void>): Promise<void> {
    if (machine) return action(machine);
    // The button shows the connect as under way while its code arrives.
    state = { ...state, session: { status: "connecting" } };
    publish();
    let loaded: WalletMachine;
    try {
      loaded = await ready();
    } catch (error) {
      options.onLoadError(error);
      return;
    } finally {
      state = options.initialState;
      publish();
    }
    return action(loaded);
  }

  return {
    getState: () => machine?.getState() ?? state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getProvider: () => machine?.getProvider(),
    token: () => machine?.token(),
    connect: () => withMachine((loaded) => loaded.connect()),
    // The popups, the wallet menu and a 401 only exist once a session does, so the machine
    // is already there for these; without it there is nothing to act on.
    bind: async () => machine?.bind(),
    switchNetwork: async () => machine?.switchNetwork(),
    disconnect: async () => machine?.disconnect(),
    sessionExpired: (message: string) => machine?.sessionExpired(message),
    sessionChangedElsewhere: () => machine?.sessionChangedElsewhere(),
    closeBindPopup: () => machine?.closeBindPopup(),
    closeNetworkPopup: () => machine?.closeNetworkPopup(),
    async restore(candidates) {
      if (!machine && !options.hasStoredSession()) return false;
      // A failed fetch leaves the visitor signed out; the next wallet found tries again.
      return ready().then(
        (loaded) => loaded.restore(candidates),
        () => false,
      );
    },
  };
}
