import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, type Address } from "viem";
import type { SystemParams } from "./params";
import { DEVNET_CHAIN_ID, TOKEN_KEYS, TOKEN_META, type DeploymentRecord, type TokenKey } from "./record";

export interface DeployOptions {
  params: SystemParams;
  root: Address;
  treasury: Address;
  feeRecipient: Address;
  /** Existing token addresses (production). Without them, devnet tokens are deployed. */
  tokens?: Record<TokenKey, Address>;
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
  const startBlock = Number(await publicClient.getBlockNumber()) + 1;

  const tokens = options.tokens ?? (await deployDevTokens(hre, owner));
  const pool = await hre.viem.deployContract("Pool", [
    owner,
    options.root,
    options.treasury,
    [tokens.usdt, tokens.dwn9, tokens.dwn],
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

  const contracts = { ...tokens, pool: pool.address, staking: staking.address };
  return {
    chainId,
    startBlock,
    owner: getAddress(owner),
    root: getAddress(options.root),
    treasury: getAddress(options.treasury),
    feeRecipient: getAddress(options.feeRecipient),
    contracts: Object.fromEntries(
      Object.entries(contracts).map(([k, v]) => [k, getAddress(v)]),
    ) as DeploymentRecord["contracts"],
  };
}

async function deployDevTokens(hre: HardhatRuntimeEnvironment, owner: Address): Promise<Record<TokenKey, Address>> {
  const out: Partial<Record<TokenKey, Address>> = {};
  for (const key of TOKEN_KEYS) {
    const { name, symbol } = TOKEN_META[key];
    out[key] = (await hre.viem.deployContract("DevToken", [name, symbol, owner])).address;
  }
  return out as Record<TokenKey, Address>;
}
