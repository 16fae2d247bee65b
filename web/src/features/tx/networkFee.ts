import { formatUnits, type Address, type Hex } from "viem";
import { GAS_PRICE } from "../../lib/chain";

/*
 * The network fee a confirm popup shows before a transaction is sent (issue 22 item 11): the
 * gas each transaction the user will sign needs (eth_estimateGas of the exact call, from the
 * user's account) × the 3 gwei every write pays ({@link GAS_PRICE}, BSC's gas price), in BNB.
 */

/** One transaction the user will sign: the contract and its encoded call. */
export interface FeeCall {
  to: Address;
  data: Hex;
}

/**
 * The transaction whose gas cannot be estimated before the approvals in front of it are mined
 * (it would revert on the short allowance): the purchase or the stake.
 */
export type LaterStep = "purchase" | "stake";

/** What a confirm sends: the calls estimated now, in order, and the one estimated after approval. */
export interface FeePlan {
  now: readonly FeeCall[];
  later?: LaterStep;
}

/** The fee of a plan's `now` calls (wei), how many they are, and the step that is not in it. */
export interface FeeEstimate {
  wei: bigint;
  steps: number;
  later?: LaterStep;
}

/** What a confirm popup will send: from whom, a key naming the calls, and how to plan them. */
export interface FeeRequest {
  account: Address;
  /** Names the calls `plan` resolves to (contract, function, arguments), for the cache. */
  key: readonly unknown[];
  /** The calls to estimate now, read fresh (a purchase reads its allowances first). */
  plan: () => Promise<FeePlan>;
}

/** The request of a confirm that sends one call, `data` to `to`, from `account`; none without an account. */
export function oneCall(account: Address | undefined, to: Address, data: Hex): FeeRequest | undefined {
  return account && { account, key: [to, data], plan: () => Promise.resolve({ now: [{ to, data }] }) };
}

/** The BNB (wei) that `gases` cost at the 3 gwei every write pays: their sum × {@link GAS_PRICE}. */
export function networkFeeWei(gases: readonly bigint[]): bigint {
  return gases.reduce((sum, gas) => sum + gas, 0n) * GAS_PRICE;
}

/**
 * Estimates every call of `plan` (through `estimateGas`, eth_estimateGas on the deployment's
 * RPC) and sums them. One that fails fails the whole estimate: a partial sum would read as the
 * total.
 */
export async function estimateNetworkFee(
  estimateGas: (call: FeeCall) => Promise<bigint>,
  plan: FeePlan,
): Promise<FeeEstimate> {
  const gases = await Promise.all(plan.now.map((call) => estimateGas(call)));
  return { wei: networkFeeWei(gases), steps: plan.now.length, ...(plan.later && { later: plan.later }) };
}

/** The places a network fee shows: 0.000001 BNB is 3 gwei × 333 gas, far below any call. */
export const FEE_PLACES = 6;
const SMALLEST = 10n ** BigInt(18 - FEE_PLACES);

/**
 * The one formatter of a network fee (wei, 18 decimals): 6 decimals, trailing zeros trimmed,
 * rounded up (a cost is never shown smaller than it is, nor as 0); a fee below 0.000001 is
 * `below` that figure ("< 0.000001"). Fees are far below 1,000 BNB, so the whole part is never
 * grouped.
 */
export function formatNetworkFee(wei: bigint): { amount: string; below: boolean } {
  if (wei < SMALLEST) return { amount: formatUnits(1n, FEE_PLACES), below: true };
  return { amount: formatUnits((wei + SMALLEST - 1n) / SMALLEST, FEE_PLACES), below: false };
}
