import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { encodeFunctionData, getAddress, zeroAddress, zeroHash, type Address } from "viem";
import type { SystemParams } from "./params";
import { DEVNET_CHAIN_ID, TOKEN_KEYS, TOKEN_META, type DeploymentRecord, type TokenKey } from "./record";

export interface DeployOptions {
  params: SystemParams;
  root: Address;
  treasury: Address;
  feeRecipient: Address;
  /** Existing token addresses (production). Without them, devnet tokens are deployed. */
  tokens?: Record<TokenKey, Address>;
  /** Hand the pool and staking over to a TimelockController (required on BNB Smart Chain). */
  timelock?: TimelockOptions;
}

export interface TimelockOptions {
  /** Seconds every change waits between `schedule` and `execute`. */
  minDelay: bigint;
  /** The multisig that proposes and cancels changes. */
  multisig: Address;
}

export const BSC_CHAIN_ID = 56;
/** The shortest delay the deploy accepts on BNB Smart Chain: 48 hours. */
export const MIN_BSC_DELAY = 48n * 3600n;

/**
 * Refuses a deployment that would leave users' terms changeable without a public delay: on
 * BNB Smart Chain the owner must be a timelock with at least 48 hours' delay and a multisig.
 */
export function checkTimelock(chainId: number, timelock: TimelockOptions | undefined): void {
  if (chainId === BSC_CHAIN_ID && !timelock) {
    throw new Error(
      "On BNB Smart Chain the owner must be a timelock: set TIMELOCK_MIN_DELAY and OWNER_MULTISIG_ADDRESS.",
    );
  }
  if (!timelock) return;
  if (chainId === BSC_CHAIN_ID && timelock.minDelay < MIN_BSC_DELAY) {
    throw new Error(
      `TIMELOCK_MIN_DELAY is ${timelock.minDelay} seconds; on BNB Smart Chain it must be at least ${MIN_BSC_DELAY} (48 hours).`,
    );
  }
  if (timelock.multisig === zeroAddress) throw new Error("OWNER_MULTISIG_ADDRESS must not be the zero address.");
}

/**
 * Deploys the pool and the staking contract (and, on the devnet, the five tokens) with the
 * first signer as owner, writes `params` into them, and returns the deployment record.
 * It never mints: funding accounts is the devnet seed's job.
 */
export async function deploySystem(hre: HardhatRuntimeEnvironment, options: DeployOptions): Promise<DeploymentRecord> {
  const publicClient = await hre.viem.getPublicClient();
  const [ownerClient] = await hre.viem.getWalletClients();
  if (!ownerClient) throw new Error("No deployer account: set DEPLOYER_PRIVATE_KEY for this network.");
  const owner = ownerClient.account.address;
  const chainId = await publicClient.getChainId();
  if (!options.tokens && chainId !== DEVNET_CHAIN_ID) {
    throw new Error(
      `Chain ${chainId} is not the devnet: give the existing token addresses instead of deploying test tokens.`,
    );
  }
  checkTimelock(chainId, options.timelock);
  const startBlock = Number(await publicClient.getBlockNumber()) + 1;

  const tokens = options.tokens ?? (await deployDevTokens(hre, owner));
  const pool = await hre.viem.deployContract("Pool", [
    owner,
    options.root,
    options.treasury,
    [tokens.usdt, tokens.dwn9, tokens.dwn],
    options.params.maxGuaranteePercent,
  ]);
  const staking = await hre.viem.deployContract("Staking", [
    owner,
    options.feeRecipient,
    [tokens.dwn, tokens.a8, tokens.udbk],
  ]);

  const { params } = options;
  const send = async (hash: Promise<`0x${string}`>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`Configuration transaction ${receipt.transactionHash} reverted.`);
  };
  for (const t of params.tiers) {
    await send(pool.write.setTier([BigInt(t.id), t.supply, t.usdtprice, t.dwn8price, t.multiple, t.limit]));
  }
  await send(pool.write.setStaticRewardPerSecond([params.staticRewardPerSecond]));
  await send(pool.write.setDirectPushRate([params.directPushRate]));
  await send(pool.write.setDynamicRates([params.dynamicRates]));
  await send(pool.write.setDwnPrice([params.dwnPriceUsdt]));
  await send(pool.write.setMakeup([params.makeupPercent, params.maxMakeupCount]));
  await send(pool.write.setOpenCapitalPool([params.openCapitalPool]));
  const s = params.staking;
  await send(
    staking.write.setStakeTerms([s.dwnAmount, s.a8Amount, s.cycleDays, s.gracePeriod, s.rewardPerUnitPerSecond]),
  );
  await send(staking.write.setFeeRates([s.unstakeFeeRate, s.collectFeeRate]));

  const timelock = options.timelock ? await handOver(hre, options.timelock, pool.address, staking.address) : undefined;
  const contracts = { ...tokens, pool: pool.address, staking: staking.address, ...(timelock ? { timelock } : {}) };
  return {
    chainId,
    startBlock,
    owner: getAddress(timelock ?? owner),
    ...(options.timelock ? { multisig: getAddress(options.timelock.multisig) } : {}),
    root: getAddress(options.root),
    treasury: getAddress(options.treasury),
    feeRecipient: getAddress(options.feeRecipient),
    contracts: Object.fromEntries(
      Object.entries(contracts).map(([k, v]) => [k, getAddress(v)]),
    ) as DeploymentRecord["contracts"],
  };
}

const ROLE = {
  admin: zeroHash,
  proposer: "0xb09aa5aeb3702cfd50b6b62bc4532604938f21248a27a1d5ca736082b6819cc1",
  canceller: "0xfd643c72710c63c0180259aba6b2d05451e3591a24e58b62239378085726f783",
} as const;

/**
 * Deploys a TimelockController and makes it the owner of the pool and the staking contract.
 * Ownable2Step needs the new owner to accept, which a timelock does only through an operation:
 * the timelock starts with no delay and the deployer as a temporary proposer and admin, runs
 * one batch (both `acceptOwnership` calls, then `updateDelay(minDelay)`), and the deployer then
 * gives up every role. What remains: delay `minDelay`, proposer and canceller the multisig,
 * executor anyone, no admin. The function checks that state before returning.
 */
async function handOver(
  hre: HardhatRuntimeEnvironment,
  options: TimelockOptions,
  pool: Address,
  staking: Address,
): Promise<Address> {
  const publicClient = await hre.viem.getPublicClient();
  const [ownerClient] = await hre.viem.getWalletClients();
  const deployer = ownerClient.account.address;
  const send = async (hash: Promise<`0x${string}`>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`Hand-over transaction ${receipt.transactionHash} reverted.`);
  };
  const timelock = await hre.viem.deployContract("TimelockController", [
    0n,
    [options.multisig, deployer],
    [zeroAddress],
    deployer,
  ]);
  const poolC = await hre.viem.getContractAt("Pool", pool);
  const stakingC = await hre.viem.getContractAt("Staking", staking);
  await send(poolC.write.transferOwnership([timelock.address]));
  await send(stakingC.write.transferOwnership([timelock.address]));
  const accept = encodeFunctionData({ abi: poolC.abi, functionName: "acceptOwnership" });
  const updateDelay = encodeFunctionData({
    abi: timelock.abi,
    functionName: "updateDelay",
    args: [options.minDelay],
  });
  const batch = [
    [pool, staking, timelock.address],
    [0n, 0n, 0n],
    [accept, accept, updateDelay],
    zeroHash,
    zeroHash,
  ] as const;
  await send(timelock.write.scheduleBatch([...batch, 0n]));
  await send(timelock.write.executeBatch(batch));
  const multisig = getAddress(options.multisig);
  if (getAddress(deployer) !== multisig) {
    await send(timelock.write.revokeRole([ROLE.proposer, deployer]));
    await send(timelock.write.revokeRole([ROLE.canceller, deployer]));
  }
  await send(timelock.write.renounceRole([ROLE.admin, deployer]));

  const problems: string[] = [];
  if ((await poolC.read.owner()) !== getAddress(timelock.address))
    problems.push("the pool's owner is not the timelock");
  if ((await stakingC.read.owner()) !== getAddress(timelock.address))
    problems.push("the staking contract's owner is not the timelock");
  if ((await timelock.read.getMinDelay()) !== options.minDelay) problems.push("the timelock's delay is not minDelay");
  for (const [name, role] of Object.entries(ROLE)) {
    const expected = name !== "admin" && getAddress(deployer) === multisig;
    if ((await timelock.read.hasRole([role, deployer])) !== expected)
      problems.push(`the deployer's ${name} role is wrong`);
    if (name !== "admin" && !(await timelock.read.hasRole([role, multisig])))
      problems.push(`the multisig lacks ${name}`);
  }
  if (problems.length > 0) throw new Error(`The timelock hand-over is incomplete: ${problems.join("; ")}.`);
  return getAddress(timelock.address);
}

async function deployDevTokens(hre: HardhatRuntimeEnvironment, owner: Address): Promise<Record<TokenKey, Address>> {
  const out: Partial<Record<TokenKey, Address>> = {};
  for (const key of TOKEN_KEYS) {
    const { name, symbol } = TOKEN_META[key];
    out[key] = (await hre.viem.deployContract("DevToken", [name, symbol, owner])).address;
  }
  return out as Record<TokenKey, Address>;
}
