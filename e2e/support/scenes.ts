import { stakingAbi } from "@dwn/contracts";
import type { HDAccount } from "viem/accounts";
import { role, type Stack } from "./stack";

/**
 * A member under alice with a tier-1 NFT, a friend bound to them and one staking unit, the chain
 * moved into that stake's first redeem window (its details show Claim and Redeem, and the NFT
 * has earned income), indexed. Returns the stake's id.
 */
export async function memberInRedeemWindow(stack: Stack, member: HDAccount, friend: HDAccount): Promise<bigint> {
  await stack.bind(member, role("alice").address);
  await stack.fundTokens(member);
  await stack.buy(member, 1n);
  await stack.bind(friend, member.address);
  for (const token of [stack.contracts.dwn, stack.contracts.a8]) await stack.mint(token, member.address, 10n ** 21n);
  const stakeId = await stack.stake(member, 1n);
  const { cycle } = await stack.publicClient.readContract({
    address: stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakeView",
  });
  await stack.increaseTime(cycle * 86_400n + 60n);
  await stack.waitIndexed();
  return stakeId;
}
