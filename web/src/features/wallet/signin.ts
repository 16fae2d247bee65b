import { isHex, stringToHex, type Address, type Hex } from "viem";
import type { ApiCall } from "../../lib/api";
import type { Eip1193Provider } from "./eip1193";

/** The sign-in calls of DESIGN.md §4, and the logout that ends a session on the server. */
export interface SignInApi {
  /** The EIP-4361 message the server wants signed. */
  randomMessage(address: Address): Promise<string>;
  /** The access token for a signed message. */
  login(address: Address, signature: Hex): Promise<string>;
  /** Revokes `token` on the server (other devices' sessions go on). */
  logout(token: string): Promise<void>;
}

/** `call` sends no token; `callAs(token)` sends that one. */
export function signInApi(call: ApiCall, callAs: (token: string) => ApiCall): SignInApi {
  return {
    randomMessage: (address) => call("user/get_address_random", { address }),
    login: async (address, signs) => (await call("user/login", { address, signs })).access_token,
    logout: async (token) => void (await callAs(token)("user/logout", {})),
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
