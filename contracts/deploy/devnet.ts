import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { toHex } from "viem";
import { DEVNET_ACCOUNTS, DEVNET_ROLE_NOTES, type DevnetRole } from "./accounts";
import { deploySystem } from "./deploy";
import { devnetHdAccount } from "./devnet-keys";
import { saveDeployment } from "./generate";
import { devnetParams } from "./params";
import type { DeploymentRecord } from "./record";
import { seedDevnet } from "./seed";

/** The timelock delay of `npm start -- --timelock` (DEVNET_TIMELOCK_DELAY seconds, default 120). */
export function devnetTimelockDelay(env: NodeJS.ProcessEnv = process.env): bigint {
  const raw = env.DEVNET_TIMELOCK_DELAY ?? "120";
  if (!/^\d+$/.test(raw)) throw new Error(`DEVNET_TIMELOCK_DELAY must be a number of seconds; it is "${raw}".`);
  return BigInt(raw);
}

/**
 * Deploys, records and seeds the devnet; returns the record. With `timelock`, Pool and Staking
 * are handed to a TimelockController as on BNB Smart Chain, with the owner account as multisig.
 * The record goes to the data folder of `env` (DATA_DIR), never to a committed file.
 */
export async function deployDevnet(
  hre: HardhatRuntimeEnvironment,
  options: { timelock?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<DeploymentRecord> {
  const clients = await hre.viem.getWalletClients();
  const address = (role: DevnetRole) => clients[DEVNET_ACCOUNTS[role]].account.address;
  const record = await deploySystem(hre, {
    params: devnetParams,
    root: address("root"),
    treasury: address("treasury"),
    feeRecipient: address("feeRecipient"),
    ...(options.timelock ? { timelock: { minDelay: devnetTimelockDelay(), multisig: address("owner") } } : {}),
  });
  await saveDeployment(hre, record, options.env);
  await seedDevnet(hre, record);
  return record;
}

/** The start-up printout: contract addresses, then each demo account with its key and its part. */
export function describeDevnet(record: DeploymentRecord, rpcUrl: string): string {
  const lines = [`Devnet (chain ${record.chainId}) at ${rpcUrl}`, "", "Contracts:"];
  for (const [name, addr] of Object.entries(record.contracts)) lines.push(`  ${name.padEnd(8)} ${addr}`);
  lines.push("", "Demo accounts (well-known devnet keys: never use them on a real chain):");
  for (const [role, index] of Object.entries(DEVNET_ACCOUNTS) as [DevnetRole, number][]) {
    const account = devnetHdAccount(index);
    const key = toHex(account.getHdKey().privateKey ?? new Uint8Array());
    lines.push(`  ${role.padEnd(13)} ${account.address}  ${key}`, `  ${"".padEnd(13)} ${DEVNET_ROLE_NOTES[role]}`);
  }
  return lines.join("\n");
}
