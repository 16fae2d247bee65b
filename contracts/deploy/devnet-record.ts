import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getContractAddress } from "viem";
import { DEVNET_ACCOUNTS, type DevnetRole } from "./accounts";
import { devnetHdAccount } from "./devnet-keys";
import { DEVNET_CHAIN_ID, TOKEN_KEYS, type DeploymentRecord } from "./record";

export { DEVNET_CHAIN_ID };

/*
 * The devnet's deployment record is not committed: every devnet start writes it in the data
 * folder (`<DATA_DIR>/devnet/deployment.json`, DATA_DIR defaulting to the repository's `.data/`),
 * and the server reads it from there. The generated module (`@dwn/contracts`) carries only the
 * deployments to real chains. This file has no Hardhat import, so the server can use it.
 */

/** Where the devnet writes its record, and the server reads it, in the data folder `dataDir`. */
export function devnetRecordPath(dataDir: string): string {
  return path.join(dataDir, "devnet", "deployment.json");
}

/**
 * The record of a fresh devnet without a timelock: the owner (account #0) deploys the five tokens,
 * then the pool and the staking, from its nonces 0..6, in block 1 (contracts/test/deploy.test.ts
 * checks this against a real deploy).
 */
export function freshDevnetRecord(): DeploymentRecord {
  const address = (role: DevnetRole) => devnetHdAccount(DEVNET_ACCOUNTS[role]).address;
  const owner = address("owner");
  const order = [...TOKEN_KEYS, "pool", "staking"] as const;
  const at = (i: number) => getContractAddress({ from: owner, nonce: BigInt(i) });
  const contracts = Object.fromEntries(order.map((name, i) => [name, at(i)])) as DeploymentRecord["contracts"];
  return {
    chainId: DEVNET_CHAIN_ID,
    startBlock: 1,
    owner,
    root: address("root"),
    treasury: address("treasury"),
    feeRecipient: address("feeRecipient"),
    contracts,
  };
}

/**
 * The devnet's record in the data folder `dataDir`, as the last devnet start wrote it; before any
 * devnet ran there, the record a fresh devnet will write.
 */
export function readDevnetRecord(dataDir: string): DeploymentRecord {
  const file = devnetRecordPath(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DeploymentRecord) : freshDevnetRecord();
}
