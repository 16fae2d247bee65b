import type { Address } from "viem";

/** What a deployment leaves behind: `deployments/<chainId>.json`. */
export interface DeploymentRecord {
  chainId: number;
  /** The first block the indexer reads (at or before the pool's and staking's deployment). */
  startBlock: number;
  /** The owner of the pool and staking: the deployer, or the timelock when there is one. */
  owner: Address;
  /** The multisig that proposes and cancels the timelock's operations (timelock deployments only). */
  multisig?: Address;
  root: Address;
  treasury: Address;
  feeRecipient: Address;
  contracts: {
    usdt: Address;
    dwn9: Address;
    dwn: Address;
    a8: Address;
    udbk: Address;
    pool: Address;
    staking: Address;
    /** The TimelockController that owns the pool and staking (timelock deployments only). */
    timelock?: Address;
  };
}

export type TokenKey = "usdt" | "dwn9" | "dwn" | "a8" | "udbk";
export const TOKEN_KEYS: readonly TokenKey[] = ["usdt", "dwn9", "dwn", "a8", "udbk"];

/** Token names and symbols; DWN9 is the pool's `dwn8`. */
export const TOKEN_META: Record<TokenKey, { name: string; symbol: string }> = {
  usdt: { name: "Tether USD", symbol: "USDT" },
  dwn9: { name: "DWN9", symbol: "DWN9" },
  dwn: { name: "DWN", symbol: "DWN" },
  a8: { name: "A8", symbol: "A8" },
  udbk: { name: "UDBK", symbol: "UDBK" },
};

export const DEVNET_CHAIN_ID = 31337;
