/**
 * The chain's time, for countdowns that must agree with the contract (a redeem window opens and
 * closes by `block.timestamp`, not by the phone's clock): the latest block's timestamp plus the
 * time elapsed on the device since that block was read, measured on a monotonic clock
 * (`performance.now()`), so a phone clock set hours off, or changed while the screen is open,
 * moves nothing.
 */
export interface ChainTimeSample {
  /** The latest block's timestamp when read, unix seconds. */
  blockTime: bigint;
  /** `performance.now()` when it was read, milliseconds. */
  readAt: number;
}

/** The chain's time now (unix seconds), `localNow` being `performance.now()`. */
export function chainNow(sample: ChainTimeSample, localNow: number): bigint {
  return sample.blockTime + BigInt(Math.max(0, Math.floor((localNow - sample.readAt) / 1000)));
}
