/** What the next moment of a stake's life is, and how long until it. */
export type StakeMoment =
  { kind: "opens"; seconds: bigint } | { kind: "closes"; seconds: bigint } | { kind: "renews" } | { kind: "ended" };

/**
 * From stakeInfo: inside a cycle (status 0) the redeem window opens at `endTime`; in the window
 * (status 1, before `unstakeGraceTimestamp`) it closes at that time; in the hour after it, the
 * stake is about to renew; a redeemed stake (status 2) has ended.
 */
export function stakeMoment(
  info: { status: bigint; endTime: bigint; unstakeGraceTimestamp: bigint },
  now: bigint,
): StakeMoment {
  if (info.status === 2n) return { kind: "ended" };
  if (info.status === 0n) return { kind: "opens", seconds: info.endTime > now ? info.endTime - now : 0n };
  return info.unstakeGraceTimestamp > now
    ? { kind: "closes", seconds: info.unstakeGraceTimestamp - now }
    : { kind: "renews" };
}
