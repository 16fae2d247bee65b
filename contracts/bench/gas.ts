import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { getAddress, maxUint256, parseUnits, type Address, type Hash } from "viem";
import { deploySystem } from "../deploy/deploy";
import { devnetParams } from "../deploy/params";
import { TOKEN_KEYS } from "../deploy/record";

/** The gas of each measured call, and the generation count `collectStaticProfit.genMax` credited. */
export interface GasFigures {
  "buy.first": number;
  "buy.repeat": number;
  "buy.quoted.first": number;
  "buy.quoted.repeat": number;
  stake: number;
  "stake.quoted": number;
  collect: number;
  redeem: number;
  "collectStaticProfit.gen0": number;
  "collectStaticProfit.genMax": number;
  generations: number;
  collectDynamicProfit: number;
  setInviter: number;
}

const MAX_GENERATIONS = 10;

/** Issue targets; `collectStaticProfit.genMax` allows 90,000 plus 10,000 per generation credited. */
export const GAS_TARGETS = {
  "buy.first": 250_000,
  "buy.repeat": 190_000,
  "buy.quoted.first": 250_000,
  "buy.quoted.repeat": 190_000,
  stake: 180_000,
  "stake.quoted": 180_000,
  collect: 90_000,
  redeem: 80_000,
  "collectStaticProfit.gen0": 90_000,
  "collectStaticProfit.genMax": 90_000 + 10_000 * MAX_GENERATIONS,
  collectDynamicProfit: 70_000,
  setInviter: 50_000,
} as const;

/**
 * Deploys the system with the devnet economics on the in-process chain and measures each call
 * in the state a real user meets it: the tree, the reserves and the counterparties' balances
 * already exist (first-ever writes of a contract-wide slot are not what users pay).
 * Every measured account already holds DWN, as staking users do.
 */
export async function measureGas(hre: HardhatRuntimeEnvironment): Promise<GasFigures> {
  const publicClient = await hre.viem.getPublicClient();
  const wallets = await hre.viem.getWalletClients();
  const addr = (i: number): Address => getAddress(wallets[i].account.address);
  // Accounts: 0 owner, 1 root, 2 treasury, 3 fee recipient, 4.. a chain of users below the root.
  const record = await deploySystem(hre, {
    params: { ...devnetParams, makeupPercent: 10100n, maxMakeupCount: 30n },
    root: addr(1),
    treasury: addr(2),
    feeRecipient: addr(3),
  });
  const c = record.contracts;
  const gasOf = async (hash: Promise<Hash>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`Benchmark transaction ${receipt.transactionHash} reverted.`);
    return Number(receipt.gasUsed);
  };
  const as = (i: number) => {
    const client = { client: { wallet: wallets[i] } };
    return {
      pool: () => hre.viem.getContractAt("Pool", c.pool, client),
      staking: () => hre.viem.getContractAt("Staking", c.staking, client),
    };
  };
  const token = (k: (typeof TOKEN_KEYS)[number], i = 0) =>
    hre.viem.getContractAt("DevToken", c[k], { client: { wallet: wallets[i] } });

  const big = parseUnits("1000000", 18);
  for (const k of TOKEN_KEYS) {
    const t = await token(k);
    for (let i = 1; i < wallets.length; i++) await gasOf(t.write.mint([addr(i), big]));
  }
  await gasOf((await token("dwn")).write.mint([c.pool, big * 10n]));
  await gasOf((await token("udbk")).write.mint([c.staking, big * 10n]));
  for (let i = 1; i < wallets.length; i++) {
    await gasOf((await token("usdt", i)).write.approve([c.pool, maxUint256]));
    await gasOf((await token("dwn9", i)).write.approve([c.pool, maxUint256]));
    await gasOf((await token("dwn", i)).write.approve([c.staking, maxUint256]));
    await gasOf((await token("a8", i)).write.approve([c.staking, maxUint256]));
  }

  // A chain root <- 4 <- 5 <- ... <- 4 + MAX_GENERATIONS, each with a tier 5 NFT, so the last
  // one's static income reaches all ten generations.
  const chain = Array.from({ length: MAX_GENERATIONS + 1 }, (_, i) => 4 + i);
  const root = 1;
  await gasOf((await as(root).pool()).write.buy([5n]));
  for (let i = 0; i < chain.length; i++) {
    const inviter = i === 0 ? root : chain[i - 1];
    await gasOf((await as(chain[i]).pool()).write.setInviter([addr(inviter)]));
    await gasOf((await as(chain[i]).pool()).write.buy([5n]));
  }
  await time.increase(3600);
  // Warm the ancestors' income slots, as in a running tree.
  for (const i of chain) await gasOf((await as(i).pool()).write.collectStaticProfit());
  await time.increase(3600);

  // A new user three levels below the root (upline chain[1], chain[0], root), bound and buying.
  const newcomer = 4 + MAX_GENERATIONS + 1;
  const setInviter = await gasOf((await as(newcomer).pool()).write.setInviter([addr(chain[1])]));
  const buyFirst = await gasOf((await as(newcomer).pool()).write.buy([1n]));
  await time.increase(3600);
  const buyRepeat = await gasOf((await as(newcomer).pool()).write.buy([1n]));
  // The quote-bound entry point, by a second newcomer in the same place, with the quote's terms.
  const quoted = newcomer + 1;
  const quote = (await (await as(quoted).pool()).read.buyView([1n])) as {
    payusdt: bigint;
    paydwn8: bigint;
    hashrate: bigint;
  };
  const bound = [1n, quote.payusdt, quote.paydwn8, quote.hashrate] as const;
  await gasOf((await as(quoted).pool()).write.setInviter([addr(chain[1])]));
  const buyQuotedFirst = await gasOf((await as(quoted).pool()).write.buy(bound));
  await time.increase(3600);
  const buyQuotedRepeat = await gasOf((await as(quoted).pool()).write.buy(bound));

  await time.increase(3600);
  const gen0 = await gasOf((await as(root).pool()).write.collectStaticProfit());
  const deepest = chain[chain.length - 1];
  const genMax = await gasOf((await as(deepest).pool()).write.collectStaticProfit());
  const collectDynamic = await gasOf((await as(chain[0]).pool()).write.collectDynamicProfit());

  // Staking: a second staker so the fee recipient and the contract already hold each token.
  await gasOf((await as(chain[0]).staking()).write.stake([1n]));
  const stake = await gasOf((await as(newcomer).staking()).write.stake([1n]));
  const id = await (await as(newcomer).staking()).read.stakeCount();
  const terms0 = (await (await as(quoted).staking()).read.stakeView()) as {
    dwnAmount: bigint;
    a8Amount: bigint;
    cycle: bigint;
    gracePeriod: bigint;
  };
  const reader = await as(quoted).staking();
  const rate = await reader.read.rewardPerUnitPerSecond();
  const [unstakeFee, collectFee] = [await reader.read.unstakeFeeRate(), await reader.read.collectFeeRate()];
  const stakeQuoted = await gasOf(
    reader.write.stake([
      1n,
      terms0.dwnAmount,
      terms0.a8Amount,
      terms0.cycle,
      rate,
      unstakeFee,
      collectFee,
      terms0.gracePeriod,
    ]),
  );
  const terms = devnetParams.staking;
  await time.increase(Number(terms.cycleDays) * 86_400 + 60);
  const collect = await gasOf((await as(newcomer).staking()).write.collect([id]));
  const redeem = await gasOf((await as(newcomer).staking()).write.redeem([id]));

  return {
    "buy.first": buyFirst,
    "buy.repeat": buyRepeat,
    "buy.quoted.first": buyQuotedFirst,
    "buy.quoted.repeat": buyQuotedRepeat,
    stake,
    "stake.quoted": stakeQuoted,
    collect,
    redeem,
    "collectStaticProfit.gen0": gen0,
    "collectStaticProfit.genMax": genMax,
    generations: MAX_GENERATIONS,
    collectDynamicProfit: collectDynamic,
    setInviter,
  };
}
