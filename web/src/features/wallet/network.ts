import { hexToNumber, isHex } from "viem";
import type { AddChainParameter } from "../../lib/chain";
import { needsAddChain, type Eip1193Provider } from "./eip1193";

/** The wallet's current chain id (`eth_chainId`; a few wallets answer a number, not hex). */
export async function readChainId(provider: Eip1193Provider): Promise<number> {
  const answer = await provider.request({ method: "eth_chainId" });
  if (typeof answer === "number") return answer;
  if (typeof answer === "string" && isHex(answer)) return hexToNumber(answer);
  if (typeof answer === "string" && /^\d+$/.test(answer)) return Number(answer);
  throw new Error(`The wallet answered eth_chainId with ${JSON.stringify(answer)}.`);
}

/**
 * Spec §4 "Network switch": `wallet_switchEthereumChain`; when the wallet does not know the
 * chain (4902, or a mobile wallet's non-standard answer), `wallet_addEthereumChain` and switch
 * again (some wallets add without switching).
 */
export async function switchChain(provider: Eip1193Provider, chain: AddChainParameter): Promise<void> {
  const switchTo = () =>
    provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: chain.chainId }] });
  try {
    await switchTo();
  } catch (error) {
    if (!needsAddChain(error)) throw error;
    await provider.request({ method: "wallet_addEthereumChain", params: [chain] });
    await switchTo();
  }
}
