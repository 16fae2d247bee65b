/**
 * Oracles of the property test that do not trust the reference model: each successful transaction's
 * events are checked against the balances and views read before and after it and the settings in
 * force before it, by a different route than the contracts' formulas (bounds instead of one
 * rounded division, repeated multiplication instead of squaring, the inviter chain walked from the
 * views, fee rates remembered from the settings at stake time, guarantee caps rebuilt from the
 * user's own purchase events at each purchase's price, the 30-day guarantee budget from the
 * credits' events and the reserve and income owed as the views show them). None of this calls `model.ts`, so a misreading the model shares
 * with the contract still fails here.
 */
import { decodeEventLog, getAddress, zeroAddress, type Abi, type Address, type Hex } from "viem";

type View = Map<string, unknown>;
type Log = { address: Address; topics: [Hex, ...Hex[]]; data: Hex };

const WAD = 10n ** 18n;
const BP = 10_000n;
const DAY = 86_400n;
const GUARANTEE_PERIOD = 30n * DAY;

/** What the oracles need to know about a deployment. */
export interface OracleSetup {
  pool: Address;
  staking: Address;
  poolAbi: Abi;
  stakingAbi: Abi;
  /** The view-key name of every account the views cover (actors, pool, staking, treasury, fee recipient). */
  names: ReadonlyMap<Address, string>;
  /** The pool's deploy-time guarantee cap, in percent of what a user paid. */
  maxGuaranteePercent: bigint;
}

interface Purchase {
  payusdt: bigint;
  /** `dwnPriceUsdt` in force when the purchase was made. */
  price: bigint;
}

interface StakeRecord {
  principal: bigint;
  collectFeeRate: bigint;
  unstakeFeeRate: bigint;
}

interface Income {
  user: Address;
  from: Address;
  kind: number;
  amount: bigint;
}

/** a ≤ x / d < a + 1, i.e. `a` is x / d rounded down, checked without dividing. */
const isFloor = (a: bigint, x: bigint, d: bigint) => a * d <= x && x < (a + 1n) * d;

export class Oracles {
  private readonly purchases = new Map<Address, Purchase[]>();
  /** Each successful `creditGuarantee` call's block time and total. */
  private readonly credits: { time: bigint; amount: bigint }[] = [];
  private readonly guaranteeTotal = new Map<Address, bigint>();
  private readonly stakes = new Map<bigint, StakeRecord>();
  /** Who made the last purchase, if anyone has. */
  lastBuyer: Address | undefined;

  constructor(private readonly setup: OracleSetup) {}

  /**
   * Checks one successful transaction from its logs, the views before (`prev`) and after (`cur`)
   * it, the settings in force before it (`settings`) and its block time; returns what failed.
   */
  check(logs: readonly Log[], prev: View, cur: View, settings: View, now: bigint): string[] {
    const problems: string[] = [];
    const fail = (message: string) => problems.push(message);
    const name = (a: Address) => this.setup.names.get(getAddress(a));
    const delta = (key: string) => (cur.get(key) as bigint) - (prev.get(key) as bigint);
    const u = (key: string) => settings.get(key) as bigint;

    const incomes: Income[] = [];
    const purchases: { user: Address; tierId: bigint; payusdt: bigint; paydwn8: bigint; h: bigint; m: bigint }[] = [];
    for (const log of logs) {
      const at = getAddress(log.address);
      if (at === this.setup.pool) {
        const e = decodeEventLog({ abi: this.setup.poolAbi, data: log.data, topics: log.topics, strict: false });
        const a = e.args as unknown as Record<string, bigint | Address | number>;
        if (e.eventName === "IncomeCredited") {
          incomes.push({
            user: getAddress(a.user as Address),
            from: getAddress(a.from as Address),
            kind: Number(a.kind),
            amount: a.amount as bigint,
          });
        } else if (e.eventName === "DwnPriceSet") {
          // One change moves the price at most 2× either way.
          const was = u("pool.dwnPriceUsdt");
          const set = a.dwnPriceUsdt as bigint;
          if (set > 2n * was || 2n * set < was) fail(`the DWN price moved from ${was} to ${set}, more than 2×`);
        } else if (e.eventName === "NftPurchased") {
          purchases.push({
            user: getAddress(a.user as Address),
            tierId: a.tierId as bigint,
            payusdt: a.payusdt as bigint,
            paydwn8: a.paydwn8 as bigint,
            h: a.hashrate as bigint,
            m: a.makeupHashrate as bigint,
          });
        }
      } else if (at === this.setup.staking) {
        const e = decodeEventLog({ abi: this.setup.stakingAbi, data: log.data, topics: log.topics, strict: false });
        const a = e.args as unknown as Record<string, bigint | Address>;
        if (e.eventName === "Staked") {
          const collectFeeRate = u("staking.collectFeeRate");
          const unstakeFeeRate = u("staking.unstakeFeeRate");
          if (a.collectFeeRate !== collectFeeRate || a.unstakeFeeRate !== unstakeFeeRate) {
            fail(
              `stake ${a.id} announces fee rates ${a.unstakeFeeRate}/${a.collectFeeRate}, in force ${unstakeFeeRate}/${collectFeeRate}`,
            );
          }
          this.stakes.set(a.id as bigint, { principal: delta("dwn.staking"), collectFeeRate, unstakeFeeRate });
        } else if (e.eventName === "RewardCollected" || e.eventName === "Redeemed") {
          const collect = e.eventName === "RewardCollected";
          const st = this.stakes.get(a.id as bigint);
          const who = name(a.user as Address);
          if (!st || !who) {
            fail(`${e.eventName} of unknown stake ${a.id} or user ${a.user}`);
            continue;
          }
          const token = collect ? "udbk" : "dwn";
          const gross = a.amount as bigint;
          const fee = a.fee as bigint;
          const received = delta(`${token}.${who}`);
          const feeReceived = delta(`${token}.feeRecipient`);
          const rate = collect ? st.collectFeeRate : st.unstakeFeeRate;
          if (received + feeReceived !== gross || feeReceived !== fee) {
            fail(
              `${e.eventName} ${a.id}: user got ${received}, fee recipient ${feeReceived}; event says ${gross} with fee ${fee}`,
            );
          }
          if (!isFloor(fee, gross * rate, BP)) {
            fail(`${e.eventName} ${a.id}: fee ${fee} of ${gross} is not the ${rate} bp the stake was made at`);
          }
          if (!collect && gross !== st.principal)
            fail(`stake ${a.id} returned ${gross} DWN of a ${st.principal} principal`);
        }
      }
    }

    // Purchases: price, hashrate, makeup, payment, direct push.
    const tiers = prev.get("info") as { usdtprice: bigint; dwn8price: bigint; multiple: bigint }[];
    const price = u("pool.dwnPriceUsdt");
    for (const p of purchases) {
      const t = tiers[Number(p.tierId) - 1];
      const buyer = name(p.user);
      if (!buyer) {
        fail(`a purchase by unknown ${p.user}`);
        continue;
      }
      if (p.payusdt !== t.usdtprice || p.paydwn8 !== t.dwn8price) {
        fail(`tier ${p.tierId} sold for ${p.payusdt}/${p.paydwn8}, priced ${t.usdtprice}/${t.dwn8price}`);
      }
      if (delta(`usdt.${buyer}`) !== -p.payusdt || delta("usdt.treasury") !== p.payusdt) {
        fail(
          `${buyer} paid ${-delta(`usdt.${buyer}`)} USDT, the treasury got ${delta("usdt.treasury")}, price ${p.payusdt}`,
        );
      }
      if (!isFloor(p.h, t.usdtprice * t.multiple, BP)) {
        fail(`tier ${p.tierId} gave hashrate ${p.h}, price ${t.usdtprice} × multiple ${t.multiple} / 1e4`);
      }
      const [num, den] = makeupFactor(u("pool.openBuyTime"), (settings.get("pool.makeup") as bigint[]) ?? [], now);
      // Exact makeup is h × (num − den) / den; the contract may round down, by at most 1e-12 of h × factor.
      const exact = p.h * (num - den);
      const slack = (p.h * num) / den / 10n ** 12n + 1n;
      if (p.m * den > exact || exact - p.m * den >= slack * den) {
        fail(`makeup hashrate ${p.m} of ${p.h}, exactly ${exact / den}.. (factor ${num}/${den})`);
      }
      if (delta(`${buyer}.hashrate`) !== p.h + p.m || delta("totalHashrate") !== p.h + p.m) {
        fail(
          `${buyer}'s hashrate grew ${delta(`${buyer}.hashrate`)}, total ${delta("totalHashrate")}, bought ${p.h}+${p.m}`,
        );
      }
      const list = this.purchases.get(p.user) ?? [];
      list.push({ payusdt: p.payusdt, price });
      this.purchases.set(p.user, list);
      this.lastBuyer = p.user;

      const inviter = getAddress(prev.get(`${buyer}.inviter`) as Address);
      const inviterName = name(inviter);
      const rate = u("pool.directPushRate");
      const pushes = incomes.filter((i) => i.kind === 3 && i.from === p.user);
      const due =
        inviter !== zeroAddress && rate > 0n && ((prev.get(`${inviterName}.nftBalance`) as bigint) ?? 0n) > 0n;
      if (!due) {
        if (pushes.length > 0) fail(`a direct push for ${buyer}'s purchase, none due (inviter ${inviterName})`);
      } else if (pushes.length !== 1 || pushes[0].user !== inviter) {
        fail(`${pushes.length} direct pushes for ${buyer}'s purchase, one due to ${inviterName}`);
      } else if (!isFloor(pushes[0].amount, p.payusdt * rate * WAD, BP * price)) {
        fail(`direct push ${pushes[0].amount} DWN for ${p.payusdt} USDT at ${rate} bp, price ${price}`);
      }
    }
    if (purchases.length === 0 && incomes.some((i) => i.kind === 3)) fail("a direct push without a purchase");

    // Generation income: only to ancestors whose tier qualified, at the generation's rate.
    const rates = (settings.get("pool.dynamicRates") as bigint[]) ?? [];
    for (const settle of incomes.filter((i) => i.kind === 1)) {
      const expected = new Map<Address, bigint>();
      let below = name(settle.user);
      for (let g = 1; g <= rates.length && below; g++) {
        const up = getAddress(prev.get(`${below}.inviter`) as Address);
        if (up === zeroAddress) break;
        const upName = name(up);
        const tier = (prev.get(`${upName}.maxNFTPosition`) as bigint) ?? 0n;
        // ⌈g / 2⌉ ≤ tier, i.e. g ≤ 2 × tier.
        const credit = (settle.amount * rates[g - 1]) / BP;
        if (BigInt(g) <= 2n * tier && credit > 0n) expected.set(up, (expected.get(up) ?? 0n) + credit);
        below = upName;
      }
      const got = new Map<Address, bigint>();
      for (const i of incomes)
        if (i.kind === 2 && i.from === settle.user) got.set(i.user, (got.get(i.user) ?? 0n) + i.amount);
      for (const a of new Set([...expected.keys(), ...got.keys()])) {
        if (expected.get(a) !== got.get(a)) {
          fail(
            `generation income to ${name(a)} from ${name(settle.user)}'s ${settle.amount}: ${got.get(a) ?? 0n}, due ${expected.get(a) ?? 0n}`,
          );
        }
      }
    }
    const settled = new Set(incomes.filter((i) => i.kind === 1).map((i) => i.from));
    if (incomes.some((i) => i.kind === 2 && !settled.has(i.from)))
      fail("generation income with no static income settled");

    // Guarantees: each user's total within the cap rebuilt from its own purchases at their
    // prices; all credits within 30 days within 10 % of the reserve net of the income users can
    // already see they are owed (the contract's own count of what it owes is at least that).
    let guaranteed = 0n;
    for (const g of incomes.filter((i) => i.kind === 4)) {
      guaranteed += g.amount;
      const who = name(g.user);
      if (!who || ((prev.get(`${who}.nftBalance`) as bigint) ?? 0n) === 0n)
        fail(`a guarantee to ${who ?? g.user}, who holds no NFT`);
      const total = (this.guaranteeTotal.get(g.user) ?? 0n) + g.amount;
      this.guaranteeTotal.set(g.user, total);
      if (total > this.capDwn(g.user)) {
        fail(`${who} was credited ${total} DWN of guarantees in all, cap ${this.capDwn(g.user)} from its purchases`);
      }
    }
    if (guaranteed > 0n) {
      const inWindow = this.creditedWithin(now) + guaranteed;
      const limit = this.budgetLimit(prev.get("dwn.pool") as bigint, this.owedVisible(prev));
      if (inWindow > limit) {
        fail(`guarantees within 30 days total ${inWindow} DWN (this call ${guaranteed}), over the budget ${limit}`);
      }
      this.credits.push({ time: now, amount: guaranteed });
    }
    return problems;
  }

  /**
   * Checks a refused `creditGuarantee` (`users`, `amounts`) against the oracles' own cap and budget,
   * from the views before it (`prev`) and its block time; returns what failed. The requirements
   * are checked user by user in the batch's order (an NFT, then the room under the cap), then the
   * 30-day budget once for the whole call:
   * - `PoolNoNft(user)`: the user holds no NFT;
   * - `PoolGuaranteeCapExceeded(user, amount, room)`: the first entry over its cap (the room its
   *   own purchase events leave, less the batch's earlier credits to the same user), with that room;
   * - `PoolGuaranteeBudgetExceeded(credited, budget)`: no entry over its cap, `credited` is every
   *   credit of the last 30 days plus this call's, and `budget` at most 10 % of the reserve net of
   *   the income the views already show as owed.
   */
  checkRefusal(
    users: readonly Address[],
    amounts: readonly bigint[],
    error: string,
    args: readonly unknown[],
    prev: View,
    now: bigint,
  ): string[] {
    const refusals = ["PoolNoNft", "PoolGuaranteeCapExceeded", "PoolGuaranteeBudgetExceeded"];
    if (!refusals.includes(error) || users.length !== amounts.length) return [];
    const problems: string[] = [];
    const name = (a: Address) => this.setup.names.get(getAddress(a)) ?? a;
    const batch = new Map<Address, bigint>();
    /** The refusal the batch's entries call for before the budget, if any. */
    let first: { error: string; args: readonly unknown[] } | undefined;
    let total = 0n;
    for (const [i, raw] of users.entries()) {
      const user = getAddress(raw);
      const amount = amounts[i];
      if (((prev.get(`${name(user)}.nftBalance`) as bigint | undefined) ?? 0n) === 0n) {
        first = { error: "PoolNoNft", args: [user] };
        break;
      }
      const before = batch.get(user) ?? 0n;
      const left = this.guaranteeRoom(user) - before;
      const room = left > 0n ? left : 0n;
      if (amount > room) {
        first = { error: "PoolGuaranteeCapExceeded", args: [user, amount, room] };
        break;
      }
      batch.set(user, before + amount);
      total += amount;
    }
    const shown = (e: string, a: readonly unknown[]) =>
      `${e}(${a.map((x) => (typeof x === "string" ? name(x as Address) : String(x))).join(", ")})`;
    const got = shown(
      error,
      args.map((x) => (typeof x === "string" ? getAddress(x) : x)),
    );
    if (first) {
      if (got !== shown(first.error, first.args))
        problems.push(`creditGuarantee refused with ${got}, due ${shown(first.error, first.args)}`);
      return problems;
    }
    if (error !== "PoolGuaranteeBudgetExceeded") {
      problems.push(`creditGuarantee refused with ${got}, but every entry holds an NFT and fits its cap`);
      return problems;
    }
    const [credited, budget] = args as [bigint, bigint];
    const inWindow = this.creditedWithin(now) + total;
    const limit = this.budgetLimit(prev.get("dwn.pool") as bigint, this.owedVisible(prev));
    if (credited !== inWindow) {
      problems.push(
        `the budget refusal counts ${credited} DWN credited within 30 days; the credits' events and this call make ${inWindow}`,
      );
    }
    if (budget > limit)
      problems.push(`the budget refusal allows ${budget} DWN, over 10 % of the reserve net of owed income (${limit})`);
    return problems;
  }

  /**
   * The user's guarantee cap in DWN wei: for each of its purchases, `maxGuaranteePercent` % of the
   * USDT paid, in whole DWN at the price in force at that purchase (rounded down), summed and
   * capped at 2^32 − 1 whole DWN.
   */
  capDwn(user: Address): bigint {
    let whole = 0n;
    for (const p of this.purchases.get(getAddress(user)) ?? []) {
      // The largest w with w × price × 100 ≤ payusdt × percent, found by halving the gap.
      const value = p.payusdt * this.setup.maxGuaranteePercent;
      let lo = 0n;
      let hi = value / 100n + 1n;
      while (hi - lo > 1n) {
        const mid = (lo + hi) / 2n;
        if (mid * p.price * 100n <= value) lo = mid;
        else hi = mid;
      }
      whole += lo;
    }
    const most = 2n ** 32n - 1n;
    return (whole < most ? whole : most) * WAD;
  }

  /** The DWN of guarantee credits within the 30 days that end at `now` (credits at now − 30 d excluded). */
  creditedWithin(now: bigint): bigint {
    let sum = 0n;
    for (const c of this.credits) if (c.time > now - GUARANTEE_PERIOD) sum += c.amount;
    return sum;
  }

  /** When the oldest credit still in the window at `now` leaves it (its time + 30 days), if any. */
  windowEnd(now: bigint): bigint | undefined {
    const oldest = this.credits.find((c) => c.time > now - GUARANTEE_PERIOD);
    return oldest && oldest.time + GUARANTEE_PERIOD;
  }

  /** The income the views show users are owed: every actor's static and dynamic profit. */
  owedVisible(view: View): bigint {
    let owed = 0n;
    for (const who of new Set(this.setup.names.values())) {
      owed +=
        ((view.get(`${who}.staticProfit`) as bigint | undefined) ?? 0n) +
        ((view.get(`${who}.dynamicProfit`) as bigint | undefined) ?? 0n);
    }
    return owed;
  }

  /** 10 % of the reserve net of what is owed: the most the 30-day window may hold. */
  budgetLimit(reserve: bigint, owed: bigint): bigint {
    return reserve > owed ? ((reserve - owed) * 1_000n) / BP : 0n;
  }

  /** The DWN a guarantee to `user` may still receive under the cap its purchases allow. */
  guaranteeRoom(user: Address): bigint {
    const room = this.capDwn(user) - (this.guaranteeTotal.get(getAddress(user)) ?? 0n);
    return room > 0n ? room : 0n;
  }

  /** At most what the 30-day budget still allows at `now`, for a reserve and what is owed. */
  budgetRoom(reserve: bigint, owed: bigint, now: bigint): bigint {
    const room = this.budgetLimit(reserve, owed) - this.creditedWithin(now);
    return room > 0n ? room : 0n;
  }
}

/**
 * The makeup factor at `now` as an exact fraction: (makeupPercent / 1e4) multiplied by itself once
 * for each whole day since `openBuyTime`, counted by stepping a day at a time, up to the maximum.
 */
function makeupFactor(openBuyTime: bigint, makeup: bigint[], now: bigint): [bigint, bigint] {
  const [percent, max] = makeup;
  let num = 1n;
  let den = 1n;
  for (let day = 1n; day <= max && openBuyTime + day * DAY <= now; day++) {
    num *= percent;
    den *= BP;
  }
  return [num, den];
}
