/**
 * The operations a generated sequence is made of, and their fast-check arbitraries. An operation
 * names actors and stakes by index; `resolve` in the test turns it into a concrete call against
 * the model's state before the step (which the chain shares), so both sides see the same call.
 * Where a timelock owns the contracts, an owner call is mostly a proposal through it, which
 * `resolveAll` turns into several steps.
 */
import fc from "fast-check";
import { MAX_PRICE, MAX_UINT96, MIN_DWN_PRICE, MIN_USDT_PRICE, WAD, DAY, HOUR } from "./model";

/**
 * The users of the test (14 of Hardhat's accounts): root is the referral root; `DEEP_CHAIN` is
 * bound at setup as a line of 11 generations below it (deeper than the 10 the income reaches);
 * the last two start unbound, and bind where the sequence says.
 */
export const ACTORS = [
  "root",
  "alice",
  "bob",
  "carol",
  "dave",
  "erin",
  "u9",
  "u10",
  "u11",
  "u12",
  "u13",
  "u14",
  "u15",
  "u16",
] as const;
export type ActorName = (typeof ACTORS)[number];

/** The Hardhat account index of each actor (the devnet roles keep theirs). */
export function accountIndex(name: ActorName): number {
  const roles: Partial<Record<ActorName, number>> = { root: 1, alice: 4, bob: 5, carol: 6, dave: 7, erin: 8 };
  return roles[name] ?? Number(name.slice(1));
}

/** Bound at setup, each under the previous one (alice under root): a tree 11 generations deep. */
export const DEEP_CHAIN: readonly ActorName[] = ACTORS.slice(1, 12);

/**
 * Index −1 is the deployer's key: the owner, or, where a timelock owns the contracts, a key that
 * owns nothing any more. Owner operations are sometimes sent by an actor instead.
 */
export const OWNER = -1;

/** A stake picked by index among the stakes made so far, or (rarely) an id that does not exist. */
export interface StakePick {
  index: number;
  unknown: boolean;
}

export type SupplyMode = "sold" | "soldPlus1" | "soldMinus1" | "keep" | "tooBig";
export type PriceChoice = "keep" | bigint;
/** When a stake call is sent: `dt` seconds after the last block, or at a redeem-window boundary. */
export type Timing = "dt" | "windowOpen" | "windowLastSecond" | "windowClosed";
export type JumpPoint = "cycleEnd" | "windowEnd" | "nextCycle";
/**
 * Which entry point a buy or stake uses: the spec's (`none`), or the quote-bound one with the
 * terms as quoted before the step (`exact`) or one term tightened by one unit past them (`moved`).
 */
export type Quote = "none" | "exact" | "moved";

export type Op =
  | { kind: "setInviter"; user: number; inviter: number; steer: boolean; dt: number }
  | {
      kind: "buy";
      user: number;
      tier: bigint;
      steer: boolean;
      dt: number;
      quote: Quote;
      /** Steered to a member whose USDT and DWN9 pay for the tier (an episode's buy). */
      afford?: boolean;
    }
  | { kind: "collectStatic"; user: number; steer: boolean; dt: number }
  | { kind: "collectDynamic"; user: number; steer: boolean; dt: number }
  | { kind: "stake"; user: number; units: bigint; dt: number; quote: Quote }
  | { kind: "collect"; user: number; asOwner: boolean; stake: StakePick; timing: Timing; dt: number }
  | { kind: "redeem"; user: number; asOwner: boolean; stake: StakePick; timing: Timing; dt: number }
  | { kind: "wait"; seconds: number }
  | { kind: "jump"; stake: number; point: JumpPoint; delta: number; skip: number }
  | { kind: "topUp"; token: "dwn" | "udbk"; amount: bigint; dt: number }
  | OwnerOp
  | { kind: "propose"; call: OwnerOp; fate: Fate; executor: number; offset: number }
  | { kind: "executeQueued"; pick: number; executor: number; dt: number };

/** A call only the owner of Pool or Staking may make; `caller` says who sends it directly. */
export type OwnerOp =
  | {
      kind: "setTier";
      caller: number;
      tier: bigint;
      supply: SupplyMode;
      usdtprice: PriceChoice;
      dwn8price: PriceChoice;
      multiple: bigint;
      limit: bigint;
      dt: number;
    }
  | { kind: "setStaticRewardPerSecond"; caller: number; rate: bigint; dt: number }
  | { kind: "setDynamicRates"; caller: number; rates: bigint[]; dt: number }
  | { kind: "setDirectPushRate"; caller: number; rate: bigint; dt: number }
  | { kind: "setDwnPrice"; caller: number; price: PriceStep; dt: number }
  | { kind: "setMakeup"; caller: number; percent: bigint; count: bigint; dt: number }
  | { kind: "setOpenBuyTime"; caller: number; relative: bigint | "zero"; dt: number }
  | { kind: "setOpenCapitalPool"; caller: number; open: boolean; dt: number }
  | {
      kind: "creditGuarantee";
      caller: number;
      users: number[];
      amounts: bigint[];
      edge: GuaranteeEdge;
      /** Sent at the oldest credit's 30-day mark: −1 a second before, 0 at it; null after `dt`. */
      expiry: -1 | 0 | null;
      dt: number;
      /** Steered to the holder who bought last (an episode's credit), not picked by `users[0]`. */
      last?: boolean;
    }
  | { kind: "setFeeRates"; caller: number; unstake: bigint; collect: bigint; dt: number }
  | {
      kind: "setStakeTerms";
      caller: number;
      dwnAmount: bigint;
      a8Amount: bigint;
      cycleDays: bigint;
      gracePeriod: bigint;
      rate: bigint;
      dt: number;
    }
  | { kind: "pause"; caller: number; target: "pool" | "staking"; paused: boolean; dt: number };

/**
 * A guarantee as drawn (`none`), or steered to one NFT holder (`users[0]` picks among them) for
 * the room left under its cap or, if less, the call's share of the reserve (`fill`), one wei more
 * than the room (`over`), or one wei more than the share (`share`).
 */
export type GuaranteeEdge = "none" | "fill" | "over" | "budget";
/**
 * A new DWN price: mostly a step of `num / den` from the current one (rounded up, so a halving
 * stays within the 2× bound) plus `plus` wei, which passes the bound now and then; or an absolute
 * figure at or beyond the range's ends.
 */
export type PriceStep = { num: bigint; den: bigint; plus: bigint } | { absolute: bigint };

/**
 * Where the owner is a timelock, what becomes of a proposed call after the multisig schedules it:
 * executed by anyone `offset` seconds after it is ready (`execute`); left in the queue for a
 * later `executeQueued`, or for ever (`queue`); cancelled by the multisig `offset` + 1 seconds
 * later, then executed in vain once the delay is over (`cancel`); executed in vain `offset` + 1
 * seconds before it is ready, and left in the queue (`early`).
 */
export type Fate = "execute" | "queue" | "cancel" | "early";

/** Who owns Pool and Staking in a sequence: the deployer's key, or a timelock (as in production). */
export type Ownership = "key" | "timelock";

/** The Hardhat account of the multisig that proposes and cancels where a timelock owns the contracts. */
export const MULTISIG_ACCOUNT = 17;

const token = (n: bigint) => n * WAD;

/** Mostly one of `valid`, sometimes one of `invalid` (out of range: the contract must refuse it). */
function mostly<T>(valid: readonly T[], invalid: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constantFrom(...invalid) },
  );
}

const actor = fc.integer({ min: 0, max: ACTORS.length - 1 });
/** Seconds between the previous block and the transaction's block. */
const dt = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 1, arbitrary: fc.integer({ min: 61, max: 6 * 3600 }) },
);
const caller = fc.oneof({ weight: 12, arbitrary: fc.constant(OWNER) }, { weight: 1, arbitrary: actor });
const stakePick = fc.record({
  index: fc.nat({ max: 15 }),
  unknown: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
const asOwner = fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const timing = fc.constantFrom<Timing>("dt", "dt", "dt", "windowOpen", "windowLastSecond", "windowClosed");
/**
 * Prices over the whole allowed range, bounds included (one not a whole number of USDT, so that
 * hashrate and the whole-USDT guarantee cap round); 0 is allowed only for a tier that cannot be sold.
 */
const price = mostly<PriceChoice>(
  ["keep", "keep", 0n, MIN_USDT_PRICE, token(250n), token(250n) + 7n, MAX_PRICE],
  [MIN_USDT_PRICE - 1n, MAX_PRICE + 1n],
);
const quote = fc.constantFrom<Quote>("none", "none", "exact", "exact", "moved");

/**
 * Steered operations pick their actors among those for whom the call can succeed (an unbound
 * user binding to a bound one, a bound user buying, an earner collecting); unsteered ones pick
 * anyone, so the refusals are exercised too.
 */
const steer = fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

const user = {
  setInviter: fc.record({ kind: fc.constant("setInviter" as const), user: actor, inviter: actor, steer, dt }),
  buy: fc.record({
    kind: fc.constant("buy" as const),
    user: actor,
    tier: mostly([1n, 2n, 3n, 4n, 5n], [0n, 6n]),
    steer,
    dt,
    quote,
  }),
  collectStatic: fc.record({ kind: fc.constant("collectStatic" as const), user: actor, steer, dt }),
  collectDynamic: fc.record({ kind: fc.constant("collectDynamic" as const), user: actor, steer, dt }),
  stake: fc.record({
    kind: fc.constant("stake" as const),
    user: actor,
    units: mostly([1n, 2n, 3n], [0n, 1_000_001n]),
    dt,
    quote,
  }),
  collect: fc.record({ kind: fc.constant("collect" as const), user: actor, asOwner, stake: stakePick, timing, dt }),
  redeem: fc.record({ kind: fc.constant("redeem" as const), user: actor, asOwner, stake: stakePick, timing, dt }),
};

const timeOps = {
  wait: fc.record({
    kind: fc.constant("wait" as const),
    seconds: fc.oneof(
      fc.integer({ min: 1, max: 120 }),
      fc.integer({ min: 1, max: 48 }).map((h) => h * 3600),
      fc.integer({ min: 1, max: 40 }).map((d) => d * 86_400),
    ),
  }),
  jump: fc.record({
    kind: fc.constant("jump" as const),
    stake: fc.nat({ max: 15 }),
    point: fc.constantFrom<JumpPoint>("cycleEnd", "windowEnd", "nextCycle"),
    delta: fc.constantFrom(-1, 0, 1),
    skip: fc.constantFrom(0, 0, 0, 1),
  }),
  topUp: fc.record({
    kind: fc.constant("topUp" as const),
    token: fc.constantFrom<"dwn" | "udbk">("dwn", "udbk"),
    amount: fc.constantFrom(1n, token(5n), token(50n), token(1_000n), token(100_000n)),
    dt,
  }),
};

const owner = {
  setTier: fc.record({
    kind: fc.constant("setTier" as const),
    caller,
    tier: mostly([1n, 2n, 3n, 4n, 5n], [0n, 6n]),
    supply: mostly<SupplyMode>(["sold", "soldPlus1", "keep", "keep"], ["soldMinus1", "tooBig"]),
    usdtprice: price,
    dwn8price: price,
    multiple: mostly([10_000n, 15_000n, 100_000n], [0n, 100_001n]),
    limit: mostly([0n, 1n, 3n, 10n, 255n], [256n]),
    dt,
  }),
  setStaticRewardPerSecond: fc.record({
    kind: fc.constant("setStaticRewardPerSecond" as const),
    caller,
    rate: mostly([0n, WAD / 100n, WAD, 1_000n * WAD], [1_000n * WAD + 1n]),
    dt,
  }),
  setDynamicRates: fc.record({
    kind: fc.constant("setDynamicRates" as const),
    caller,
    rates: fc.oneof<fc.Arbitrary<bigint[]>[]>(
      fc.constant<bigint[]>([1000n, 800n, 600n, 500n, 400n, 300n, 200n, 200n, 100n, 100n]),
      fc.array(fc.constantFrom<bigint>(0n, 1n, 250n, 500n, 1_000n, 2_000n), { maxLength: 10 }),
      fc.array(mostly<bigint>([0n, 100n, 2_000n], [2_001n]), { minLength: 1, maxLength: 11 }),
    ),
    dt,
  }),
  setDirectPushRate: fc.record({
    kind: fc.constant("setDirectPushRate" as const),
    caller,
    rate: mostly([0n, 1n, 1_000n, 3_000n], [3_001n]),
    dt,
  }),
  setDwnPrice: fc.record({
    kind: fc.constant("setDwnPrice" as const),
    caller,
    price: fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .constantFrom<[bigint, bigint]>([1n, 2n], [2n, 3n], [1n, 1n], [3n, 2n], [2n, 1n])
          .map(([num, den]): PriceStep => ({ num, den, plus: 0n })),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom<PriceStep>({ num: 2n, den: 1n, plus: 1n }, { num: 1n, den: 2n, plus: -1n }),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(0n, MIN_DWN_PRICE - 1n, MIN_DWN_PRICE, WAD, MAX_PRICE, MAX_PRICE + 1n)
          .map((absolute): PriceStep => ({ absolute })),
      },
    ),
    dt,
  }),
  setMakeup: fc.record({
    kind: fc.constant("setMakeup" as const),
    caller,
    // Pairs whose total factor is over 3 (1.1^12, 1.01^365) are refused with PoolMakeupTooLarge.
    percent: mostly([10_000n, 10_030n, 10_100n, 11_000n], [9_999n, 11_001n]),
    count: mostly([0n, 3n, 11n, 12n, 30n, 365n], [366n]),
    dt,
  }),
  setOpenBuyTime: fc.record({
    kind: fc.constant("setOpenBuyTime" as const),
    caller,
    relative: fc.constantFrom<bigint | "zero">(0n, -3n * DAY, -40n * DAY, HOUR, DAY + 1n, "zero"),
    dt,
  }),
  setOpenCapitalPool: fc.record({ kind: fc.constant("setOpenCapitalPool" as const), caller, open: fc.boolean(), dt }),
  creditGuarantee: fc
    .record({
      kind: fc.constant("creditGuarantee" as const),
      caller,
      // −1 stands for the zero address.
      users: fc.array(mostly([0, 1, 2, 3, 4, 8, 11, 13], [-1]), { maxLength: 3 }),
      amounts: fc.array(fc.constantFrom(0n, 1n, token(10n), token(1_000n)), { maxLength: 3 }),
      edge: fc.constantFrom<GuaranteeEdge>("none", "fill", "fill", "fill", "over", "budget", "budget"),
      expiry: fc.constantFrom<-1 | 0 | null>(null, null, null, null, -1, 0),
      dt,
    })
    .map((op) => (op.users.length > 0 && op.amounts.length > 0 ? { ...op, amounts: fit(op.amounts, op.users) } : op)),
  setFeeRates: fc.record({
    kind: fc.constant("setFeeRates" as const),
    caller,
    unstake: mostly([0n, 500n, 2_000n], [2_001n]),
    collect: mostly([0n, 300n, 2_000n], [2_001n]),
    dt,
  }),
  setStakeTerms: fc.record({
    kind: fc.constant("setStakeTerms" as const),
    caller,
    dwnAmount: mostly([1n, token(10n), token(100n)], [0n, MAX_UINT96 + 1n]),
    a8Amount: mostly([0n, token(50n)], [MAX_UINT96 + 1n]),
    cycleDays: mostly([1n, 2n, 30n], [0n, 3_651n]),
    gracePeriod: mostly([HOUR, 2n * HOUR, DAY, 30n * DAY], [HOUR - 1n, 30n * DAY + 1n]),
    rate: mostly([0n, WAD / 86_400n, 10n ** 15n, WAD], [WAD + 1n]),
    dt,
  }),
  pause: fc.record({
    kind: fc.constant("pause" as const),
    caller,
    target: fc.constantFrom<"pool" | "staking">("pool", "staking"),
    paused: fc.boolean(),
    dt,
  }),
};

/** Keeps batches mostly well formed: amounts as many as users, but now and then one short. */
function fit(amounts: bigint[], users: number[]): bigint[] {
  const out = users.map((_, i) => amounts[i % amounts.length]);
  return amounts.length === 1 && users.length === 3 ? out.slice(0, 2) : out;
}

/**
 * How often each owner call comes, relative to the others: a guarantee most (its cap, its share
 * of the reserve and their edges need several credits to a holder), then the settings that
 * running stakes and past purchases must not feel (fee rates, stake terms, the DWN price).
 */
const OWNER_WEIGHTS: Partial<Record<OwnerOp["kind"], number>> = {
  creditGuarantee: 4,
  setFeeRates: 3,
  setStakeTerms: 2,
  setDwnPrice: 2,
};
/** An owner call; who sends it is drawn with it (`caller`). */
const ownerOp: fc.Arbitrary<OwnerOp> = fc.oneof(
  ...Object.entries(owner).map(([kind, arbitrary]) => ({
    weight: OWNER_WEIGHTS[kind as OwnerOp["kind"]] ?? 1,
    arbitrary: arbitrary as fc.Arbitrary<OwnerOp>,
  })),
);

const userAndTimeOps = [
  { weight: 8, arbitrary: user.setInviter },
  { weight: 12, arbitrary: user.buy },
  { weight: 5, arbitrary: user.collectStatic },
  { weight: 5, arbitrary: user.collectDynamic },
  { weight: 5, arbitrary: user.stake },
  { weight: 4, arbitrary: user.collect },
  { weight: 4, arbitrary: user.redeem },
  { weight: 5, arbitrary: timeOps.wait },
  { weight: 4, arbitrary: timeOps.jump },
  { weight: 2, arbitrary: timeOps.topUp },
] as const;

/** The operations of a sequence where the deployer's key owns the contracts. */
export const opArbitrary: fc.Arbitrary<Op> = fc.oneof(...userAndTimeOps, { weight: 12, arbitrary: ownerOp });

const proposal = fc.record({
  kind: fc.constant("propose" as const),
  call: ownerOp.map((op) => ({ ...op, caller: OWNER })),
  fate: fc.constantFrom<Fate>("execute", "execute", "execute", "queue", "cancel", "early"),
  executor: actor,
  // 0: exactly when the operation becomes ready (or, early, its last second before).
  offset: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 61, max: 6 * 3600 })),
});

/**
 * The operations of a sequence where a timelock owns the contracts (production): most owner calls
 * are proposals through it; the rest are sent directly, by the deployer's former key or by an
 * actor, and refused.
 */
export const timelockOpArbitrary: fc.Arbitrary<Op> = fc.oneof(
  ...userAndTimeOps,
  { weight: 10, arbitrary: proposal },
  { weight: 2, arbitrary: ownerOp },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("executeQueued" as const),
      pick: fc.nat({ max: 15 }),
      executor: actor,
      dt,
    }),
  },
);

/**
 * A guarantee episode: a few operations in a row that reach what random sequences seldom do.
 * - `cap`: the DWN price moved one step (down mostly; most steps leave a price at which a
 *   purchase's cap is not a whole number of DWN), an NFT bought, the price moved again, then one
 *   wei more than the buyer's room under its cap credited: refused `PoolGuaranteeCapExceeded`
 *   with the room its purchases fixed at their own price, rounded down, which a cap valued at the
 *   new price, or rounded up, would not give.
 * - `budget`: an NFT of a high tier bought (cap room beyond the budget), two credits of half the
 *   budget left, then one wei more than what is left: refused `PoolGuaranteeBudgetExceeded`
 *   counting all three calls of the 30-day window, which a budget measured per call would not;
 *   where the deployer's key owns the contracts, two more credits at the first credit's 30-day
 *   mark, a second before it and at it, whose success or refusal (with what it counts as
 *   credited) shows whether the first credit left the window at the right second.
 * Owner calls are sent by the owner, or where a timelock owns the contracts proposed and executed.
 */
function episodeOf(ownership: Ownership): fc.Arbitrary<Op[]> {
  const asOwner = (call: OwnerOp): fc.Arbitrary<Op> =>
    ownership === "key"
      ? fc.constant(call)
      : fc.record({ executor: actor, offset: fc.integer({ min: 0, max: 60 }) }).map(({ executor, offset }) => ({
          kind: "propose" as const,
          call,
          fate: "execute" as const,
          executor,
          offset,
        }));
  const credit = (edge: GuaranteeEdge, pick: number, last = false, expiry: -1 | 0 | null = null): fc.Arbitrary<Op> =>
    asOwner({ kind: "creditGuarantee", caller: OWNER, users: [pick], amounts: [], edge, expiry, dt: 1, last });
  const buy = (tiers: bigint[]) =>
    user.buy.chain((op) =>
      fc.constantFrom(...tiers).map((tier): Op => ({ ...op, tier, steer: true, afford: true, quote: "none" })),
    );
  const pick = fc.nat({ max: ACTORS.length - 1 });
  const step = fc
    .constantFrom<[bigint, bigint]>([1n, 2n], [2n, 3n], [2n, 3n], [3n, 2n])
    .chain(([num, den]) => asOwner({ kind: "setDwnPrice", caller: OWNER, price: { num, den, plus: 0n }, dt: 1 }));
  const cap = fc
    .tuple(
      step,
      buy([1n, 2n, 3n, 4n, 5n]),
      step,
      pick.chain((p) => credit("over", p, true)),
    )
    .map((ops) => [...ops]);
  const budget = fc
    .tuple(
      buy([4n, 5n]),
      pick.chain((p) => fc.tuple(credit("fill", p), credit("fill", p), credit("budget", p))),
      pick.chain((p) => fc.tuple(credit("fill", p, false, -1), credit("fill", p, false, 0))),
    )
    .map(([b, credits, marks]) => [b, ...credits, ...(ownership === "key" ? marks : [])]);
  return fc.oneof(cap, budget);
}

/**
 * A sequence: a short prefix that grows the referral tree, sells NFTs and makes stakes (steered
 * binds and buys, so that income of every kind flows early), in half the sequences a guarantee
 * episode (while the reserve is still fresh), then any operations.
 */
function sequenceOf(ops: fc.Arbitrary<Op>, ownership: Ownership): fc.Arbitrary<Op[]> {
  return fc
    .tuple(
      fc.array(
        fc.oneof(
          user.setInviter.map((op) => ({ ...op, steer: true })),
          user.buy.map((op) => ({ ...op, steer: true })),
          user.stake,
        ),
        { maxLength: 8 },
      ),
      fc.oneof(fc.constant<Op[]>([]), episodeOf(ownership)),
      fc.array(ops, { minLength: 5, maxLength: 16 }),
    )
    .map(([prefix, episode, rest]) => [...prefix, ...episode, ...rest]);
}

/** Half the sequences run where the deployer's key owns the contracts, half where a timelock does. */
export const sequenceArbitrary: fc.Arbitrary<{ ownership: Ownership; ops: Op[] }> = fc.oneof(
  sequenceOf(opArbitrary, "key").map((ops) => ({ ownership: "key" as const, ops })),
  sequenceOf(timelockOpArbitrary, "timelock").map((ops) => ({ ownership: "timelock" as const, ops })),
);
