import type { BrowserContext, Page } from "playwright-core";
import {
  createWalletClient,
  hexToBigInt,
  hexToNumber,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Hex,
} from "viem";
import type { HDAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import {
  installPageWallet,
  WALLET_BINDING,
  type WalletInfo,
  type WalletReply,
  type WalletRequest,
} from "./page-wallet";

export const TEST_WALLET: WalletInfo = {
  uuid: "6f1f0a4e-7c1e-4f7e-9d1a-3b2c1d0e9f8a",
  name: "E2E Test Wallet",
  rdns: "dev.test.wallet",
  icon:
    "data:image/svg+xml," +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#2a6"/></svg>',
    ),
};

/** EIP-1193 error codes the wallet answers with. */
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNSUPPORTED_METHOD = 4200;
const UNRECOGNIZED_CHAIN = 4902;

class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface WalletCall {
  method: string;
  params: unknown;
}

function firstParam(params: unknown): unknown {
  return Array.isArray(params) ? params[0] : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

const hexOrUndefined = (value: unknown): Hex | undefined =>
  typeof value === "string" && isHex(value) ? value : undefined;

/**
 * A browser wallet driven from the test: it holds local keys (the devnet mnemonic), signs in
 * Node and sends raw transactions to the devnet, records every request the page made, and has
 * the knobs a user has in a real wallet: reject the next request, be on another chain, switch
 * accounts, disconnect.
 */
export class TestWallet {
  /** Every request the page sent, in order. */
  readonly calls: WalletCall[] = [];
  /** The chain the wallet says it is on (`eth_chainId`); a real wallet's user picks it. */
  chainId: number;
  private account: HDAccount;
  private connected = false;
  private rejecting = new Set<string>();
  private devnetUnknown = false;
  private readonly pages = new Set<Page>();
  private readonly waiters: { method: string; count: number; resolve(): void }[] = [];

  constructor(
    private readonly rpcUrl: string,
    { account, chainId = hardhat.id }: { account: HDAccount; chainId?: number },
  ) {
    this.account = account;
    this.chainId = chainId;
  }

  get address(): Address {
    return this.account.address;
  }

  /** Installs the wallet in every page of `context`, before the app's scripts run. */
  async install(context: BrowserContext): Promise<void> {
    await context.exposeBinding(WALLET_BINDING, (source, request: WalletRequest) => this.answer(source.page, request));
    await context.addInitScript(installPageWallet, TEST_WALLET);
  }

  /**
   * Answers requests in every page of `context` without installing a provider there: for a
   * stand-in of a wallet reached another way (WalletConnect's module replaced by one that
   * forwards to this wallet), in a browser that has no wallet of its own.
   */
  async serve(context: BrowserContext): Promise<void> {
    await context.exposeBinding(WALLET_BINDING, (source, request: WalletRequest) => this.answer(source.page, request));
  }

  /** The next request of `method` fails with 4001, as when the user taps "Reject". */
  rejectNext(method: string): void {
    this.rejecting.add(method);
  }

  /** The wallet does not know the devnet until `wallet_addEthereumChain` adds it. */
  chainUnknownUntilAdded(): void {
    this.devnetUnknown = true;
  }

  /** The user picks another account in the wallet: `accountsChanged` in the page. */
  async switchAccount(account: HDAccount): Promise<void> {
    this.account = account;
    if (this.connected) await this.emit("accountsChanged", [account.address]);
  }

  /** The user disconnects the site in the wallet: `disconnect` in the page. */
  async disconnect(): Promise<void> {
    this.connected = false;
    await this.emit("disconnect", { code: 4900, message: "Disconnected" });
  }

  callsOf(method: string): WalletCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Resolves once the page has sent `count` requests of `method` in all. */
  waitForCall(method: string, count = 1): Promise<void> {
    if (this.callsOf(method).length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ method, count, resolve }));
  }

  /** An event in every page the wallet serves; a page that is reloading meanwhile misses it, as it would. */
  private async emit(event: string, payload: unknown): Promise<void> {
    for (const page of this.pages) {
      if (page.isClosed()) continue;
      await page
        .evaluate(([name, value]) => window.__testWallet?.emit(name, value), [event, payload] as const)
        .catch(() => undefined);
    }
  }

  private async answer(page: Page, request: WalletRequest): Promise<WalletReply> {
    this.pages.add(page);
    this.calls.push({ method: request.method, params: request.params });
    for (const waiter of this.waiters.filter((w) => this.callsOf(w.method).length >= w.count)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    try {
      if (this.rejecting.delete(request.method)) throw new WalletError(USER_REJECTED, "User rejected the request.");
      return { result: await this.handle(request) };
    } catch (error) {
      if (error instanceof WalletError) return { error: { code: error.code, message: error.message } };
      const code = Reflect.get(record(error), "code");
      return {
        error: {
          code: typeof code === "number" ? code : -32603,
          message: error instanceof Error ? error.message : String(error),
        },
      };
    }
  }

  private requireConnected(from: unknown): HDAccount {
    if (!this.connected || typeof from !== "string" || !isHex(from) || !isAddressEqual(from, this.address)) {
      throw new WalletError(UNAUTHORIZED, "The account is not connected to this site.");
    }
    return this.account;
  }

  private async handle({ method, params }: WalletRequest): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        this.connected = true;
        return [this.address];
      case "eth_accounts":
        return this.connected ? [this.address] : [];
      case "eth_chainId":
        return numberToHex(this.chainId);
      case "personal_sign": {
        const [message, from] = Array.isArray(params) ? params : [];
        const account = this.requireConnected(from);
        const raw = hexOrUndefined(message);
        if (!raw) throw new WalletError(-32602, "personal_sign expects hex data.");
        return account.signMessage({ message: { raw } });
      }
      case "eth_sendTransaction": {
        const tx = record(firstParam(params));
        const account = this.requireConnected(tx.from);
        if (this.chainId !== hardhat.id) throw new WalletError(-32603, `The wallet is on chain ${this.chainId}.`);
        const wallet = createWalletClient({ account, chain: hardhat, transport: http(this.rpcUrl) });
        const value = hexOrUndefined(tx.value);
        const gas = hexOrUndefined(tx.gas);
        const gasPrice = hexOrUndefined(tx.gasPrice);
        return wallet.sendTransaction({
          to: hexOrUndefined(tx.to),
          data: hexOrUndefined(tx.data),
          ...(value ? { value: hexToBigInt(value) } : {}),
          ...(gas ? { gas: hexToBigInt(gas) } : {}),
          ...(gasPrice ? { gasPrice: hexToBigInt(gasPrice) } : {}),
        });
      }
      case "wallet_switchEthereumChain": {
        const chainId = hexOrUndefined(record(firstParam(params)).chainId);
        if (!chainId) throw new WalletError(-32602, "wallet_switchEthereumChain expects a chainId.");
        if (this.devnetUnknown) throw new WalletError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${chainId}".`);
        this.chainId = hexToNumber(chainId);
        void this.emit("chainChanged", chainId);
        return null;
      }
      case "wallet_addEthereumChain":
        this.devnetUnknown = false;
        return null;
      case "wallet_revokePermissions":
        this.connected = false;
        return null;
      case "wallet_watchAsset": {
        // EIP-747: the user accepts; the request is kept in calls for the test to check.
        const options = record(record(params).options);
        if (record(params).type !== "ERC20" || !hexOrUndefined(options.address)) {
          throw new WalletError(-32602, "wallet_watchAsset expects an ERC20 with an address.");
        }
        return true;
      }
      default:
        if (method.startsWith("wallet_")) throw new WalletError(UNSUPPORTED_METHOD, `${method} is not supported.`);
        return this.forward(method, params);
    }
  }

  /** Reads (and anything else not the wallet's own) go to the devnet node. */
  private async forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(this.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
    });
    const body = record(await response.json());
    if (body.error) {
      const error = record(body.error);
      throw new WalletError(typeof error.code === "number" ? error.code : -32603, String(error.message));
    }
    return body.result;
  }
}
