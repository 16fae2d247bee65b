import { getAddress } from "viem";

/** An address in its checksummed (EIP-55) form: the API stores addresses lower-case. */
export function displayAddress(address: string): string {
  try {
    return getAddress(address);
  } catch {
    return address;
  }
}
