import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import {
  createWalletClient,
  encodeFunctionData,
  http,
  maxUint256,
  parseEther,
  parseGwei,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import type { HDAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { DEVNET_ACCOUNTS } from "../../../contracts/deploy/accounts";
import { devnetHdAccount } from "../../../contracts/deploy/devnet-keys";
import type { Devnet } from "./devnet";
import type { Random } from "./random";

const DAY = 86_400;
/** Explicit gas, so no call is estimated first: generous for a buy that pays ten generations. */
const GAS = { token: 120_000n, pool: 1_500_000n, staking: 400_000n } as const;
const FEES = { maxFeePerGas: parseGwei("100"), maxPriorityFeePerGas: parseGwei("1") } as const;
/** The first address index after the demo accounts of the seed. */
const FIRST_EXTRA_INDEX = Object.values(DEVNET_ACCOUNTS).length;

export interface Activity {
  /** The last block of the activity: nothing is mined after it. */
  head: bigint;
  transactions: number;
  /** Blocks that hold more than one transaction. */
  crowdedBlocks: number;
}

/**
 * Signs and sends transactions from local keys with nonces kept here, so nothing waits for an
 * estimate or a nonce query. With automine a send returns once its block is mined, and a revert
 * throws at once; `inBlocks` switches automine off to put several transactions in one block and
 * then checks every receipt.
 */
function createSender(devnet: Devnet) {
  const wallet = createWalletClient({ chain: hardhat, transport: http(devnet.rpcUrl) });
  const nonces = new Map<Address, number>();
  let sent = 0;
  let crowded = 0;

  async function send(from: HDAccount, to: Address, data: Hex, gas: bigint): Promise<Hash> {
    const nonce =
      nonces.get(from.address) ??
      (await devnet.publicClient.getTransactionCount({ address: from.address, blockTag: "pending" }));
    nonces.set(from.address, nonce + 1);
    const serializedTransaction = await from.signTransaction({
      chainId: hardhat.id,
      type: "eip1559",
      to,
      data,
      nonce,
      gas,
      ...FEES,
    });
    sent += 1;
    return wallet.sendRawTransaction({ serializedTransaction });
  }

  /** Sends `calls` with automine off, `perBlock` to a block, and fails on any revert. */
  async function inBlocks(perBlock: number, calls: (() => Promise<Hash>)[]): Promise<void> {
    const hashes: Hash[] = [];
    await devnet.testClient.setAutomine(false);
    try {
      for (let i = 0; i < calls.length; i += perBlock) {
        for (const call of calls.slice(i, i + perBlock)) hashes.push(await call());
        await devnet.testClient.mine({ blocks: 1 });
        if (Math.min(perBlock, calls.length - i) > 1) crowded += 1;
      }
    } finally {
      await devnet.testClient.setAutomine(true);
    }
    for (const hash of hashes) {
      const receipt = await devnet.publicClient.getTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`Activity transaction ${hash} reverted.`);
    }
  }

  return {
    send,
    inBlocks,
    get sent() {
      return sent;
    },
    get crowded() {
      return crowded;
    },
  };
}

/**
 * Fills the devnet with a few hundred pool and staking events over a few hundred blocks: fresh
 * accounts bind into a deep tree, buy NFTs of every tier over several days (so later buys carry
 * makeup hashrate), stake, collect static, dynamic and guaranteed income, collect staking rewards
 * and redeem inside a redeem window. Some blocks hold one transaction, others many; runs of empty
 * blocks separate the phases. Every choice comes from `random`.
 */
export async function generateActivity(
  devnet: Devnet,
  { random, accounts: count }: { random: Random; accounts: number },
): Promise<Activity> {
  const { publicClient, testClient, record } = devnet;
  const c = record.contracts;
  const sender = createSender(devnet);
  const account = devnetHdAccount;
  const owner = account(DEVNET_ACCOUNTS.owner);
  const seeded = (["root", "alice", "bob", "carol"] as const).map((role) => account(DEVNET_ACCOUNTS[role]));
  const fresh = Array.from({ length: count }, (_, i) => account(FIRST_EXTRA_INDEX + i));

  const tx = {
    mint: (token: Address, to: Address, amount: bigint) =>
      sender.send(
        owner,
        token,
        encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [to, amount] }),
        GAS.token,
      ),
    approve: (from: HDAccount, token: Address, spender: Address) =>
      sender.send(
        from,
        token,
        encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [spender, maxUint256] }),
        GAS.token,
      ),
    bind: (from: HDAccount, inviter: Address) =>
      sender.send(
        from,
        c.pool,
        encodeFunctionData({ abi: poolAbi, functionName: "setInviter", args: [inviter] }),
        GAS.pool,
      ),
    buy: (from: HDAccount, tier: number) =>
      sender.send(
        from,
        c.pool,
        encodeFunctionData({ abi: poolAbi, functionName: "buy", args: [BigInt(tier)] }),
        GAS.pool,
      ),
    collectStatic: (from: HDAccount) =>
      sender.send(from, c.pool, encodeFunctionData({ abi: poolAbi, functionName: "collectStaticProfit" }), GAS.pool),
    collectDynamic: (from: HDAccount) =>
      sender.send(from, c.pool, encodeFunctionData({ abi: poolAbi, functionName: "collectDynamicProfit" }), GAS.pool),
    guarantee: (users: Address[], amounts: bigint[]) =>
      sender.send(
        owner,
        c.pool,
        encodeFunctionData({ abi: poolAbi, functionName: "creditGuarantee", args: [users, amounts] }),
        GAS.pool,
      ),
    stake: (from: HDAccount, units: number) =>
      sender.send(
        from,
        c.staking,
        encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [BigInt(units)] }),
        GAS.staking,
      ),
    collectReward: (from: HDAccount, id: bigint) =>
      sender.send(
        from,
        c.staking,
        encodeFunctionData({ abi: stakingAbi, functionName: "collect", args: [id] }),
        GAS.staking,
      ),
    redeem: (from: HDAccount, id: bigint) =>
      sender.send(
        from,
        c.staking,
        encodeFunctionData({ abi: stakingAbi, functionName: "redeem", args: [id] }),
        GAS.staking,
      ),
  };
  const read = {
    staticProfit: (user: Address) =>
      publicClient.readContract({ address: c.pool, abi: poolAbi, functionName: "userStaticProfit", args: [user] }),
    dynamicProfit: (user: Address) =>
      publicClient.readContract({ address: c.pool, abi: poolAbi, functionName: "userDynamicProfit", args: [user] }),
    pendingReward: async (id: bigint) =>
      (
        await publicClient.readContract({
          address: c.staking,
          abi: stakingAbi,
          functionName: "getPendingRewards",
          args: [[id]],
        })
      )[0],
    canRedeem: (id: bigint) =>
      publicClient.readContract({ address: c.staking, abi: stakingAbi, functionName: "canRedeem", args: [id] }),
  };
  const travel = async (seconds: number) => {
    await testClient.increaseTime({ seconds });
    await testClient.mine({ blocks: 1 });
  };
  const emptyBlocks = (blocks: number) => testClient.mine({ blocks });

  // Funding: BNB by decree; tokens minted by the owner and approved, many to a block.
  for (const a of fresh) await testClient.setBalance({ address: a.address, value: parseEther("1000") });
  const funds: [Address, bigint][] = [
    [c.usdt, parseUnits("60000", 18)],
    [c.dwn9, parseUnits("60000", 18)],
    [c.dwn, parseUnits("5000", 18)],
    [c.a8, parseUnits("5000", 18)],
  ];
  await sender.inBlocks(
    100,
    fresh.flatMap((a) =>
      funds.map(
        ([token, amount]) =>
          () =>
            tx.mint(token, a.address, amount),
      ),
    ),
  );
  await sender.inBlocks(
    100,
    fresh.flatMap((a) => [
      () => tx.approve(a, c.usdt, c.pool),
      () => tx.approve(a, c.dwn9, c.pool),
      () => tx.approve(a, c.dwn, c.staking),
      () => tx.approve(a, c.a8, c.staking),
    ]),
  );
  await emptyBlocks(random.int(5, 15));

  // The tree: each binds under a seeded member or an earlier fresh one, mostly a recent one so
  // that chains grow deeper than ten generations; some buy a tier 1 NFT at once.
  const tiers = await publicClient.readContract({ address: c.pool, abi: poolAbi, functionName: "info" });
  const owned = new Map<Address, number[]>();
  const buyers: HDAccount[] = [...seeded];
  const bound: Address[] = seeded.map((a) => a.address);
  const late = fresh.slice(Math.floor(count * 0.9));
  const canBuy = (a: HDAccount, tier: number) => (owned.get(a.address)?.[tier] ?? 0) < Number(tiers[tier - 1].limit);
  const recordBuy = (a: HDAccount, tier: number) => {
    const counts = owned.get(a.address) ?? [0, 0, 0, 0, 0, 0];
    counts[tier] += 1;
    owned.set(a.address, counts);
    if (!buyers.includes(a)) buyers.push(a);
  };
  const bindAll = async (members: HDAccount[]) => {
    for (const a of members) {
      const inviter = random.chance(0.6) ? random.pick(bound.slice(-4)) : random.pick(bound);
      await tx.bind(a, inviter);
      bound.push(a.address);
      if (random.chance(0.3) && canBuy(a, 1)) {
        await tx.buy(a, 1);
        recordBuy(a, 1);
      }
    }
  };
  await bindAll(fresh.filter((a) => !late.includes(a)));
  await emptyBlocks(random.int(10, 30));

  // Purchases on several days, one to a block or many to a block.
  const members = fresh.filter((a) => !late.includes(a));
  for (let round = 0; round < 3; round += 1) {
    await travel(DAY + random.int(0, 6 * 3600));
    const calls: (() => Promise<Hash>)[] = [];
    for (const a of members) {
      if (!random.chance(0.6)) continue;
      const tier = random.int(1, 5);
      if (!canBuy(a, tier)) continue;
      recordBuy(a, tier);
      calls.push(() => tx.buy(a, tier));
    }
    if (round === 1) await sender.inBlocks(random.int(4, 10), calls);
    else for (const call of calls) await call();
  }
  await emptyBlocks(random.int(10, 30));

  // Stakes, all within a few minutes so that one moment lies in every stake's first redeem window.
  const stakeCountBefore = await publicClient.readContract({
    address: c.staking,
    abi: stakingAbi,
    functionName: "stakeCount",
  });
  const stakes: { id: bigint; owner: HDAccount }[] = [];
  const firstStake = (await publicClient.getBlock()).timestamp + 1n;
  for (const a of members) {
    const times = random.chance(0.5) ? 0 : random.int(1, 2);
    for (let k = 0; k < times; k += 1) {
      await tx.stake(a, random.int(1, 3));
      stakes.push({ id: stakeCountBefore + BigInt(stakes.length + 1), owner: a });
    }
  }

  // Income: static (which pays ancestors their generations) and dynamic, a guaranteed return, and
  // staking rewards, a few days on.
  const collectIncome = async (perBlock: number) => {
    const calls: (() => Promise<Hash>)[] = [];
    for (const a of buyers) {
      if (random.chance(0.7) && (await read.staticProfit(a.address)) > 0n) calls.push(() => tx.collectStatic(a));
    }
    await sender.inBlocks(perBlock, calls);
    for (const a of buyers) {
      if (random.chance(0.6) && (await read.dynamicProfit(a.address)) > 0n) await tx.collectDynamic(a);
    }
  };
  const collectRewards = async () => {
    for (const s of stakes) {
      if (random.chance(0.5) && (await read.pendingReward(s.id)) > 0n) await tx.collectReward(s.owner, s.id);
    }
  };
  await travel(3 * DAY + random.int(0, DAY));
  await collectIncome(random.int(3, 8));
  const lucky = Array.from({ length: 5 }, () => random.pick(buyers).address);
  await tx.guarantee(
    lucky,
    lucky.map(() => parseUnits(String(random.int(1, 50)), 18)),
  );
  await collectRewards();
  await emptyBlocks(random.int(10, 30));

  // Into the first redeem window of every stake: redeem some, collect rewards, income again.
  const now = (await publicClient.getBlock()).timestamp;
  await travel(Number(firstStake + 30n * BigInt(DAY) + 2n * 3600n - now));
  for (const s of stakes) {
    if (random.chance(0.5) && (await read.canRedeem(s.id))) await tx.redeem(s.owner, s.id);
  }
  await collectRewards();
  await collectIncome(1);
  await emptyBlocks(random.int(10, 30));

  // Late members bind and buy, and the first ones buy again, after the makeup count has grown.
  await travel(2 * DAY);
  await bindAll(late);
  for (const a of [...late, ...members.slice(0, 10)]) {
    const tier = random.int(1, 3);
    if (!canBuy(a, tier)) continue;
    await tx.buy(a, tier);
    recordBuy(a, tier);
  }
  await collectIncome(random.int(2, 5));

  return {
    head: await publicClient.getBlockNumber(),
    transactions: sender.sent,
    crowdedBlocks: sender.crowded,
  };
}
