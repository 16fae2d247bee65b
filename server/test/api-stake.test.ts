import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Status, type ClaimRow, type RewardRow, type StakeRecord } from "@dwn/api";
import { stakingAbi } from "@dwn/contracts";
import type { Address } from "viem";
import { roleIndex, startStack, type Stack } from "./support/stack";

const DAY = 86_400n;
/** The staking contract's renewal hour after each redeem window. */
const RENEWAL_DELAY = 3_600n;

let stack: Stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A fresh staker (Hardhat account #9), bound under alice so that it may sign in. */
const S = 9;

/** A stake's list record as the staking contract describes it now. */
async function chainRecord(id: bigint): Promise<StakeRecord> {
  const info = await stack.read.staking.read.stakeInfo([id]);
  const [staked] = await stack.publicClient.getContractEvents({
    address: stack.record.contracts.staking,
    abi: stakingAbi,
    eventName: "Staked",
    args: { id },
    fromBlock: 0n,
    toBlock: "latest",
  });
  return {
    id: id.toString(),
    status: Number(info.status) as StakeRecord["status"],
    pay_dwn: info.dwnAmount.toString(),
    pay_a8: staked.args.a8Amount!.toString(),
    units: info.hashrate.toString(),
    days: Number(info.durationPerCycle / DAY),
    start_timestamp: Number(info.startTime),
    end_timestamp: Number(info.endTime),
    redeemed: info.redeemed,
  };
}

/**
 * The reward history of a stake from the chain: `num` is what it accrued (pending plus every
 * collected amount); the rows are one per completed day of cycle time, walked cycle by cycle
 * up to now or the redemption, and one per `RewardCollected`, newest first.
 */
async function chainRewards(id: bigint) {
  const info = await stack.read.staking.read.stakeInfo([id]);
  const [pending] = await stack.read.staking.read.getPendingRewards([[id]]);
  const claims = await stack.publicClient.getContractEvents({
    address: stack.record.contracts.staking,
    abi: stakingAbi,
    eventName: "RewardCollected",
    args: { id },
    fromBlock: 0n,
    toBlock: "latest",
  });
  const redeemed = await stack.publicClient.getContractEvents({
    address: stack.record.contracts.staking,
    abi: stakingAbi,
    eventName: "Redeemed",
    args: { id },
    fromBlock: 0n,
    toBlock: "latest",
  });
  const until = redeemed.length > 0 ? await stack.blockTime(redeemed[0].blockNumber) : (await stack.head()).timestamp;
  const period = info.durationPerCycle + info.gracePeriod + RENEWAL_DELAY;
  const daily = info.hashrate * info.rewardPerUnitPerSecond * DAY;
  const rewards: RewardRow[] = [];
  for (let cycleStart = info.startTime; cycleStart + DAY <= until; cycleStart += period) {
    for (let end = cycleStart + DAY; end <= cycleStart + info.durationPerCycle && end <= until; end += DAY) {
      rewards.push({ timestamp: Number(end), reward_num: daily.toString() });
    }
  }
  const claimRows: ClaimRow[] = [];
  let collected = 0n;
  for (const log of claims) {
    collected += log.args.amount!;
    claimRows.push({
      collect_id: `${log.transactionHash}:${log.logIndex}`,
      tx_hash: log.transactionHash,
      timestamp: Number(await stack.blockTime(log.blockNumber)),
      reward_num: log.args.amount!.toString(),
      // The claim's fee, from the chain's own event: the user received reward_num − fee.
      fee: log.args.fee!.toString(),
    });
  }
  const list = [...claimRows.reverse(), ...rewards.reverse()].sort((a, b) => b.timestamp - a.timestamp);
  return { num: (pending + collected).toString(), list, rewards: rewards.length, claims: claimRows.length };
}

describe("stake list and stake rewards", () => {
  let token: string;
  let first: bigint;
  let second: bigint;
  let start: bigint;
  let period: bigint;
  let duration: bigint;

  const list = (status = "", page = "1", rows = "999") =>
    stack.data("stake/getStakeList", { page, rows, status }, { token });
  const rewards = (id: bigint, page = "1", limit = "100") =>
    stack.data("stake/getStakeById", { id: id.toString(), page, limit }, { token });

  /** Every list of S (all, each status) and each stake's rewards agree with the chain. */
  async function checkAll() {
    await stack.waitIndexed();
    const records = [await chainRecord(second), await chainRecord(first)];
    assert.deepEqual(await list(), records);
    for (const status of [0, 1, 2]) {
      assert.deepEqual(
        await list(String(status)),
        records.filter((r) => r.status === status),
        `status ${status}`,
      );
    }
    for (const id of [first, second]) {
      const chain = await chainRewards(id);
      assert.deepEqual(await rewards(id), { num: chain.num, list: chain.list }, `rewards of stake ${id}`);
    }
    return records;
  }

  it("lists new stakes in their first cycle", async () => {
    await stack.fund(S);
    await stack.mined(stack.as(S).pool.write.setInviter([stack.accounts[roleIndex("alice")].address]));
    const staking = stack.as(S).staking;
    const count = await stack.read.staking.read.stakeCount();
    await stack.mined(staking.write.stake([2n]));
    await stack.travel(RENEWAL_DELAY);
    await stack.mined(staking.write.stake([1n]));
    [first, second] = [count + 1n, count + 2n];
    const info = await stack.read.staking.read.stakeInfo([first]);
    assert.equal(info.user, stack.accounts[S].address);
    start = info.startTime;
    duration = info.durationPerCycle;
    period = duration + info.gracePeriod + RENEWAL_DELAY;
    token = await stack.signIn(S);

    const [newer, older] = await checkAll();
    assert.deepEqual(
      [newer.status, older.status, older.units, newer.units, older.days],
      [0, 0, "2", "1", Number((await stack.read.staking.read.stakeView()).cycle)],
    );
    // Less than a day of cycle time: no reward row yet, but a reward accrues.
    const early = await rewards(first);
    assert.deepEqual(early.list, []);
    assert.ok(BigInt(early.num) > 0n);
  });

  it("pages the stake list by rows", async () => {
    const all = await list();
    assert.deepEqual(await list("", "1", "1"), all.slice(0, 1));
    assert.deepEqual(await list("", "2", "1"), all.slice(1, 2));
    assert.deepEqual(await list("", "3", "1"), []);
    const tooMany = await stack.call("stake/getStakeList", { page: "1", rows: "1000", status: "" }, { token });
    assert.equal(tooMany.status, Status.badInput);
    const badStatus = await stack.call("stake/getStakeList", { page: "1", rows: "10", status: "3" }, { token });
    assert.equal(badStatus.status, Status.badInput);
  });

  it("lists daily reward rows and claims, newest first, with the accrued total", async () => {
    await stack.travel(2n * DAY + DAY / 2n);
    const claim = await stack.mined(stack.as(S).staking.write.collect([first]));
    await stack.travel(DAY / 2n);
    await checkAll();

    const chain = await chainRewards(first);
    assert.equal(chain.rewards, 3);
    assert.equal(chain.claims, 1);
    const history = await rewards(first);
    // Day 3 completed after the claim: reward, claim, day 2, day 1.
    assert.deepEqual(
      history.list.map((r) => ("collect_id" in r ? "claim" : "reward")),
      ["reward", "claim", "reward", "reward"],
    );
    const claimRow = history.list[1] as ClaimRow;
    assert.equal(claimRow.tx_hash, claim.transactionHash);
    assert.equal(claimRow.timestamp, Number(await stack.blockTime(claim.blockNumber)));

    assert.deepEqual(await rewards(first, "1", "3"), { num: chain.num, list: chain.list.slice(0, 3) });
    assert.deepEqual(await rewards(first, "2", "3"), { num: chain.num, list: chain.list.slice(3) });
    assert.deepEqual(await rewards(first, "3", "3"), { num: chain.num, list: [] });
  });

  it("refuses someone else's stake, an unknown one and a malformed id", async () => {
    const aliceStake = (
      await stack.read.staking.read.stakeIdsOf([stack.accounts[roleIndex("alice")].address, 0n, 10n])
    )[0];
    const refused = async (id: string) => stack.call("stake/getStakeById", { id, page: "1", limit: "10" }, { token });
    const foreign = await refused(aliceStake.toString());
    assert.equal(foreign.status, Status.businessRule);
    assert.equal(foreign.data, null);
    assert.equal((await refused("999999")).status, Status.businessRule);
    assert.equal((await refused("one")).status, Status.badInput);
    assert.equal((await refused("-1")).status, Status.badInput);
  });

  it("shows a stake waiting in its redeem window while a later one is still in its cycle", async () => {
    await stack.travelTo(start + duration + 600n);
    assert.equal(await stack.read.staking.read.canRedeem([first]), true);
    assert.equal(await stack.read.staking.read.canRedeem([second]), false);
    const [newer, older] = await checkAll();
    assert.equal(older.status, 1);
    assert.equal(newer.status, 0);
    assert.equal(older.end_timestamp, Number(start + duration));
    assert.equal((await chainRewards(first)).rewards, Number(duration / DAY));
  });

  it("renews a stake by itself an hour after the window, with a new end", async () => {
    await stack.travelTo(start + period + 600n);
    assert.equal(await stack.read.staking.read.canRedeem([first]), false);
    // The later stake is in its renewal hour: waiting, yet not redeemable.
    assert.equal(await stack.read.staking.read.canRedeem([second]), false);
    const [newer, older] = await checkAll();
    assert.equal(older.status, 0);
    assert.equal(older.end_timestamp, Number(start + period + duration));
    assert.equal(older.start_timestamp, Number(start));
    assert.equal(newer.status, 1);
  });

  it("ends a redeemed stake: accrual stops, pending reward stays claimable", async () => {
    await stack.travelTo(start + period + duration + 100n);
    const staking = stack.as(S).staking;
    const redeem = await stack.mined(staking.write.redeem([first]));
    await stack.travel(2n * DAY);
    const [, older] = await checkAll();
    assert.equal(older.status, 2);
    assert.equal(older.redeemed, true);
    assert.equal(older.end_timestamp, Number(start + period + duration));

    const before = await rewards(first);
    const chain = await chainRewards(first);
    // Two whole cycles of rewards and the claim; nothing after the redemption.
    assert.equal(chain.rewards, 2 * Number(duration / DAY));
    const redeemedAt = Number(await stack.blockTime(redeem.blockNumber));
    assert.ok(before.list.every((r) => r.timestamp <= redeemedAt));

    // Collecting after the redemption adds a claim row; the accrued total stays.
    await stack.mined(staking.write.collect([first]));
    await stack.waitIndexed();
    const afterCollect = await rewards(first);
    assert.equal(afterCollect.num, before.num);
    assert.equal((await chainRewards(first)).num, before.num);
    assert.equal(afterCollect.list.length, before.list.length + 1);
    assert.ok("collect_id" in afterCollect.list[0]);
    assert.deepEqual(afterCollect, { num: chain.num, list: (await chainRewards(first)).list });

    const total = afterCollect.list.length;
    const pages = [];
    for (let page = 1; (page - 1) * 25 < total; page++) pages.push(...(await rewards(first, String(page), "25")).list);
    assert.deepEqual(pages, afterCollect.list);
  });

  it("shows the seed's stakes to their owners", async () => {
    await stack.waitIndexed();
    for (const role of ["alice", "carol"] as const) {
      const owner: Address = stack.accounts[roleIndex(role)].address;
      const ids = await stack.read.staking.read.stakeIdsOf([owner, 0n, 100n]);
      const own = await stack.signIn(roleIndex(role));
      const records = await stack.data("stake/getStakeList", { page: "1", rows: "999", status: "" }, { token: own });
      assert.deepEqual(records, await Promise.all([...ids].reverse().map(chainRecord)));
      for (const id of ids) {
        const chain = await chainRewards(id);
        assert.deepEqual(
          await stack.data("stake/getStakeById", { id: id.toString(), page: "1", limit: "100" }, { token: own }),
          { num: chain.num, list: chain.list.slice(0, 100) },
        );
      }
    }
  });
});
