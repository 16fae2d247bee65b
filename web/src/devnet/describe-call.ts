import { decodeFunctionData, type Hex } from "viem";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";

/** `setInviter(0x…)`-style text of a transaction's call, for the confirmation; the raw
 * selector when no deployed contract's ABI knows it. */
export function describeCall(data: Hex | undefined): string {
  if (!data || data === "0x") return "";
  for (const abi of [poolAbi, stakingAbi, tokenAbi]) {
    try {
      const { functionName, args } = decodeFunctionData({ abi, data });
      return `${functionName}(${(args ?? []).map((a) => String(a)).join(", ")})`;
    } catch {
      // Not this contract's function; try the next.
    }
  }
  return data.slice(0, 10);
}
