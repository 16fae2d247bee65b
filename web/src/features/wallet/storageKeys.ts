import { isAddress } from "viem";

/**
 * The wallet session's local-storage keys (spec §3, §9). The access token is kept under
 * `token` together with the address it signs in, so it is never sent for another account.
 */
export const STORAGE_KEYS = {
  walletAddress: "walletAddress",
  isSigned: "isSigned",
  parentAddress: "parentAddress",
  inviter: "inviter",
  token: "token",
  /** Set while the session's wallet is WalletConnect, so a reload resumes its pairing. */
  walletConnect: "walletConnect",
} as const;

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Whether a storage event's key (null: storage cleared) is one of the session's. */
export const isSessionKey = (key: string | null) =>
  key === null || (Object.values(STORAGE_KEYS) as string[]).includes(key);

/**
 * Whether storage holds a wallet address: a session to resume, or a connect to continue. Apart
 * from storage.ts, so that a visitor's first screen can ask without the session's code.
 */
export const hasStoredWallet = (storage: KeyValueStorage) => {
  const stored = storage.getItem(STORAGE_KEYS.walletAddress);
  return stored !== null && isAddress(stored);
};
