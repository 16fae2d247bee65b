import { mnemonicToAccount, type HDAccount } from "viem/accounts";
import { DEVNET_ACCOUNTS, DEVNET_MNEMONIC, type DevnetRole } from "../../../contracts/deploy/accounts";

/** A demo account of the devnet seed (contracts/deploy/accounts.ts), named by its part. */
export interface DevnetAccount {
  role: DevnetRole;
  account: HDAccount;
}

/**
 * The devnet's well-known test accounts, derived from the same mnemonic the seed funds. Each
 * derivation is a PBKDF2 run, so they are derived once, on first use.
 */
let derived: readonly DevnetAccount[] | undefined;

export function devnetAccounts(): readonly DevnetAccount[] {
  derived ??= (Object.entries(DEVNET_ACCOUNTS) as [DevnetRole, number][]).map(([role, index]) => ({
    role,
    account: mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index }),
  }));
  return derived;
}
