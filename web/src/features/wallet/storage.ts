import { getAddress, isAddress, isAddressEqual, type Address } from "viem";
import { STORAGE_KEYS, type KeyValueStorage } from "./storageKeys";

export { STORAGE_KEYS, type KeyValueStorage } from "./storageKeys";

export interface StoredToken {
  address: Address;
  token: string;
}

export function createSessionStorage(storage: KeyValueStorage) {
  const address = (value: string | null): Address | undefined =>
    value !== null && isAddress(value) ? getAddress(value) : undefined;

  function readToken(): StoredToken | undefined {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.token) ?? "null");
      if (typeof parsed !== "object" || parsed === null) return undefined;
      const owner = address(String(Reflect.get(parsed, "address")));
      const token: unknown = Reflect.get(parsed, "token");
      return owner && typeof token === "string" && token !== "" ? { address: owner, token } : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    walletAddress: () => address(storage.getItem(STORAGE_KEYS.walletAddress)),
    setWalletAddress: (account: Address) => storage.setItem(STORAGE_KEYS.walletAddress, account),

    /** The stored token of `account`, when it signed in and did not sign out since. */
    token(account: Address): string | undefined {
      const stored = readToken();
      const signed = storage.getItem(STORAGE_KEYS.isSigned) === "true";
      return signed && stored && isAddressEqual(stored.address, account) ? stored.token : undefined;
    },
    setToken(account: Address, token: string) {
      storage.setItem(STORAGE_KEYS.token, JSON.stringify({ address: account, token } satisfies StoredToken));
      storage.setItem(STORAGE_KEYS.isSigned, "true");
    },

    parentAddress: () => storage.getItem(STORAGE_KEYS.parentAddress),
    setParentAddress(parent: string | null) {
      if (parent === null) storage.removeItem(STORAGE_KEYS.parentAddress);
      else storage.setItem(STORAGE_KEYS.parentAddress, parent);
    },

    usesWalletConnect: () => storage.getItem(STORAGE_KEYS.walletConnect) === "true",
    setUsesWalletConnect(uses: boolean) {
      if (uses) storage.setItem(STORAGE_KEYS.walletConnect, "true");
      else storage.removeItem(STORAGE_KEYS.walletConnect);
    },

    setInviter(inviter: Address | null) {
      if (inviter === null) storage.removeItem(STORAGE_KEYS.inviter);
      else storage.setItem(STORAGE_KEYS.inviter, inviter);
    },

    /** Ends the stored session: exactly the keys spec §4 "Disconnect" names (parentAddress
     * unless `keepParent`), never `inviter` or other features' keys. */
    clearSession({ keepParent }: { keepParent: boolean }) {
      storage.removeItem(STORAGE_KEYS.walletAddress);
      storage.removeItem(STORAGE_KEYS.isSigned);
      storage.removeItem(STORAGE_KEYS.token);
      if (!keepParent) storage.removeItem(STORAGE_KEYS.parentAddress);
    },
  };
}

export type SessionStorage = ReturnType<typeof createSessionStorage>;
