import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import {
  getAddress,
  getContract,
  maxUint256,
  parseUnits,
  zeroAddress,
  type Address,
  type TransactionReceipt,
} from "viem";
import type { DevnetRole } from "../../deploy/accounts";
import type { TierParams } from "../../deploy/params";
import { poolAbi, tokenAbi } from "../../generated/deployments";
import type { System as FixtureSystem } from "../support/fixture";
import { eventsOf } from "../support/expect";

/**
 * The contracts typed from the generated ABIs. The contracts tsconfig does not include the
 * hardhat-viem artifact types, so the fixture's contracts read as `unknown`; these do not.
 */
function contractsFor(
  s: Pick<FixtureSystem, "publicClient" | "record"> & { pool: { address: Address } },
  wallet: FixtureSystem["wallets"][number],
) {
  const client = { public: s.publicClient, wallet };
  const tokenAt = (address: Address) => getContract({ address, abi: tokenAbi, client });
  return {
    pool: getContract({ address: s.pool.address, abi: poolAbi, client }),
    usdt: tokenAt(s.record.contracts.usdt),
    dwn9: tokenAt(s.record.contracts.dwn9),
    dwn: tokenAt(s.record.contracts.dwn),
  };
}

/** The fixture with the pool and the tokens typed (the pool as the owner sees it). */
export function typed(fixture: FixtureSystem) {
  const c = contractsFor(fixture, fixture.wallet("owner"));
  return { ...fixture, pool: c.pool, tokens: { usdt: c.usdt, dwn9: c.dwn9, dwn: c.dwn } };
}

export type System = ReturnType<typeof typed>;

/** A pool deployed at `address` (not the fixture's), typed, as the owner sees it. */
export function poolAt(s: System, address: Address) {
  return contractsFor({ ...s, pool: { address } }, s.wallet("owner")).pool;
}

/** The scales of DESIGN.md §3, written out independently of the contract. */
export const WAD = 10n ** 18n;
export const RATE_SCALE = 10_000n;
export const ACC_SCALE = 10n ** 18n;
export const DAY = 86_400n;
export const TOKEN_ID_TIER_BASE = 1_000_000n;
export const ZERO = zeroAddress;

/** `IncomeCredited.kind`. */
export const KIND = { static: 1, dynamic: 2, directPush: 3, guarantee: 4 } as const;

export const token = (amount: string) => parseUnits(amount, 18);

/** Enough USDT and DWN9 for any purchase the tests make. */
export const BUYER_FUNDS = token("1000000");

/** `x ^ n` for an 18-decimal `x`, by squaring, rounding down after every product (as `_pow`). */
export function pow(x: bigint, n: bigint): bigint {
  let z = WAD;
  let base = x;
  let k = n;
  while (k > 0n) {
    if ((k & 1n) === 1n) z = (z * base) / WAD;
    k >>= 1n;
    if (k > 0n) base = (base * base) / WAD;
  }
  return z;
}

/** Whole days since `openBuyTime`, capped at `maxMakeupCount`; 0 before it opens. */
export function makeupCount(now: bigint, openBuyTime: bigint, maxMakeupCount: bigint): bigint {
  if (now <= openBuyTime) return 0n;
  const days = (now - openBuyTime) / DAY;
  return days < maxMakeupCount ? days : maxMakeupCount;
}

/** The expected `buyView` quote of `tier` at time `now`. */
export function expectedQuote(
  tier: TierParams,
  now: bigint,
  openBuyTime: bigint,
  makeupPercent: bigint,
  maxMakeupCount: bigint,
) {
  const hashrate = (tier.usdtprice * tier.multiple) / RATE_SCALE;
  const count = makeupCount(now, openBuyTime, maxMakeupCount);
  const factor = pow(makeupPercent * (WAD / RATE_SCALE), count);
  return {
    id: BigInt(tier.id),
    payusdt: tier.usdtprice,
    paydwn8: tier.dwn8price,
    multiple: tier.multiple,
    hashrate,
    makeupPercent,
    makeupCount: count,
    makeupHashrate: (hashrate * (factor - WAD)) / WAD,
  };
}

/** Direct-push income in DWN for a purchase paying `payusdt` (rounded down). */
export function directPush(payusdt: bigint, rate: bigint, dwnPriceUsdt: bigint): bigint {
  return (payusdt * rate * WAD) / (RATE_SCALE * dwnPriceUsdt);
}

/** A named role or the index of one of Hardhat's other funded accounts (9..19). */
export type Who = DevnetRole | number;

/** The address of `who` and the pool as `who` sees it (writes signed by `who`). */
export async function actor(s: System, who: Who) {
  const wallet = typeof who === "number" ? s.wallets[who] : s.wallet(who);
  const address = getAddress(wallet.account.address);
  const { pool, usdt, dwn9 } = contractsFor(s, wallet);
  return { who, address, pool, usdt, dwn9 };
}

export type Actor = Awaited<ReturnType<typeof actor>>;

/** Funds `who` with USDT and DWN9 and approves the pool to spend them. */
export async function buyer(s: System, who: Who, amount: bigint = BUYER_FUNDS): Promise<Actor> {
  const a = await actor(s, who);
  await s.fund(a.address, amount, ["usdt", "dwn9"]);
  await s.mined(a.usdt.write.approve([s.pool.address, maxUint256]));
  await s.mined(a.dwn9.write.approve([s.pool.address, maxUint256]));
  return a;
}

/** Binds `user` under `inviter`. */
export async function bind(s: System, user: Who, inviter: Who): Promise<TransactionReceipt> {
  const u = await actor(s, user);
  const i = await actor(s, inviter);
  return s.mined(u.pool.write.setInviter([i.address]));
}

/** Binds `users[0]` under `top` and every next user under the previous one. */
export async function chain(s: System, top: Who, users: readonly Who[]): Promise<void> {
  let inviter = top;
  for (const u of users) {
    await bind(s, u, inviter);
    inviter = u;
  }
}

/** `who` buys one NFT of `tierId` (already funded and approved); the receipt of the purchase. */
export async function buy(s: System, who: Who, tierId: bigint): Promise<TransactionReceipt> {
  const a = await actor(s, who);
  return s.mined(a.pool.write.buy([tierId]));
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

/** The decoded `eventName` logs emitted by the pool itself (not by the tokens). */
export function poolEvents(s: System, receipt: TransactionReceipt, eventName: string) {
  const pool = getAddress(s.pool.address);
  return eventsOf(receipt, eventName).filter((log) => getAddress(log.address) === pool);
}

/** The `IncomeCredited` events of `receipt` as plain objects, in log order. */
export function credits(s: System, receipt: TransactionReceipt) {
  return poolEvents(s, receipt, "IncomeCredited").map((log) => log.args as Record<string, unknown>);
}

/** One `IncomeCredited` event's arguments. */
export interface Credit {
  user: Address;
  from: Address;
  kind: number;
  amount: bigint;
}

/** Asserts that the pool emitted exactly `expected` `IncomeCredited` events, in order. */
export function expectCredits(s: System, receipt: TransactionReceipt, expected: Credit[]): void {
  expect(credits(s, receipt)).to.deep.equal(expected);
}

/** A tier of the devnet parameters the fixture deployed with. */
export function tierOf(s: System, id: bigint): TierParams {
  const tier = s.params.tiers.find((t) => BigInt(t.id) === id);
  if (!tier) throw new Error(`no tier ${id}`);
  return tier;
}

/** The DWN balance of `address`. */
export async function dwnOf(s: System, address: Address): Promise<bigint> {
  return s.tokens.dwn.read.balanceOf([address]);
}

/** Moves the DWN price to `target` in steps of at most 2x, as `setDwnPrice` allows. */
export async function stepPrice(s: System, target: bigint): Promise<void> {
  let price = await s.pool.read.dwnPriceUsdt();
  while (price !== target) {
    price = target > price ? (target > price * 2n ? price * 2n : target) : target * 2n < price ? price / 2n : target;
    await s.mined(s.pool.write.setDwnPrice([price]));
  }
}
