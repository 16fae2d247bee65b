import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { maxUint256, parseUnits, type Address } from "viem";
import { DEVNET_ACCOUNTS, type DevnetRole } from "./accounts";
import { DEVNET_CHAIN_ID, TOKEN_KEYS, type DeploymentRecord } from "./record";

const DEMO_BALANCE = parseUnits("100000", 18);
const POOL_RESERVE = parseUnits("10000000", 18);
const STAKING_RESERVE = parseUnits("10000000", 18);

/** The part of the tree the seed builds: who binds under whom, what they buy and stake. */
const TREE: { user: DevnetRole; inviter: DevnetRole }[] = [
  { user: "alice", inviter: "root" },
  { user: "bob", inviter: "alice" },
  { user: "carol", inviter: "bob" },
  { user: "dave", inviter: "alice" },
];
const PURCHASES: { user: DevnetRole; tier: bigint }[] = [
  { user: "root", tier: 5n },
  { user: "alice", tier: 3n },
  { user: "bob", tier: 1n },
  { user: "carol", tier: 2n },
];
const STAKES: { user: DevnetRole; units: bigint }[] = [
  { user: "alice", units: 2n },
  { user: "carol", units: 1n },
];
const FUNDED: DevnetRole[] = ["root", "alice", "bob", "carol", "dave", "erin"];

/**
 * Funds the demo accounts and the reserves, then builds a small tree with purchases and stakes.
 * Devnet only: it refuses any other chain.
 */
export async function seedDevnet(hre: HardhatRuntimeEnvironment, record: DeploymentRecord): Promise<void> {
  if (record.chainId !== DEVNET_CHAIN_ID)
    throw new Error(`Refusing to seed chain ${record.chainId}: only the devnet is seeded.`);
  const publicClient = await hre.viem.getPublicClient();
  const clients = await hre.viem.getWalletClients();
  const wallet = (role: DevnetRole) => clients[DEVNET_ACCOUNTS[role]];
  const address = (role: DevnetRole): Address => wallet(role).account.address;
  const c = record.contracts;
  const at = async <T extends "DevToken" | "Pool" | "Staking">(name: T, addr: Address, role: DevnetRole) =>
    hre.viem.getContractAt(name, addr, { client: { wallet: wallet(role) } });
  const send = async (hash: `0x${string}`) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`Seed transaction ${hash} reverted.`);
  };

  for (const key of TOKEN_KEYS) {
    const token = await at("DevToken", c[key], "owner");
    for (const role of FUNDED) await send(await token.write.mint([address(role), DEMO_BALANCE]));
  }
  await send(await (await at("DevToken", c.dwn, "owner")).write.mint([c.pool, POOL_RESERVE]));
  await send(await (await at("DevToken", c.udbk, "owner")).write.mint([c.staking, STAKING_RESERVE]));

  for (const { user, inviter } of TREE) {
    await send(await (await at("Pool", c.pool, user)).write.setInviter([address(inviter)]));
  }
  for (const { user, tier } of PURCHASES) {
    await send(await (await at("DevToken", c.usdt, user)).write.approve([c.pool, maxUint256]));
    await send(await (await at("DevToken", c.dwn9, user)).write.approve([c.pool, maxUint256]));
    await send(await (await at("Pool", c.pool, user)).write.buy([tier]));
  }
  for (const { user, units } of STAKES) {
    await send(await (await at("DevToken", c.dwn, user)).write.approve([c.staking, maxUint256]));
    await send(await (await at("DevToken", c.a8, user)).write.approve([c.staking, maxUint256]));
    await send(await (await at("Staking", c.staking, user)).write.stake([units]));
  }
}
