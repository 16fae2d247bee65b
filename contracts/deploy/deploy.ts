import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { encodeFunctionData, getAddress, zeroAddress, zeroHash, type Abi, type Address } from "viem";
import type { SystemParams } from "./params";
import { DEVNET_CHAIN_ID, TOKEN_KEYS, TOKEN_META, type DeploymentRecord, type TokenKey } from "./record";
import { digest, Steps, type StepsOptions } from "./steps";

export interface DeployOptions {
  params: SystemParams;
  root: Address;
  treasury: Address;
  feeRecipient: Address;
  /** Existing token addresses (production). Without them, devnet tokens are deployed. */
  tokens?: Record<TokenKey, Address>;
  /** Hand the pool and staking over to a TimelockController (required on BNB Smart Chain). */
  timelock?: TimelockOptions;
  /** Where to record the finished steps and resume from (production); the devnet goes without. */
  journal?: StepsOptions;
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

/** The contracts the deploy creates on a real chain: their compiled code is part of the journal's identity. */
const DEPLOYED = ["Pool", "Staking", "Timelock"] as const;

/**
 * Deploys the pool and the staking contract (and, on the devnet, the five tokens) with the
 * first signer as owner, writes `params` into them, hands them to a timelock when asked,
 * checks the result and returns the deployment record. With `journal.file` every finished step
 * is recorded there and a rerun resumes after the last one (see steps.ts). It never mints:
 * funding accounts is the devnet seed's job.
 */
export async function deploySystem(hre: HardhatRuntimeEnvironment, options: DeployOptions): Promise<DeploymentRecord> {
  const publicClient = await hre.viem.getPublicClient();
  const [ownerClient] = await hre.viem.getWalletClients();
  if (!ownerClient) throw new Error("No deployer account: set DEPLOYER_PRIVATE_KEY for this network.");
  const owner = getAddress(ownerClient.account.address);
  const chainId = await publicClient.getChainId();
  if (!options.tokens && chainId !== DEVNET_CHAIN_ID) {
    throw new Error(
      `Chain ${chainId} is not the devnet: give the existing token addresses instead of deploying test tokens.`,
    );
  }
  checkTimelock(chainId, options.timelock);
  const existing = options.tokens;
  const given = existing
    ? (Object.fromEntries(TOKEN_KEYS.map((k) => [k, getAddress(existing[k])])) as Record<TokenKey, Address>)
    : undefined;
  const { params } = options;
  const steps = await Steps.open(
    hre,
    {
      chainId,
      deployer: owner,
      settings: digest({
        params,
        root: getAddress(options.root),
        treasury: getAddress(options.treasury),
        feeRecipient: getAddress(options.feeRecipient),
        timelock: options.timelock ?? null,
      }),
      tokens: given ?? null,
      code: digest(await Promise.all(DEPLOYED.map(async (c) => (await hre.artifacts.readArtifact(c)).bytecode))),
    },
    options.journal,
  );

  const tokens = given ?? (await deployDevTokens(steps, owner));
  const pool = await steps.deploy("deploy Pool", "Pool", [
    owner,
    options.root,
    options.treasury,
    [tokens.usdt, tokens.dwn9, tokens.dwn],
    params.maxGuaranteePercent,
  ]);
  const staking = await steps.deploy("deploy Staking", "Staking", [
    owner,
    options.feeRecipient,
    [tokens.dwn, tokens.a8, tokens.udbk],
  ]);

  const poolAbi = (await hre.artifacts.readArtifact("Pool")).abi as Abi;
  const stakingAbi = (await hre.artifacts.readArtifact("Staking")).abi as Abi;
  const onPool = (functionName: string, args: readonly unknown[], label = functionName) =>
    steps.call(`pool.${label}`, { to: pool, abi: poolAbi, functionName, args });
  const onStaking = (functionName: string, args: readonly unknown[]) =>
    steps.call(`staking.${functionName}`, { to: staking, abi: stakingAbi, functionName, args });
  for (const t of params.tiers) {
    await onPool(
      "setTier",
      [BigInt(t.id), t.supply, t.usdtprice, t.dwn8price, t.multiple, t.limit],
      `setTier(${t.id})`,
    );
  }
  await onPool("setStaticRewardPerSecond", [params.staticRewardPerSecond]);
  await onPool("setDirectPushRate", [params.directPushRate]);
  await onPool("setDynamicRates", [params.dynamicRates]);
  await onPool("setDwnPrice", [params.dwnPriceUsdt]);
  await onPool("setMakeup", [params.makeupPercent, params.maxMakeupCount]);
  await onPool("setOpenCapitalPool", [params.openCapitalPool]);
  const s = params.staking;
  await onStaking("setStakeTerms", [s.dwnAmount, s.a8Amount, s.cycleDays, s.gracePeriod, s.rewardPerUnitPerSecond]);
  await onStaking("setFeeRates", [s.unstakeFeeRate, s.collectFeeRate]);

  const timelock = options.timelock ? await handOver(hre, steps, options.timelock, { pool, staking }) : undefined;
  await steps.check("final checks", async () => {
    const problems = [
      ...(await settingsProblems(hre, { pool, staking, params })),
      ...(await ownershipProblems(hre, { pool, staking, deployer: owner, timelock, options: options.timelock })),
    ];
    if (problems.length > 0) throw new Error(`The deployment is not as intended: ${problems.join("; ")}.`);
  });

  const contracts = { ...tokens, pool, staking, ...(timelock ? { timelock } : {}) };
  return steps.record(() => ({
    chainId,
    startBlock: steps.journal.startBlock,
    owner: timelock ?? owner,
    ...(options.timelock ? { multisig: getAddress(options.timelock.multisig) } : {}),
    root: getAddress(options.root),
    treasury: getAddress(options.treasury),
    feeRecipient: getAddress(options.feeRecipient),
    contracts: Object.fromEntries(
      Object.entries(contracts).map(([k, v]) => [k, getAddress(v)]),
    ) as DeploymentRecord["contracts"],
  }));
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
 * executor anyone, no admin (the final checks verify it).
 */
async function handOver(
  hre: HardhatRuntimeEnvironment,
  steps: Steps,
  options: TimelockOptions,
  { pool, staking }: { pool: Address; staking: Address },
): Promise<Address> {
  const [ownerClient] = await hre.viem.getWalletClients();
  const deployer = getAddress(ownerClient.account.address);
  const timelock = await steps.deploy("deploy Timelock", "Timelock", [
    0n,
    options.minDelay,
    [options.multisig, deployer],
    [zeroAddress],
    deployer,
  ]);
  const poolAbi = (await hre.artifacts.readArtifact("Pool")).abi as Abi;
  const timelockAbi = (await hre.artifacts.readArtifact("Timelock")).abi as Abi;
  await steps.call("pool.transferOwnership", {
    to: pool,
    abi: poolAbi,
    functionName: "transferOwnership",
    args: [timelock],
  });
  await steps.call("staking.transferOwnership", {
    to: staking,
    abi: poolAbi,
    functionName: "transferOwnership",
    args: [timelock],
  });
  const accept = encodeFunctionData({ abi: poolAbi, functionName: "acceptOwnership" });
  const updateDelay = encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [options.minDelay] });
  const batch = [[pool, staking, timelock], [0n, 0n, 0n], [accept, accept, updateDelay], zeroHash, zeroHash] as const;
  const onTimelock = (step: string, functionName: string, args: readonly unknown[]) =>
    steps.call(`timelock.${step}`, { to: timelock, abi: timelockAbi, functionName, args });
  await onTimelock("scheduleBatch", "scheduleBatch", [...batch, 0n]);
  await onTimelock("executeBatch", "executeBatch", batch);
  if (deployer !== getAddress(options.multisig)) {
    await onTimelock("revokeRole(proposer)", "revokeRole", [ROLE.proposer, deployer]);
    await onTimelock("revokeRole(canceller)", "revokeRole", [ROLE.canceller, deployer]);
  }
  await onTimelock("renounceRole(admin)", "renounceRole", [ROLE.admin, deployer]);
  return timelock;
}

/** How the deployed settings differ from `params`, one phrase each (none when all match). */
async function settingsProblems(
  hre: HardhatRuntimeEnvironment,
  { pool, staking, params }: { pool: Address; staking: Address; params: SystemParams },
): Promise<string[]> {
  const p = await hre.viem.getContractAt("Pool", pool);
  const st = await hre.viem.getContractAt("Staking", staking);
  const s = params.staking;
  type Tier = Record<"id" | "supply" | "usdtprice" | "dwn8price" | "multiple" | "limit", bigint>;
  const info = (await p.read.info()) as Tier[];
  const tiers = info.map((t) => [t.id, t.supply, t.usdtprice, t.dwn8price, t.multiple, t.limit]);
  const want = params.tiers.map((t) => [BigInt(t.id), t.supply, t.usdtprice, t.dwn8price, t.multiple, t.limit]);
  const stake = (await st.read.stakeView()) as Record<"dwnAmount" | "a8Amount" | "cycle" | "gracePeriod", bigint>;
  const checks: [string, unknown, unknown][] = [
    ["the tiers", tiers, want],
    ["staticRewardPerSecond", await p.read.staticRewardPerSecond(), params.staticRewardPerSecond],
    ["directPushRate", await p.read.directPushRate(), params.directPushRate],
    ["dynamicRates", await p.read.dynamicRates(), params.dynamicRates],
    ["dwnPriceUsdt", await p.read.dwnPriceUsdt(), params.dwnPriceUsdt],
    ["the makeup", await p.read.makeup(), [params.makeupPercent, params.maxMakeupCount]],
    ["openCapitalPool", await p.read.openCapitalPool(), params.openCapitalPool],
    [
      "the stake terms",
      [stake.dwnAmount, stake.a8Amount, stake.cycle, stake.gracePeriod, await st.read.rewardPerUnitPerSecond()],
      [s.dwnAmount, s.a8Amount, s.cycleDays, s.gracePeriod, s.rewardPerUnitPerSecond],
    ],
    [
      "the fee rates",
      [await st.read.unstakeFeeRate(), await st.read.collectFeeRate()],
      [s.unstakeFeeRate, s.collectFeeRate],
    ],
  ];
  return checks.filter(([, got, expected]) => digest(got) !== digest(expected)).map(([name]) => `${name} differ`);
}

/** What is wrong with the owners and, with a timelock, its delay and roles (none when all is right). */
async function ownershipProblems(
  hre: HardhatRuntimeEnvironment,
  args: { pool: Address; staking: Address; deployer: Address; timelock?: Address; options?: TimelockOptions },
): Promise<string[]> {
  const problems: string[] = [];
  const owner = args.timelock ?? args.deployer;
  const who = args.timelock ? "the timelock" : "the deployer";
  if ((await (await hre.viem.getContractAt("Pool", args.pool)).read.owner()) !== owner)
    problems.push(`the pool's owner is not ${who}`);
  if ((await (await hre.viem.getContractAt("Staking", args.staking)).read.owner()) !== owner)
    problems.push(`the staking contract's owner is not ${who}`);
  if (!args.timelock || !args.options) return problems;
  const timelock = await hre.viem.getContractAt("Timelock", args.timelock);
  const multisig = getAddress(args.options.multisig);
  if ((await timelock.read.getMinDelay()) !== args.options.minDelay)
    problems.push("the timelock's delay is not minDelay");
  for (const [name, role] of Object.entries(ROLE)) {
    const expected = name !== "admin" && args.deployer === multisig;
    if ((await timelock.read.hasRole([role, args.deployer])) !== expected)
      problems.push(`the deployer's ${name} role is wrong`);
    if (name !== "admin" && !(await timelock.read.hasRole([role, multisig])))
      problems.push(`the multisig lacks ${name}`);
  }
  return problems;
}

async function deployDevTokens(steps: Steps, owner: Address): Promise<Record<TokenKey, Address>> {
  const out: Partial<Record<TokenKey, Address>> = {};
  for (const key of TOKEN_KEYS) {
    const { name, symbol } = TOKEN_META[key];
    out[key] = await steps.deploy(`deploy DevToken ${key}`, "DevToken", [name, symbol, owner]);
  }
  return out as Record<TokenKey, Address>;
}
