import type { WalletOption } from "./discovery";
import type { Eip1193Provider } from "./eip1193";

export type WalletChoice = { kind: "use"; provider: Eip1193Provider } | { kind: "pick" };

/**
 * Phones have no browser extensions, so a provider injected on a phone is the wallet app whose
 * browser this is: use it, whatever else announces itself.
 */
export function isMobileBrowser(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

/**
 * Which wallet a connect uses: the wallet browser's own, the only one found when there is no
 * other way to connect, or the user's pick. The picker also serves a browser with no wallet at
 * all: it offers WalletConnect (when configured) and links that open the page in a wallet app.
 */
export function chooseWallet({
  options,
  injected,
  userAgent,
  walletConnect,
}: {
  options: readonly WalletOption[];
  injected: Eip1193Provider | undefined;
  userAgent: string;
  /** Whether WalletConnect is offered (the deployment has a project id). */
  walletConnect: boolean;
}): WalletChoice {
  if (injected && isMobileBrowser(userAgent)) return { kind: "use", provider: injected };
  if (options.length === 1 && !walletConnect) return { kind: "use", provider: options[0].provider };
  return { kind: "pick" };
}
