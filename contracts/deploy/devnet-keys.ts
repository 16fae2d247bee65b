import { pbkdf2Sync } from "node:crypto";
import { HDKey, hdKeyToAccount, type HDAccount } from "viem/accounts";
import { DEVNET_MNEMONIC } from "./accounts";

/**
 * The devnet's accounts in Node (the seed, the server's and the browser tests): account `index`
 * of the well-known mnemonic, as `mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index })`
 * gives it. viem's `mnemonicToAccount` runs BIP-39's 2,048 rounds of PBKDF2 in JavaScript for
 * every account (about 0.1 s of CPU each); here the seed is made once, by Node's native PBKDF2,
 * and each account is derived once.
 */
export function devnetHdAccount(index: number): HDAccount {
  let account = accounts.get(index);
  if (!account) {
    master ??= HDKey.fromMasterSeed(pbkdf2Sync(DEVNET_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512"));
    account = hdKeyToAccount(master, { addressIndex: index });
    accounts.set(index, account);
  }
  return account;
}
let master: HDKey | undefined;
const accounts = new Map<number, HDAccount>();
