import type { HardhatRuntimeEnvironment } from "hardhat/types";
import {
  encodeFunctionData,
  getAddress,
  parseEventLogs,
  zeroAddress,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
} from "viem";
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

/**
 * On BNB Smart Chain the multisig must be a contract (a Safe, say), not the deployer's key nor any
 * other key: one key alone would again decide every change.
 */
export async function checkMultisig(
  getCode: (address: Address) => Promise<Hex | undefined>,
  chainId: number,
  timelock: TimelockOptions | undefined,
  deployer: Address,
): Promise<void> {
  if (chainId !== BSC_CHAIN_ID || !timelock) return;
  const multisig = getAddress(timelock.multisig);
  if (multisig === getAddress(deployer)) {
    throw new Error(
      "OWNER_MULTISIG_ADDRESS is the deployer's own account; on BNB Smart Chain it must be a multisig contract.",
    );
  }
  const code = await getCode(multisig);
  if (!code || code === "0x") {
    throw new Error(
      `OWNER_MULTISIG_ADDRESS ${multisig} has no code on BNB Smart Chain: it must be a multisig contract, not a key.`,
    );
  }
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
  await checkMultisig((address) => publicClient.getCode({ address }), chainId, options.timelock, owner);
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
    params.dwnPriceUsdt,
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
  await onPool("setMakeup", [params.makeupPercent, params.maxMakeupCount]);
  await onPool("setOpenCapitalPool", [params.openCapitalPool]);
  const s = params.staking;
  await onStaking("setStakeTerms", [s.dwnAmount, s.a8Amount, s.cycleDays, s.gracePeriod, s.rewardPerUnitPerSecond]);
  await onStaking("setFeeRates", [s.unstakeFeeRate, s.collectFeeRate]);

  const timelock = options.timelock ? await handOver(hre, steps, options.timelock, { pool, staking }) : undefined;
  await steps.check("final checks", async () => {
    const problems = [
      ...(await settingsProblems(hre, { pool, staking, params })),
      ...(await ownershipProblems(hre, {
        pool,
        staking,
        deployer: owner,
        fromBlock: BigInt(steps.journal.startBlock),
        timelock,
        options: options.timelock,
      })),
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
  executor: "0xd8aa0f3194971a2a116679f7c2090f6939c8d4e01a2a8d7e41d55e5351469e63",
  canceller: "0xfd643c72710c63c0180259aba6b2d05451e3591a24e58b62239378085726f783",
} as const;

/**
 * Deploys the project's Timelock and makes it the owner of the pool and the staking contract.
 * Ownable2Step needs the new owner to accept, which a timelock does only through an operation:
 * the timelock starts with no delay and the deployer as its only proposer and admin, runs one
 * batch (both `acceptOwnership` calls, then `updateDelay(minDelay)`), and only then does the
 * multisig receive its roles and the deployer give up every one. What remains: delay
 * `minDelay` (also its floor for life), proposer and canceller the multisig, executor anyone,
 * no admin but the timelock itself (the final checks replay the timelock's events to verify it).
 */
async function handOver(
  hre: HardhatRuntimeEnvironment,
  steps: Steps,
  options: TimelockOptions,
  { pool, staking }: { pool: Address; staking: Address },
): Promise<Address> {
  const [ownerClient] = await hre.viem.getWalletClients();
  const deployer = getAddress(ownerClient.account.address);
  const multisig = getAddress(options.multisig);
  const timelock = await steps.deploy("deploy Timelock", "Timelock", [
    0n,
    options.minDelay,
    [deployer],
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
  // The delay is set: only now may the multisig propose and cancel.
  if (deployer !== multisig) {
    await onTimelock("grantRole(proposer)", "grantRole", [ROLE.proposer, multisig]);
    await onTimelock("grantRole(canceller)", "grantRole", [ROLE.canceller, multisig]);
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

/** What is wrong with the owners and, with a timelock, its delay, roles and queue (none when all is right). */
async function ownershipProblems(
  hre: HardhatRuntimeEnvironment,
  args: {
    pool: Address;
    staking: Address;
    deployer: Address;
    fromBlock: bigint;
    timelock?: Address;
    options?: TimelockOptions;
  },
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
  if ((await timelock.read.getMinDelay()) !== args.options.minDelay)
    problems.push("the timelock's delay is not minDelay");
  if ((await timelock.read.delayFloor()) !== args.options.minDelay)
    problems.push("the timelock's delay floor is not minDelay");
  const { holders, queued } = await replayTimelock(hre, args.timelock, args.fromBlock);
  const multisig = getAddress(args.options.multisig);
  const expected: Record<string, Address[]> = {
    [ROLE.admin]: [args.timelock],
    [ROLE.proposer]: [multisig],
    [ROLE.executor]: [zeroAddress],
    [ROLE.canceller]: [multisig],
  };
  const names = Object.fromEntries(Object.entries(ROLE).map(([name, role]) => [role, name]));
  for (const role of new Set([...Object.keys(expected), ...holders.keys()])) {
    const got = [...(holders.get(role as Hex) ?? [])].sort();
    const want = [...(expected[role] ?? [])].sort();
    if (digest(got) !== digest(want)) {
      problems.push(
        `the timelock's ${names[role] ?? role} role is held by ${got.join(", ") || "nobody"}, ` +
          `not ${want.join(", ") || "nobody"}`,
      );
    }
  }
  for (const id of queued) problems.push(`operation ${id} is still queued in the timelock`);
  return problems;
}

/**
 * Replays the timelock's role and queue events from `fromBlock` (at or before its deployment):
 * who holds each role, and the operations scheduled but neither executed nor cancelled.
 */
async function replayTimelock(
  hre: HardhatRuntimeEnvironment,
  timelock: Address,
  fromBlock: bigint,
): Promise<{ holders: Map<Hex, Set<Address>>; queued: Hex[] }> {
  const publicClient = await hre.viem.getPublicClient();
  const abi = (await hre.artifacts.readArtifact("Timelock")).abi as Abi;
  const head = await publicClient.getBlockNumber();
  const logs = [];
  // Public RPC endpoints cap the range of one eth_getLogs.
  for (let from = fromBlock; from <= head; from += LOG_RANGE) {
    const to = from + LOG_RANGE - 1n < head ? from + LOG_RANGE - 1n : head;
    logs.push(...(await publicClient.getLogs({ address: timelock, fromBlock: from, toBlock: to })));
  }
  const holders = new Map<Hex, Set<Address>>();
  const open = new Set<Hex>();
  for (const log of parseEventLogs({ abi, logs })) {
    const a = log.args as { role?: Hex; account?: Address; id?: Hex };
    if (log.eventName === "RoleGranted" && a.role && a.account) {
      const set = holders.get(a.role) ?? new Set<Address>();
      set.add(getAddress(a.account));
      holders.set(a.role, set);
    } else if (log.eventName === "RoleRevoked" && a.role && a.account) {
      holders.get(a.role)?.delete(getAddress(a.account));
    } else if (log.eventName === "CallScheduled" && a.id) {
      open.add(a.id);
    } else if ((log.eventName === "CallExecuted" || log.eventName === "Cancelled") && a.id) {
      open.delete(a.id);
    }
  }
  return { holders, queued: [...open] };
}

/** The most blocks one eth_getLogs asks for. */
const LOG_RANGE = 5_000n;

async function deployDevTokens(steps: Steps, owner: Address): Promise<Record<TokenKey, Address>> {
  const out: Partial<Record<TokenKey, Address>> = {};
  for (const key of TOKEN_KEYS) {
    const { name, symbol } = TOKEN_META[key];
    out[key] = await steps.deploy(`deploy DevToken ${key}`, "DevToken", [name, symbol, owner]);
  }
  return out as Record<TokenKey, Address>;
}
