import { keccak256, numberToHex, stringToHex, type Address, type Hex, type LocalAccount } from "viem";
import type { Eip1193Listener, Eip1193Provider, Eip1193RequestArguments } from "../../src/features/wallet/eip1193";

/** An error as wallets throw them: a message and an EIP-1193 / JSON-RPC code. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const rejection = () => new ProviderRpcError(4001, "User rejected the request.");

export interface RecordedRequest {
  method: string;
  params: unknown;
}

/**
 * A scriptable EIP-1193 wallet for tests: it signs with real local accounts, knows a set of
 * chains, records every request, and can be told to fail a method (4001, 4902, anything a
 * mobile wallet answers), to hold a request until released, to switch accounts or to
 * disconnect.
 */
export class TestWallet implements Eip1193Provider {
  readonly requests: RecordedRequest[] = [];
  readonly sent: Record<string, unknown>[] = [];
  readonly knownChains: Set<number>;
  chainId: number;
  granted = false;
  private current: LocalAccount;
  private readonly failures = new Map<string, unknown[]>();
  private readonly holds = new Map<string, Promise<void>>();
  private readonly listeners = new Map<string, Set<Eip1193Listener>>();

  constructor({
    account,
    chainId,
    knownChains = [chainId],
  }: {
    account: LocalAccount;
    chainId: number;
    knownChains?: number[];
  }) {
    this.current = account;
    this.chainId = chainId;
    this.knownChains = new Set(knownChains);
  }

  get address(): Address {
    return this.current.address;
  }

  /** The next request for `method` throws `error`. */
  failNext(method: string, error: unknown): this {
    this.failures.set(method, [...(this.failures.get(method) ?? []), error]);
    return this;
  }

  /** The next request for `method` waits until the returned function is called. */
  hold(method: string): () => void {
    let release = () => {};
    this.holds.set(method, new Promise<void>((resolve) => (release = resolve)));
    return release;
  }

  methods(): string[] {
    return this.requests.map((r) => r.method);
  }

  paramsOf(method: string): unknown[] {
    return this.requests.filter((r) => r.method === method).map((r) => r.params);
  }

  on(event: string, listener: Eip1193Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  removeListener(event: string, listener: Eip1193Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** The user picks another account in the wallet. */
  switchAccount(account: LocalAccount) {
    this.current = account;
    this.emit("accountsChanged", [account.address.toLowerCase()]);
  }

  /** The wallet ends the connection. */
  disconnect() {
    this.granted = false;
    this.emit("accountsChanged", []);
    this.emit("disconnect", new ProviderRpcError(4900, "Disconnected"));
  }

  async request({ method, params }: Eip1193RequestArguments): Promise<unknown> {
    this.requests.push({ method, params });
    const hold = this.holds.get(method);
    if (hold) {
      this.holds.delete(method);
      await hold;
    }
    const queued = this.failures.get(method);
    if (queued && queued.length > 0) throw queued.shift();
    const args = Array.isArray(params) ? (params as unknown[]) : [];
    switch (method) {
      case "eth_requestAccounts":
        this.granted = true;
        // Wallets often answer in lower case; the app must not care.
        return [this.current.address.toLowerCase()];
      case "eth_accounts":
        return this.granted ? [this.current.address.toLowerCase()] : [];
      case "eth_chainId":
        return numberToHex(this.chainId);
      case "personal_sign": {
        const [data, from] = args as [Hex, Address];
        if (from.toLowerCase() !== this.current.address.toLowerCase()) throw new ProviderRpcError(4100, "Unauthorized");
        return this.current.signMessage({ message: { raw: data } });
      }
      case "wallet_switchEthereumChain": {
        const [{ chainId }] = args as [{ chainId: Hex }];
        const id = Number.parseInt(chainId, 16);
        if (!this.knownChains.has(id)) throw new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}".`);
        this.chainId = id;
        this.emit("chainChanged", chainId);
        return null;
      }
      case "wallet_addEthereumChain": {
        const [{ chainId }] = args as [{ chainId: Hex }];
        this.knownChains.add(Number.parseInt(chainId, 16));
        return null;
      }
      case "eth_sendTransaction": {
        const [tx] = args as [Record<string, unknown>];
        this.sent.push(tx);
        return keccak256(stringToHex(`tx ${this.sent.length}`));
      }
      case "wallet_revokePermissions":
        this.granted = false;
        return null;
      default:
        throw new ProviderRpcError(4200, `Unsupported method ${method}`);
    }
  }
}
