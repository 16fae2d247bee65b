import { isHex, stringToHex, type Address, type Hex } from "viem";
import type { ApiCall } from "../../lib/api";
import type { Eip1193Provider } from "./eip1193";

/** The two sign-in calls of DESIGN.md §4. */
export interface SignInApi {
  /** The EIP-4361 message the server wants signed. */
  randomMessage(address: Address): Promise<string>;
  /** The access token for a signed message. */
  login(address: Address, signature: Hex): Promise<string>;
}

export function signInApi(call: ApiCall): SignInApi {
  return {
    randomMessage: (address) => call("user/get_address_random", { address }),
    login: async (address, signs) => (await call("user/login", { address, signs })).access_token,
  };
}

/**
 * Spec §4 step 6.2: `personal_sign` of the hex of the message's UTF-8 bytes (what wallets
 * expect; some would sign a plain string's characters differently).
 */
export async function personalSign({
  provider,
  account,
  message,
}: {
  provider: Eip1193Provider;
  account: Address;
  message: string;
}): Promise<Hex> {
  const signature = await provider.request({ method: "personal_sign", params: [stringToHex(message), account] });
  if (typeof signature !== "string" || !isHex(signature)) throw new Error("The wallet returned no signature.");
  return signature;
}
