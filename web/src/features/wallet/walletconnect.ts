import { EthereumProvider } from "@walletconnect/ethereum-provider";
import type { Eip1193Provider } from "./eip1193";

/**
 * WalletConnect v2 as an EIP-1193 provider, so the connect flow treats it like the injected wallets.
 * This module (and the WalletConnect code it imports) is fetched only when a user picks
 * WalletConnect, or at start-up when the stored session was made with it. The provider keeps
 * its pairing in the browser's storage: after a reload `init` finds the session again.
 */
export interface WalletConnectOptions {
  projectId: string;
  chain: { id: number; rpcUrl: string };
  /** The dApp as the wallet shows it: name, description, the site's URL and icon. */
  metadata: { name: string; description: string; url: string; icons: string[] };
}

export interface WalletConnectProvider extends Eip1193Provider {
  disconnect(): Promise<void>;
}

/** The modal's close, WalletConnect's way of saying the user gave up the pairing. */
const USER_CLOSED = /request reset|user closed|modal closed/i;

function init(options: WalletConnectOptions) {
  return EthereumProvider.init({
    projectId: options.projectId,
    chains: [options.chain.id],
    rpcMap: { [options.chain.id]: options.chain.rpcUrl },
    // On a wide screen the modal shows the pairing QR code; on a phone it lists wallets and
    // opens the one picked through its universal link.
    showQrModal: true,
    metadata: options.metadata,
  });
}

/** Pairs with a wallet (the modal) unless a session is still alive; resolves once connected. */
export async function connectWalletConnect(options: WalletConnectOptions): Promise<WalletConnectProvider> {
  const provider = await init(options);
  if (!provider.session) {
    try {
      await provider.connect();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The connect flow treats code 4001 as the user's refusal (EIP-1193).
      if (USER_CLOSED.test(message)) throw Object.assign(new Error(message), { code: 4001 });
      throw error;
    }
  }
  return provider;
}

/** The session a previous page left, if it is still alive; never opens the modal. */
export async function resumeWalletConnect(options: WalletConnectOptions): Promise<WalletConnectProvider | undefined> {
  const provider = await init(options);
  return provider.session ? provider : undefined;
}
