/**
 * Who is who among the devnet's well-known accounts (Hardhat's default mnemonic). The seed gives
 * each its part; the built-in devnet wallet and the tests name them the same way.
 */
export const DEVNET_MNEMONIC = "test test test test test test test test test test test junk";

export const DEVNET_ACCOUNTS = {
  owner: 0,
  root: 1,
  treasury: 2,
  feeRecipient: 3,
  alice: 4,
  bob: 5,
  carol: 6,
  dave: 7,
  erin: 8,
} as const;

export type DevnetRole = keyof typeof DEVNET_ACCOUNTS;

/** What the seed leaves each demo account with, for the start-up printout. */
export const DEVNET_ROLE_NOTES: Record<DevnetRole, string> = {
  owner: "deployer and owner of every contract",
  root: "root of the referral tree; owns a tier 5 NFT",
  treasury: "capital pool: receives purchase payments",
  feeRecipient: "receives staked A8 and every fee",
  alice: "bound to root; tier 3 NFT; 2 staking units",
  bob: "bound to alice; tier 1 NFT",
  carol: "bound to bob; tier 2 NFT; 1 staking unit",
  dave: "bound to alice; no NFT yet",
  erin: "not bound: open the invite link of another account to bind",
};
