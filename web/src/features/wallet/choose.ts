import type { WalletOption } from "./discovery";
import type { Eip1193Provider } from "./eip1193";

export type WalletChoice =
  { kind: "use"; provider: Eip1193Provider } | { kind: "pick"; options: readonly WalletOption[] } | { kind: "none" };

/**
 * Phones have no browser extensions, so a provider injected on a phone is the wallet app whose
 * browser this is: use it, whatever else announces itself.
 */
export function isMobileBrowser(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

/** Which wallet a connect uses: the wallet browser's own, the only one found, or the user's pick. */
export function chooseWallet({
  options,
  injected,
  userAgent,
}: {
  options: readonly WalletOption[];
  injected: Eip1193Provider | undefined;
  userAgent: string;
}): WalletChoice {
  if (injected && isMobileBrowser(userAgent)) return { kind: "use", provider: injected };
  if (options.length === 0) return { kind: "none" };
  if (options.length === 1) return { kind: "use", provider: options[0].provider };
  return { kind: "pick", options };
}
