import {
  createWalletClient,
  hexToBigInt,
  hexToString,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Chain,
  type Hex,
} from "viem";
import type { Eip1193Listener, Eip1193Provider, Eip1193RequestArguments } from "../features/wallet/eip1193";
import type { DevnetAccount } from "./accounts";
import { describeCall } from "./describe-call";
import { DevnetRpcError, rejected, unauthorized } from "./errors";
import { createRpcForwarder } from "./rpc";

/** What the wallet asks its user. */
export interface DevnetUi {
  chooseAccount(accounts: readonly DevnetAccount[]): Promise<DevnetAccount | undefined>;
  confirmSignature(request: { account: DevnetAccount; message: string }): Promise<boolean>;
  confirmTransaction(request: { account: DevnetAccount; to?: Address; call: string; value: bigint }): Promise<boolean>;
}

/** Which account the user connected, kept like a real wallet keeps its site permissions. */
const SELECTED_KEY = "dwnDevnetWallet";

type TransactionRequest = { from?: Address; to?: Address; data?: Hex; value?: Hex; gas?: Hex; gasPrice?: Hex };

/**
 * An in-page EIP-1193 wallet over the devnet's demo accounts: it asks the user to pick an
 * account, to confirm every signature and every transaction, signs locally and sends to the
 * devnet node; reads go straight to the node.
 */
export function createDevnetProvider({
  accounts,
  chain,
  ui,
  storage,
}: {
  accounts: () => readonly DevnetAccount[];
  chain: Chain;
  ui: DevnetUi;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
}): Eip1193Provider & {
  on(event: string, listener: Eip1193Listener): void;
  removeListener(event: string, listener: Eip1193Listener): void;
} {
  const rpcUrl = chain.rpcUrls.default.http[0];
  const forward = createRpcForwarder(rpcUrl);
  const listeners = new Map<string, Set<Eip1193Listener>>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));

  const selected = (): DevnetAccount | undefined => {
    const role = storage.getItem(SELECTED_KEY);
    return accounts().find((a) => a.role === role);
  };
  const connected = (from: unknown): DevnetAccount => {
    const account = selected();
    if (!account || typeof from !== "string" || !isHex(from) || !isAddressEqual(from, account.account.address)) {
      throw unauthorized();
    }
    return account;
  };

  async function request({ method, params }: Eip1193RequestArguments): Promise<unknown> {
    const args: readonly unknown[] = Array.isArray(params) ? params : [];
    switch (method) {
      case "eth_requestAccounts": {
        const account = selected() ?? (await ui.chooseAccount(accounts()));
        if (!account) throw rejected();
        storage.setItem(SELECTED_KEY, account.role);
        return [account.account.address];
      }
      case "eth_accounts": {
        const account = selected();
        return account ? [account.account.address] : [];
      }
      case "eth_chainId":
        return numberToHex(chain.id);
      case "net_version":
        return String(chain.id);
      case "wallet_switchEthereumChain":
      case "wallet_addEthereumChain": {
        const [target] = args as [{ chainId?: string } | undefined];
        if (target?.chainId && Number.parseInt(target.chainId, 16) === chain.id) return null;
        throw new DevnetRpcError(4902, "The devnet wallet only knows the devnet chain.");
      }
      case "wallet_revokePermissions":
        storage.removeItem(SELECTED_KEY);
        emit("accountsChanged", []);
        return null;
      case "personal_sign": {
        const [data, from] = args as [Hex, unknown];
        const account = connected(from);
        if (!isHex(data)) throw new DevnetRpcError(-32602, "personal_sign expects hex data.");
        if (!(await ui.confirmSignature({ account, message: hexToString(data) }))) throw rejected();
        return account.account.signMessage({ message: { raw: data } });
      }
      case "eth_sendTransaction": {
        const [tx] = args as [TransactionRequest];
        const account = connected(tx.from);
        const value = tx.value ? hexToBigInt(tx.value) : 0n;
        if (!(await ui.confirmTransaction({ account, to: tx.to, call: describeCall(tx.data), value })))
          throw rejected();
        const wallet = createWalletClient({ account: account.account, chain, transport: http(rpcUrl) });
        return wallet.sendTransaction({
          to: tx.to,
          data: tx.data,
          value,
          ...(tx.gas ? { gas: hexToBigInt(tx.gas) } : {}),
          ...(tx.gasPrice ? { gasPrice: hexToBigInt(tx.gasPrice) } : {}),
        });
      }
      default:
        return forward(method, params);
    }
  }

  return {
    request,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}
