/**
 * A reference model of the economics in DESIGN.md §3 (Pool and Staking) plus the five ERC20
 * tokens they move. Plain TypeScript, bigint only, no chain access: the property test runs the
 * same operations against the contracts and against this model and compares the two after every
 * step.
 *
 * Every operation is a transaction: it either succeeds, or fails with the custom error (name and
 * arguments) the contract raises, checked in the contract's order, and then leaves no trace
 * (the state is restored, as the EVM does on revert). The model's clock is the block timestamp of
 * the last mined block; the caller sets it with `setTime` before each operation.
 */
import { getAddress, maxUint256, zeroAddress, type Address } from "viem";

export const TOKENS = ["usdt", "dwn9", "dwn", "a8", "udbk"] as const;
export type Token = (typeof TOKENS)[number];

// ---------------------------------------------------------------------------------------------
// Constants (DESIGN.md §3 and the contracts' public constants)
// ---------------------------------------------------------------------------------------------

export const WAD = 10n ** 18n;
export const ACC_SCALE = 10n ** 18n;
export const RATE_SCALE = 10_000n;
export const HOUR = 3_600n;
export const DAY = 86_400n;

export const TIER_COUNT = 5n;
export const MAX_GENERATIONS = 10;
export const MAX_DIRECT_PUSH_RATE = 3_000n;
export const MAX_GENERATION_RATE = 2_000n;
export const MAX_GENERATION_RATE_SUM = 5_000n;
export const MAX_MULTIPLE = 100_000n;
export const MAX_LIMIT = 255n;
export const TOKEN_ID_TIER_BASE = 1_000_000n;
export const MIN_MAKEUP_PERCENT = 10_000n;
export const MAX_MAKEUP_PERCENT = 11_000n;
export const MAX_MAKEUP_COUNT = 365n;
export const MAX_STATIC_REWARD_PER_SECOND = 1_000n * WAD;
export const MAX_GUARANTEE_BATCH = 200n;
export const MAX_MAKEUP_FACTOR = 3n * WAD;
export const MIN_USDT_PRICE = WAD;
export const MIN_DWN_PRICE = 10n ** 15n;
export const MAX_GUARANTEE_RESERVE_SHARE = 1_000n;
export const GUARANTEE_PERIOD = 30n * DAY;
export const MAX_DWN_PRICE_STEP = 2n;
export const MAX_OPEN_BUY_DELAY = 365n * DAY;
export const MAX_UINT32 = 2n ** 32n - 1n;
export const MAX_PRICE = 2n ** 88n - 1n;
export const MAX_UINT64 = 2n ** 64n - 1n;
export const MAX_UINT96 = 2n ** 96n - 1n;

export const MAX_FEE_RATE = 2_000n;
export const MAX_UNITS = 1_000_000n;
export const MAX_CYCLE_DAYS = 3_650n;
export const MIN_GRACE_PERIOD = HOUR;
export const MAX_GRACE_PERIOD = 30n * DAY;
export const MAX_REWARD_PER_UNIT_PER_SECOND = WAD;
export const RENEWAL_DELAY = HOUR;

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

/** One tier as `info()` returns it. */
export interface Tier {
  id: bigint;
  supply: bigint;
  sold: bigint;
  usdtprice: bigint;
  dwn8price: bigint;
  multiple: bigint;
  limit: bigint;
}

interface Member {
  inviter: Address;
  /** Highest tier id bought (0 = none). */
  maxTier: bigint;
  nftCount: bigint;
  /** NFTs bought per tier, index tier − 1. */
  tierCounts: bigint[];
  /** The guarantee cap in whole DWN: per purchase maxGuaranteePercent % of its USDT at the price of its day (rounded down; the sum saturating at 2^32 − 1). */
  guaranteeCap: bigint;
  /** The DWN of guarantee credits received. */
  guaranteeDwn: bigint;
}

interface Account {
  hashrate: bigint;
  /** Settled static income (and guaranteed returns) not yet collected. */
  staticProfit: bigint;
  /** MasterChef reward debt: hashrate × acc / ACC_SCALE at the last settlement. */
  rewardDebt: bigint;
  dynamicProfit: bigint;
}

export interface PoolSettings {
  staticRewardPerSecond: bigint;
  openBuyTime: bigint;
  directPushRate: bigint;
  makeupPercent: bigint;
  maxMakeupCount: bigint;
  /** Rates of generations 1..generationRates.length, basis points. */
  generationRates: bigint[];
  openCapitalPool: boolean;
  dwnPriceUsdt: bigint;
  paused: boolean;
}

export interface StakingSettings {
  dwnAmount: bigint;
  a8Amount: bigint;
  cycleDays: bigint;
  gracePeriod: bigint;
  rewardPerUnitPerSecond: bigint;
  unstakeFeeRate: bigint;
  collectFeeRate: bigint;
  paused: boolean;
}

/** A stake: who, when, and the terms it snapshotted. */
export interface Stake {
  id: bigint;
  user: Address;
  startTime: bigint;
  lastCollectTime: bigint;
  /** 0 while not redeemed. */
  redeemedAt: bigint;
  principal: bigint;
  units: bigint;
  rewardPerUnitPerSecond: bigint;
  cycleDays: bigint;
  gracePeriod: bigint;
  unstakeFeeRate: bigint;
  collectFeeRate: bigint;
}

/** Cumulative figures the invariants compare with what the chain actually paid. */
export interface Credits {
  /** DWN income credited to each user by the pool (static, generations, direct push, guarantee). */
  pool: Map<Address, bigint>;
}

export interface ModelInit {
  now: bigint;
  /** Contract and role addresses. */
  addresses: {
    /** The owner of Pool and Staking: the deployer's key, or the timelock. */
    owner: Address;
    /** The devnet tokens' owner (the deployer), who mints the reserves' top-ups. */
    minter: Address;
    root: Address;
    treasury: Address;
    feeRecipient: Address;
    pool: Address;
    staking: Address;
  };
  balances: Record<Token, Map<Address, bigint>>;
  totalSupply: Record<Token, bigint>;
  /** `allowances[token]` maps "owner→spender" to the allowance. */
  allowances: Record<Token, Map<string, bigint>>;
  tiers: Tier[];
  pool: PoolSettings;
  staking: StakingSettings;
  /** The pool's deploy-time guarantee cap, percent of what a user paid. */
  maxGuaranteePercent: bigint;
}

interface State {
  now: bigint;
  balances: Record<Token, Map<Address, bigint>>;
  totalSupply: Record<Token, bigint>;
  allowances: Record<Token, Map<string, bigint>>;
  tiers: Tier[];
  pool: PoolSettings;
  members: Map<Address, Member>;
  accounts: Map<Address, Account>;
  accRewardPerHashrate: bigint;
  lastRewardTime: bigint;
  totalHashrate: bigint;
  /** The pool's `owedIncome`: emission, dynamic and guarantee credits less collects (saturating). */
  owedIncome: bigint;
  /** Each `creditGuarantee` call's time and total, and the first of them inside the period. */
  guaranteeCredits: { time: bigint; amount: bigint }[];
  guaranteePeriodStart: number;
  staking: StakingSettings;
  stakes: Stake[];
  credits: Credits;
}

/** What an operation did: success, or the custom error the contract reverts with. */
export type Outcome = { ok: true } | { ok: false; error: string; args: readonly unknown[] };

/** A revert inside the model; `tx` turns it into a failed `Outcome` and rolls the state back. */
class Revert extends Error {
  constructor(
    readonly errorName: string,
    readonly args: readonly unknown[],
  ) {
    super(errorName);
  }
}

/** The model left the domain it mirrors (an overflow the contracts would turn into a panic). */
class ModelDomainError extends Error {}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

const revert = (name: string, ...args: unknown[]): never => {
  throw new Revert(name, args);
};

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

export class Model {
  private s: State;
  readonly owner: Address;
  readonly minter: Address;
  readonly root: Address;
  readonly treasury: Address;
  readonly feeRecipient: Address;
  readonly pool: Address;
  readonly staking: Address;
  readonly maxGuaranteePercent: bigint;

  constructor(init: ModelInit) {
    this.maxGuaranteePercent = init.maxGuaranteePercent;
    const a = init.addresses;
    this.owner = getAddress(a.owner);
    this.minter = getAddress(a.minter);
    this.root = getAddress(a.root);
    this.treasury = getAddress(a.treasury);
    this.feeRecipient = getAddress(a.feeRecipient);
    this.pool = getAddress(a.pool);
    this.staking = getAddress(a.staking);
    this.s = structuredClone({
      now: init.now,
      balances: init.balances,
      totalSupply: init.totalSupply,
      allowances: init.allowances,
      tiers: init.tiers,
      pool: init.pool,
      members: new Map(),
      accounts: new Map(),
      accRewardPerHashrate: 0n,
      lastRewardTime: init.now,
      totalHashrate: 0n,
      owedIncome: 0n,
      guaranteeCredits: [],
      guaranteePeriodStart: 0,
      staking: init.staking,
      stakes: [],
      credits: { pool: new Map() },
    });
  }

  /** An independent copy (the starting point of each generated sequence). */
  clone(): Model {
    const copy = Object.create(Model.prototype) as Model;
    Object.assign(copy, this);
    copy.s = structuredClone(this.s);
    return copy;
  }

  // ------------------------------------------------------------------------------------------
  // Time
  // ------------------------------------------------------------------------------------------

  get now(): bigint {
    return this.s.now;
  }

  /** Moves the clock to the timestamp of the next block; it never goes back. */
  setTime(t: bigint): void {
    if (t < this.s.now) throw new ModelDomainError(`time goes back: ${t} < ${this.s.now}`);
    this.s.now = t;
  }

  // ------------------------------------------------------------------------------------------
  // Tokens
  // ------------------------------------------------------------------------------------------

  balanceOf(token: Token, who: Address): bigint {
    return this.s.balances[token].get(who) ?? 0n;
  }

  totalSupply(token: Token): bigint {
    return this.s.totalSupply[token];
  }

  /** Every address that ever held `token` in the model. */
  holders(token: Token): Address[] {
    return [...this.s.balances[token].keys()];
  }

  /** Owner-only devnet mint (top-ups of the reserves). */
  mint(caller: Address, token: Token, to: Address, amount: bigint): Outcome {
    return this.tx(() => {
      if (caller !== this.minter) revert("OwnableUnauthorizedAccount", caller);
      this.s.balances[token].set(to, this.balanceOf(token, to) + amount);
      this.s.totalSupply[token] += amount;
    });
  }

  /** OpenZeppelin ERC20 `_transfer`. */
  private transfer(token: Token, from: Address, to: Address, amount: bigint): void {
    const balance = this.balanceOf(token, from);
    if (balance < amount) revert("ERC20InsufficientBalance", from, balance, amount);
    this.s.balances[token].set(from, balance - amount);
    this.s.balances[token].set(to, this.balanceOf(token, to) + amount);
  }

  /** OpenZeppelin ERC20 `transferFrom`: the allowance first (an infinite one is not spent), then the balance. */
  private transferFrom(token: Token, spender: Address, from: Address, to: Address, amount: bigint): void {
    const key = `${from}→${spender}`;
    const allowance = this.s.allowances[token].get(key) ?? 0n;
    if (allowance !== maxUint256) {
      if (allowance < amount) revert("ERC20InsufficientAllowance", spender, allowance, amount);
      this.s.allowances[token].set(key, allowance - amount);
    }
    this.transfer(token, from, to, amount);
  }

  // ------------------------------------------------------------------------------------------
  // Pool: views
  // ------------------------------------------------------------------------------------------

  private member(user: Address): Member {
    let m = this.s.members.get(user);
    if (!m) {
      m = {
        inviter: zeroAddress,
        maxTier: 0n,
        nftCount: 0n,
        tierCounts: [0n, 0n, 0n, 0n, 0n],
        guaranteeCap: 0n,
        guaranteeDwn: 0n,
      };
      this.s.members.set(user, m);
    }
    return m;
  }

  private account(user: Address): Account {
    let a = this.s.accounts.get(user);
    if (!a) {
      a = { hashrate: 0n, staticProfit: 0n, rewardDebt: 0n, dynamicProfit: 0n };
      this.s.accounts.set(user, a);
    }
    return a;
  }

  private peekMember(user: Address): Member | undefined {
    return this.s.members.get(user);
  }

  private peekAccount(user: Address): Account | undefined {
    return this.s.accounts.get(user);
  }

  get poolSettings(): Readonly<PoolSettings> {
    return this.s.pool;
  }

  get stakingSettings(): Readonly<StakingSettings> {
    return this.s.staking;
  }

  get totalHashrate(): bigint {
    return this.s.totalHashrate;
  }

  inviterOf(user: Address): Address {
    return this.peekMember(user)?.inviter ?? zeroAddress;
  }

  validUser(user: Address): boolean {
    return user === this.root || this.inviterOf(user) !== zeroAddress;
  }

  userHashrate(user: Address): bigint {
    return this.peekAccount(user)?.hashrate ?? 0n;
  }

  userDynamicProfit(user: Address): bigint {
    return this.peekAccount(user)?.dynamicProfit ?? 0n;
  }

  userMaxNFTPosition(user: Address): bigint {
    return this.peekMember(user)?.maxTier ?? 0n;
  }

  userBuyNftCount(user: Address): bigint {
    return this.peekMember(user)?.nftCount ?? 0n;
  }

  /** Settled static income plus what the user's hashrate accrued since its last settlement. */
  userStaticProfit(user: Address): bigint {
    const a = this.peekAccount(user);
    if (!a) return 0n;
    const acc = this.s.accRewardPerHashrate + this.accruedSince(this.s.lastRewardTime);
    return a.staticProfit + (a.hashrate * acc) / ACC_SCALE - a.rewardDebt;
  }

  info(): Tier[] {
    return this.s.tiers.map((t) => ({ ...t }));
  }

  /** Cumulative DWN income the pool credited to `user`. */
  poolCredited(user: Address): bigint {
    return this.s.credits.pool.get(user) ?? 0n;
  }

  /** The quote of `buyView(tierId)` (the tier id must be valid). */
  buyQuote(tierId: bigint): { payusdt: bigint; paydwn8: bigint; hashrate: bigint; makeupHashrate: bigint } {
    const t = this.s.tiers[Number(tierId) - 1];
    const p = this.s.pool;
    const hashrate = (t.usdtprice * t.multiple) / RATE_SCALE;
    let count = 0n;
    if (this.s.now > p.openBuyTime) count = min((this.s.now - p.openBuyTime) / DAY, p.maxMakeupCount);
    const factor = powWad(p.makeupPercent * (WAD / RATE_SCALE), count);
    return { payusdt: t.usdtprice, paydwn8: t.dwn8price, hashrate, makeupHashrate: (hashrate * (factor - WAD)) / WAD };
  }

  // ------------------------------------------------------------------------------------------
  // Pool: static income accumulator
  // ------------------------------------------------------------------------------------------

  /** The accumulator increase since `last`: nothing while there is no hashrate. */
  private accruedSince(last: bigint): bigint {
    const total = this.s.totalHashrate;
    if (total === 0n || this.s.now <= last) return 0n;
    return ((this.s.now - last) * this.s.pool.staticRewardPerSecond * ACC_SCALE) / total;
  }

  private updateEmission(): bigint {
    if (this.s.now > this.s.lastRewardTime) {
      this.s.accRewardPerHashrate = checkUint(
        192,
        this.s.accRewardPerHashrate + this.accruedSince(this.s.lastRewardTime),
      );
      if (this.s.totalHashrate !== 0n) this.s.owedIncome += this.emittedSince(this.s.lastRewardTime);
      this.s.lastRewardTime = this.s.now;
    }
    return this.s.accRewardPerHashrate;
  }

  /** The DWN emitted since `last` (owed to users while there is hashrate). */
  private emittedSince(last: bigint): bigint {
    return this.s.now > last ? (this.s.now - last) * this.s.pool.staticRewardPerSecond : 0n;
  }

  private paidOut(amount: bigint): void {
    this.s.owedIncome = this.s.owedIncome > amount ? this.s.owedIncome - amount : 0n;
  }

  /** The pool's guarantee budget now: 10 % of the DWN reserve net of what it owes. */
  private guaranteeBudget(): bigint {
    const reserve = this.balanceOf("dwn", this.pool);
    let owed = this.s.owedIncome;
    if (this.s.totalHashrate !== 0n) owed += this.emittedSince(this.s.lastRewardTime);
    return reserve > owed ? ((reserve - owed) * MAX_GUARANTEE_RESERVE_SHARE) / RATE_SCALE : 0n;
  }

  private credit(user: Address, amount: bigint): void {
    this.s.credits.pool.set(user, this.poolCredited(user) + amount);
  }

  /** Moves the user's accrued static income into its balance and pays the generations above it. */
  private settle(user: Address, acc: bigint): void {
    const a = this.account(user);
    if (a.hashrate === 0n) return;
    const accrued = (a.hashrate * acc) / ACC_SCALE;
    const pending = accrued - a.rewardDebt;
    if (pending === 0n) return;
    a.rewardDebt = accrued;
    a.staticProfit = checkUint128(a.staticProfit + pending);
    this.credit(user, pending);

    const rates = this.s.pool.generationRates;
    let ancestor = this.inviterOf(user);
    for (let g = 1; g <= rates.length && ancestor !== zeroAddress; g++) {
      const m = this.member(ancestor);
      // Generation g reaches ancestors whose highest tier is at least ceil(g / 2).
      if (m.maxTier >= BigInt(Math.ceil(g / 2))) {
        const amount = (pending * rates[g - 1]) / RATE_SCALE;
        if (amount > 0n) this.creditDynamic(ancestor, amount);
      }
      ancestor = m.inviter;
    }
  }

  private creditDynamic(user: Address, amount: bigint): void {
    const a = this.account(user);
    a.dynamicProfit += amount;
    this.s.owedIncome += amount;
    this.credit(user, amount);
  }

  private checkPoolReserve(amount: bigint): void {
    const available = this.balanceOf("dwn", this.pool);
    if (available < amount) revert("InsufficientReserve", amount, available);
  }

  // ------------------------------------------------------------------------------------------
  // Pool: user operations
  // ------------------------------------------------------------------------------------------

  setInviter(caller: Address, inviter: Address): Outcome {
    return this.tx(() => {
      if (caller === this.root) revert("PoolRootCannotBind", this.root);
      const current = this.inviterOf(caller);
      if (current !== zeroAddress) revert("PoolAlreadyBound", caller, current);
      if (inviter === caller) revert("PoolSelfInvite", caller);
      if (!this.validUser(inviter)) revert("PoolInvalidInviter", inviter);
      this.member(caller).inviter = inviter;
    });
  }

  /** `buy(tierId)`, or with `bound` the quote-bound `buy(tierId, maxUsdt, maxDwn8, minHashrate)`. */
  buy(caller: Address, tierId: bigint, bound?: { maxUsdt: bigint; maxDwn8: bigint; minHashrate: bigint }): Outcome {
    return this.tx(() => {
      const p = this.s.pool;
      if (p.paused) revert("EnforcedPause");
      if (this.s.now < p.openBuyTime) revert("PoolBuyingNotOpen", p.openBuyTime, this.s.now);
      checkTier(tierId);
      const q = this.buyQuote(tierId);
      const added = q.hashrate + q.makeupHashrate;
      if (bound && (q.payusdt > bound.maxUsdt || q.paydwn8 > bound.maxDwn8 || added < bound.minHashrate)) {
        revert("PoolQuoteMoved", tierId, q.payusdt, q.paydwn8, added);
      }

      // The purchase record: bound, stock, per-address limit.
      const m = this.member(caller);
      if (m.inviter === zeroAddress && caller !== this.root) revert("PoolUserNotBound", caller);
      const t = this.s.tiers[Number(tierId) - 1];
      if (t.sold >= t.supply) revert("PoolTierSoldOut", tierId);
      const i = Number(tierId) - 1;
      if (m.tierCounts[i] >= t.limit) revert("PoolTierLimitReached", tierId, t.limit);
      t.sold += 1n;
      m.tierCounts[i] += 1n;
      m.nftCount += 1n;
      if (tierId > m.maxTier) m.maxTier = tierId;
      m.guaranteeCap = min(
        m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent) / (100n * p.dwnPriceUsdt),
        MAX_UINT32,
      );

      // Hashrate: settle at the old hashrate, then add the new one.
      const acc = this.updateEmission();
      this.settle(caller, acc);
      const a = this.account(caller);
      a.hashrate = checkUint128(a.hashrate + q.hashrate + q.makeupHashrate);
      a.rewardDebt = (a.hashrate * acc) / ACC_SCALE;
      this.s.totalHashrate += q.hashrate + q.makeupHashrate;

      // Direct push to an inviter that owns an NFT, converted to DWN at the owner-set price.
      const inviter = m.inviter;
      if (inviter !== zeroAddress && p.directPushRate !== 0n && this.userBuyNftCount(inviter) !== 0n) {
        const amount = (q.payusdt * p.directPushRate * WAD) / (RATE_SCALE * p.dwnPriceUsdt);
        if (amount > 0n) this.creditDynamic(inviter, amount);
      }

      this.transferFrom("usdt", this.pool, caller, this.treasury, q.payusdt);
      this.transferFrom("dwn9", this.pool, caller, this.treasury, q.paydwn8);
    });
  }

  collectStaticProfit(caller: Address): Outcome {
    return this.tx(() => {
      const acc = this.updateEmission();
      this.settle(caller, acc);
      const a = this.account(caller);
      const amount = a.staticProfit;
      if (amount === 0n) revert("NoStaticIncome", caller);
      this.checkPoolReserve(amount);
      a.staticProfit = 0n;
      this.paidOut(amount);
      this.transfer("dwn", this.pool, caller, amount);
    });
  }

  collectDynamicProfit(caller: Address): Outcome {
    return this.tx(() => {
      const a = this.account(caller);
      const amount = a.dynamicProfit;
      if (amount === 0n) revert("NoDynamicIncome", caller);
      this.checkPoolReserve(amount);
      a.dynamicProfit = 0n;
      this.paidOut(amount);
      this.transfer("dwn", this.pool, caller, amount);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Pool: owner operations
  // ------------------------------------------------------------------------------------------

  setTier(
    caller: Address,
    tierId: bigint,
    supply: bigint,
    usdtprice: bigint,
    dwn8price: bigint,
    multiple: bigint,
    limit: bigint,
  ): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      checkTier(tierId);
      const t = this.s.tiers[Number(tierId) - 1];
      if (supply < t.sold) revert("PoolSupplyBelowSold", tierId, supply, t.sold);
      poolRange(supply, 0n, TOKEN_ID_TIER_BASE - 1n);
      poolRange(usdtprice, supply > t.sold ? MIN_USDT_PRICE : 0n, MAX_PRICE);
      poolRange(dwn8price, 0n, MAX_PRICE);
      poolRange(multiple, 1n, MAX_MULTIPLE);
      poolRange(limit, 0n, MAX_LIMIT);
      Object.assign(t, { supply, usdtprice, dwn8price, multiple, limit });
    });
  }

  setStaticRewardPerSecond(caller: Address, rate: bigint): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      poolRange(rate, 0n, MAX_STATIC_REWARD_PER_SECOND);
      this.updateEmission();
      this.s.pool.staticRewardPerSecond = rate;
    });
  }

  setDirectPushRate(caller: Address, rate: bigint): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      poolRange(rate, 0n, MAX_DIRECT_PUSH_RATE);
      this.s.pool.directPushRate = rate;
    });
  }

  setDynamicRates(caller: Address, rates: bigint[]): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      if (rates.length > MAX_GENERATIONS) {
        revert("PoolTooManyGenerations", BigInt(rates.length), BigInt(MAX_GENERATIONS));
      }
      let sum = 0n;
      for (const rate of rates) {
        poolRange(rate, 0n, MAX_GENERATION_RATE);
        sum += rate;
      }
      poolRange(sum, 0n, MAX_GENERATION_RATE_SUM);
      this.s.pool.generationRates = [...rates];
    });
  }

  setDwnPrice(caller: Address, price: bigint): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      poolRange(price, MIN_DWN_PRICE, MAX_PRICE);
      const current = this.s.pool.dwnPriceUsdt;
      if (price > current * MAX_DWN_PRICE_STEP || price * MAX_DWN_PRICE_STEP < current) {
        revert("PoolPriceStepTooLarge", price, current / MAX_DWN_PRICE_STEP, current * MAX_DWN_PRICE_STEP);
      }
      this.s.pool.dwnPriceUsdt = price;
    });
  }

  setOpenBuyTime(caller: Address, time: bigint): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      if (this.s.totalHashrate !== 0n) revert("PoolOpenBuyTimeFixed");
      poolRange(time, this.s.pool.openBuyTime, MAX_UINT64);
      const latest = this.s.now + MAX_OPEN_BUY_DELAY;
      if (time > latest) revert("PoolOpenBuyTimeTooLate", time, latest);
      this.s.pool.openBuyTime = time;
    });
  }

  setMakeup(caller: Address, makeupPercent: bigint, maxMakeupCount: bigint): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      poolRange(makeupPercent, MIN_MAKEUP_PERCENT, MAX_MAKEUP_PERCENT);
      poolRange(maxMakeupCount, 0n, MAX_MAKEUP_COUNT);
      const factor = powWad(makeupPercent * (WAD / RATE_SCALE), maxMakeupCount);
      if (factor > MAX_MAKEUP_FACTOR) revert("PoolMakeupTooLarge", factor, MAX_MAKEUP_FACTOR);
      this.s.pool.makeupPercent = makeupPercent;
      this.s.pool.maxMakeupCount = maxMakeupCount;
    });
  }

  setOpenCapitalPool(caller: Address, open: boolean): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      this.s.pool.openCapitalPool = open;
    });
  }

  creditGuarantee(caller: Address, users: Address[], amounts: bigint[]): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      if (!this.s.pool.openCapitalPool) revert("PoolCapitalPoolClosed");
      if (users.length !== amounts.length) revert("PoolLengthMismatch", BigInt(users.length), BigInt(amounts.length));
      poolRange(BigInt(users.length), 1n, MAX_GUARANTEE_BATCH);
      const budget = this.guaranteeBudget();
      let total = 0n;
      users.forEach((user, i) => {
        const m = this.member(user);
        if (m.nftCount === 0n) revert("PoolNoNft", user);
        const room = m.guaranteeCap * WAD - m.guaranteeDwn;
        if (amounts[i] > room) revert("PoolGuaranteeCapExceeded", user, amounts[i], room);
        m.guaranteeDwn += amounts[i];
        total += amounts[i];
        const a = this.account(user);
        a.staticProfit = checkUint128(a.staticProfit + amounts[i]);
        this.credit(user, amounts[i]);
      });
      // The credits of the last GUARANTEE_PERIOD, this call's included.
      const list = this.s.guaranteeCredits;
      let start = this.s.guaranteePeriodStart;
      while (start < list.length && list[start].time + GUARANTEE_PERIOD <= this.s.now) start++;
      const credited = list.slice(start).reduce((sum, c) => sum + c.amount, total);
      if (credited > budget) revert("PoolGuaranteeBudgetExceeded", credited, budget);
      this.s.guaranteePeriodStart = start;
      list.push({ time: this.s.now, amount: total });
      this.s.owedIncome += total;
    });
  }

  setPoolPaused(caller: Address, paused: boolean): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      this.s.pool.paused = setPaused(this.s.pool.paused, paused);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Staking: views
  // ------------------------------------------------------------------------------------------

  get stakeCount(): number {
    return this.s.stakes.length;
  }

  stake(id: bigint): Readonly<Stake> | undefined {
    return id >= 1n && id <= BigInt(this.s.stakes.length) ? this.s.stakes[Number(id) - 1] : undefined;
  }

  /** The cycle index at `time` and the seconds since that cycle started. */
  static position(st: Stake, time: bigint): { cycle: bigint; offset: bigint } {
    const period = Model.period(st);
    const elapsed = time - st.startTime;
    return { cycle: elapsed / period, offset: elapsed % period };
  }

  /** Cycle + redeem window + renewal delay. */
  static period(st: Stake): bigint {
    return st.cycleDays * DAY + st.gracePeriod + RENEWAL_DELAY;
  }

  /** Seconds of cycle time between the stake's start and `time`. */
  static activeSeconds(st: Stake, time: bigint): bigint {
    const { cycle, offset } = Model.position(st, time);
    const duration = st.cycleDays * DAY;
    return cycle * duration + min(offset, duration);
  }

  /** UDBK the stake earned between its last collect and now (or its redeem). */
  pendingRewards(id: bigint): bigint {
    const st = this.stake(id);
    if (!st) return 0n;
    const until = st.redeemedAt !== 0n ? st.redeemedAt : this.s.now;
    if (st.lastCollectTime >= until) return 0n;
    const active = Model.activeSeconds(st, until) - Model.activeSeconds(st, st.lastCollectTime);
    return st.units * st.rewardPerUnitPerSecond * active;
  }

  /** UDBK the stake earned since it started (collected or not). */
  accruedRewards(id: bigint): bigint {
    const st = this.stake(id);
    if (!st) return 0n;
    const until = st.redeemedAt !== 0n ? st.redeemedAt : this.s.now;
    return st.units * st.rewardPerUnitPerSecond * Model.activeSeconds(st, until);
  }

  canRedeem(id: bigint): boolean {
    const st = this.stake(id);
    if (!st || st.redeemedAt !== 0n) return false;
    return Model.inWindow(st, this.s.now);
  }

  static inWindow(st: Stake, time: bigint): boolean {
    const { offset } = Model.position(st, time);
    const duration = st.cycleDays * DAY;
    return offset >= duration && offset < duration + st.gracePeriod;
  }

  /** 0 in progress, 1 waiting for renewal, 2 redeemed (the id must exist). */
  statusOf(id: bigint): bigint {
    const st = this.stake(id);
    if (!st) throw new ModelDomainError(`statusOf(${id}) of an unknown stake`);
    if (st.redeemedAt !== 0n) return 2n;
    return Model.position(st, this.s.now).offset < st.cycleDays * DAY ? 0n : 1n;
  }

  // ------------------------------------------------------------------------------------------
  // Staking: user operations
  // ------------------------------------------------------------------------------------------

  /** `stake(units)`, or with `bound` the quote-bound `stake(units, maxDwn, maxA8, cycleDays, minRate, maxUnstakeFeeRate, maxCollectFeeRate, minGracePeriod)`. */
  stakeUnits(
    caller: Address,
    units: bigint,
    bound?: {
      maxDwn: bigint;
      maxA8: bigint;
      cycleDays: bigint;
      minRate: bigint;
      maxUnstakeFeeRate: bigint;
      maxCollectFeeRate: bigint;
      minGracePeriod: bigint;
    },
  ): Outcome {
    return this.tx(() => {
      const k = this.s.staking;
      if (k.paused) revert("EnforcedPause");
      if (k.dwnAmount === 0n) revert("StakingNotConfigured");
      if (units === 0n || units > MAX_UNITS) revert("StakingInvalidUnits", units, MAX_UNITS);
      if (
        bound &&
        (units * k.dwnAmount > bound.maxDwn ||
          units * k.a8Amount > bound.maxA8 ||
          bound.cycleDays !== k.cycleDays ||
          k.rewardPerUnitPerSecond < bound.minRate ||
          k.unstakeFeeRate > bound.maxUnstakeFeeRate ||
          k.collectFeeRate > bound.maxCollectFeeRate ||
          k.gracePeriod < bound.minGracePeriod)
      ) {
        revert(
          "StakingTermsMoved",
          units * k.dwnAmount,
          units * k.a8Amount,
          k.cycleDays,
          k.rewardPerUnitPerSecond,
          k.unstakeFeeRate,
          k.collectFeeRate,
          k.gracePeriod,
        );
      }
      const dwnTotal = units * k.dwnAmount;
      const a8Total = units * k.a8Amount;
      this.transferFrom("dwn", this.staking, caller, this.staking, dwnTotal);
      this.transferFrom("a8", this.staking, caller, this.feeRecipient, a8Total);
      checkUint(96, dwnTotal);
      this.s.stakes.push({
        id: BigInt(this.s.stakes.length + 1),
        user: caller,
        startTime: this.s.now,
        lastCollectTime: this.s.now,
        redeemedAt: 0n,
        principal: dwnTotal,
        units,
        rewardPerUnitPerSecond: k.rewardPerUnitPerSecond,
        cycleDays: k.cycleDays,
        gracePeriod: k.gracePeriod,
        unstakeFeeRate: k.unstakeFeeRate,
        collectFeeRate: k.collectFeeRate,
      });
    });
  }

  private requireStakeOwner(caller: Address, id: bigint): Stake {
    const st = this.stake(id);
    if (!st) return revert("StakingUnknownStake", id);
    if (st.user !== caller) revert("StakingNotStakeOwner", id, caller);
    return this.s.stakes[Number(id) - 1];
  }

  collect(caller: Address, id: bigint): Outcome {
    return this.tx(() => {
      const st = this.requireStakeOwner(caller, id);
      const amount = this.pendingRewards(id);
      if (amount === 0n) revert("StakingNothingToCollect", id);
      const available = this.balanceOf("udbk", this.staking);
      if (available < amount) revert("InsufficientReserve", amount, available);
      const fee = (amount * st.collectFeeRate) / RATE_SCALE;
      st.lastCollectTime = this.s.now;
      this.transfer("udbk", this.staking, caller, amount - fee);
      if (fee > 0n) this.transfer("udbk", this.staking, this.feeRecipient, fee);
    });
  }

  redeem(caller: Address, id: bigint): Outcome {
    return this.tx(() => {
      const st = this.requireStakeOwner(caller, id);
      if (st.redeemedAt !== 0n) revert("StakingAlreadyRedeemed", id);
      const { cycle, offset } = Model.position(st, this.s.now);
      const duration = st.cycleDays * DAY;
      if (offset < duration || offset >= duration + st.gracePeriod) {
        // The next window: this cycle's if it has not opened yet, otherwise the next cycle's.
        const next = offset < duration ? cycle : cycle + 1n;
        const opensAt = st.startTime + next * Model.period(st) + duration;
        revert("StakingRedeemWindowClosed", id, opensAt, opensAt + st.gracePeriod);
      }
      const fee = (st.principal * st.unstakeFeeRate) / RATE_SCALE;
      st.redeemedAt = this.s.now;
      this.transfer("dwn", this.staking, caller, st.principal - fee);
      if (fee > 0n) this.transfer("dwn", this.staking, this.feeRecipient, fee);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Staking: owner operations
  // ------------------------------------------------------------------------------------------

  setStakeTerms(
    caller: Address,
    dwnAmount: bigint,
    a8Amount: bigint,
    cycleDays: bigint,
    gracePeriod: bigint,
    rewardPerUnitPerSecond: bigint,
  ): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      stakingRange(dwnAmount, 1n, MAX_UINT96);
      stakingRange(a8Amount, 0n, MAX_UINT96);
      stakingRange(cycleDays, 1n, MAX_CYCLE_DAYS);
      stakingRange(gracePeriod, MIN_GRACE_PERIOD, MAX_GRACE_PERIOD);
      stakingRange(rewardPerUnitPerSecond, 0n, MAX_REWARD_PER_UNIT_PER_SECOND);
      Object.assign(this.s.staking, { dwnAmount, a8Amount, cycleDays, gracePeriod, rewardPerUnitPerSecond });
    });
  }

  setFeeRates(caller: Address, unstakeFeeRate: bigint, collectFeeRate: bigint): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      stakingRange(unstakeFeeRate, 0n, MAX_FEE_RATE);
      stakingRange(collectFeeRate, 0n, MAX_FEE_RATE);
      this.s.staking.unstakeFeeRate = unstakeFeeRate;
      this.s.staking.collectFeeRate = collectFeeRate;
    });
  }

  setStakingPaused(caller: Address, paused: boolean): Outcome {
    return this.tx(() => {
      this.onlyOwner(caller);
      this.s.staking.paused = setPaused(this.s.staking.paused, paused);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Internals
  // ------------------------------------------------------------------------------------------

  private onlyOwner(caller: Address): void {
    if (caller !== this.owner) revert("OwnableUnauthorizedAccount", caller);
  }

  /** Runs `body` atomically: on a revert the state is exactly what it was before (but the clock stays). */
  private tx(body: () => void): Outcome {
    const saved = structuredClone(this.s);
    try {
      body();
      return { ok: true };
    } catch (e) {
      if (!(e instanceof Revert)) throw e;
      saved.now = this.s.now;
      this.s = saved;
      return { ok: false, error: e.errorName, args: e.args };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

/** `x ^ n` for an 18-decimal `x`, by squaring and rounding down at each step (as `Pool._pow`). */
export function powWad(x: bigint, n: bigint): bigint {
  let z = WAD;
  while (n > 0n) {
    if ((n & 1n) === 1n) z = (z * x) / WAD;
    n >>= 1n;
    if (n > 0n) x = (x * x) / WAD;
  }
  return z;
}

function checkTier(tierId: bigint): void {
  if (tierId === 0n || tierId > TIER_COUNT) revert("PoolInvalidTier", tierId);
}

function poolRange(value: bigint, lo: bigint, hi: bigint): void {
  if (value < lo || value > hi) revert("PoolValueOutOfRange", value, lo, hi);
}

function stakingRange(value: bigint, lo: bigint, hi: bigint): void {
  if (value < lo || value > hi) revert("StakingValueOutOfRange", value, lo, hi);
}

/** OpenZeppelin Pausable: pausing a paused contract or unpausing a running one reverts. */
function setPaused(current: boolean, wanted: boolean): boolean {
  if (wanted && current) revert("EnforcedPause");
  if (!wanted && !current) revert("ExpectedPause");
  return wanted;
}

/** OpenZeppelin SafeCast: a value that does not fit `bits` bits reverts. */
function checkUint(bits: number, value: bigint): bigint {
  if (value >= 2n ** BigInt(bits)) revert("SafeCastOverflowedUintDowncast", bits, value);
  return value;
}

function checkUint128(value: bigint): bigint {
  return checkUint(128, value);
}
