import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { getAddress, getContract, maxUint256, parseUnits, type Address, type TransactionReceipt } from "viem";
import type { DevnetRole } from "../../deploy/accounts";
import { stakingAbi, tokenAbi } from "../../generated/deployments";
import type { System as FixtureSystem } from "../support/fixture";
import { eventsOf } from "../support/expect";

/**
 * The scales and the devnet terms of DESIGN.md §3 and deploy/params.ts, written out
 * independently of the contract so that a wrong constant there makes a test fail.
 */
export const DAY = 86_400n;
export const HOUR = 3_600n;
export const BPS = 10_000n;
export const token = (amount: string) => parseUnits(amount, 18);
export const UNIT_DWN = token("100");
export const UNIT_A8 = token("50");
export const CYCLE_DAYS = 30n;
export const DURATION = CYCLE_DAYS * DAY;
export const GRACE = DAY;
/** A cycle, its redeem window and the renewal hour. */
export const PERIOD = DURATION + GRACE + HOUR;
/** One UDBK a day per unit, rounded down to a whole wei per second. */
export const RATE = 11_574_074_074_074n;
export const UNSTAKE_FEE = 500n;
export const COLLECT_FEE = 300n;
export const MAX_UNITS = 1_000_000n;
export const UINT96_MAX = 2n ** 96n - 1n;

/** The reward of `units` over `seconds` of cycle time at the devnet rate. */
export const reward = (units: bigint, seconds: bigint, rate: bigint = RATE) => units * rate * seconds;

/** The staking contract and the three tokens it uses, typed from the generated ABIs, as `wallet` sees them. */
function contractsFor(s: Pick<FixtureSystem, "publicClient" | "record">, wallet: FixtureSystem["wallets"][number]) {
  const client = { public: s.publicClient, wallet };
  const c = s.record.contracts;
  const tokenAt = (address: Address) => getContract({ address, abi: tokenAbi, client });
  return {
    staking: getContract({ address: c.staking, abi: stakingAbi, client }),
    dwn: tokenAt(c.dwn),
    a8: tokenAt(c.a8),
    udbk: tokenAt(c.udbk),
  };
}

/** The fixture with the staking contract and its tokens typed (as the owner sees them). */
export function typed(fixture: FixtureSystem) {
  const c = contractsFor(fixture, fixture.wallet("owner"));
  return { ...fixture, staking: c.staking, dwn: c.dwn, a8: c.a8, udbk: c.udbk };
}

export type System = ReturnType<typeof typed>;

/** The staking contract and the tokens as `role` sees them (writes signed by `role`). */
export function as(s: System, role: DevnetRole) {
  return contractsFor(s, s.wallet(role));
}

/** A staking contract deployed at `address` (not the fixture's), typed, as the owner sees it. */
export function stakingAt(s: System, address: Address) {
  return getContract({ address, abi: stakingAbi, client: { public: s.publicClient, wallet: s.wallet("owner") } });
}

/** Gives `role` exactly the DWN and A8 that `units` cost at the devnet terms, and approves the staking contract. */
export async function staker(s: System, role: DevnetRole, units: bigint): Promise<void> {
  const a = as(s, role);
  const user = s.address(role);
  await s.mined(s.dwn.write.mint([user, units * UNIT_DWN]));
  await s.mined(s.a8.write.mint([user, units * UNIT_A8]));
  await s.mined(a.dwn.write.approve([s.staking.address, maxUint256]));
  await s.mined(a.a8.write.approve([s.staking.address, maxUint256]));
}

/** Mints `amount` UDBK to the staking contract's reward reserve. */
export async function fundReserve(s: System, amount: bigint): Promise<void> {
  await s.mined(s.udbk.write.mint([s.staking.address, amount]));
}

/** The timestamp of the block that holds `receipt`. */
export async function blockTime(s: System, receipt: TransactionReceipt): Promise<bigint> {
  const block = await s.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  return block.timestamp;
}

/** The latest block's timestamp, which views see. */
export async function now(): Promise<bigint> {
  return BigInt(await time.latest());
}

/** Makes the next transaction run at exactly `timestamp`. */
export async function nextAt(timestamp: bigint): Promise<void> {
  await time.setNextBlockTimestamp(timestamp);
}

/** Mines an empty block at exactly `timestamp`, so views see that time. */
export async function viewAt(timestamp: bigint): Promise<void> {
  await time.increaseTo(timestamp);
}

/** The id the `Staked` event of `receipt` names. */
export function stakedId(s: System, receipt: TransactionReceipt): bigint {
  const logs = eventsOf(receipt, "Staked").filter((l) => getAddress(l.address) === getAddress(s.staking.address));
  expect(logs, "Staked events").to.have.length(1);
  const args = logs[0].args as { id: bigint };
  return args.id;
}

/**
 * `role` (funded and approved beforehand) stakes `units` at exactly `at` (default: 100 s from
 * now). Returns the id, the start time and the receipt.
 */
export async function stakeAt(s: System, role: DevnetRole, units: bigint, at?: bigint) {
  const start = at ?? (await now()) + 100n;
  await nextAt(start);
  const receipt = await s.mined(as(s, role).staking.write.stake([units]));
  expect(receipt.status).to.equal("success");
  return { id: stakedId(s, receipt), start, receipt };
}

/** Funds `role` for `units`, approves, and stakes them at `at`. */
export async function newStake(s: System, role: DevnetRole, units: bigint, at?: bigint) {
  await staker(s, role, units);
  return stakeAt(s, role, units, at);
}

/** The `Transfer` events of `receipt` emitted by `tokenAddress`, as `[from, to, value]`. */
export function transfers(receipt: TransactionReceipt, tokenAddress: Address): [Address, Address, bigint][] {
  return eventsOf(receipt, "Transfer")
    .filter((l) => getAddress(l.address) === getAddress(tokenAddress))
    .map((l) => {
      const a = l.args as { from: Address; to: Address; value: bigint };
      return [getAddress(a.from), getAddress(a.to), a.value];
    });
}
