import type { Address } from "viem";

/**
 * The cache keys of the signed-in account's reads that move when the indexer applies a block
 * touching it: the screens build their keys from these, and the live updates
 * (features/live/topicKeys.ts) invalidate by them, so the two cannot drift apart. Each is the
 * prefix of every key of its read: a paged list adds its filter, a summary its address.
 */

/** user/getMemberTeamInfo: the team's figures. */
export const teamInfoKey = (account: Address | undefined) => ["user/getMemberTeamInfo", account] as const;

/** user/getFriendList: the direct friends, paged. */
export const friendListKey = (account: Address | undefined) => ["user/getFriendList", account] as const;

/** user/getTeamBranch: each branch's summary and friends, as the account sees them. */
export const teamBranchKey = (account: Address | undefined) => ["user/getTeamBranch", account] as const;

/** user/searchTeam: the account's team found by prefix. */
export const teamSearchKey = (account: Address | undefined) => ["user/searchTeam", account] as const;

/** NFT/getNFTList: the account's NFTs, paged. */
export const nftListKey = (account: Address | undefined) => ["NFT/getNFTList", account] as const;

/** NFT/getIncomeList: the income log's pages and the total collected. */
export const incomeListKey = (account: Address | undefined) => ["NFT/getIncomeList", account] as const;

/** stake/getStakeList: every status's list and the count of stakes held. */
export const stakeListsKey = (account: Address | undefined) => ["stake/getStakeList", account] as const;

/** stake/getStakeById: each stake's reward and claim records and its reward total. */
export const stakeRecordsKey = (account: Address | undefined) => ["stake/getStakeById", account] as const;

/** The pool's userHashrate, userStaticProfit and userDynamicProfit of the account (a chain read). */
export const poolUserKey = (pool: Address, account: Address | undefined) => ["pool/user", pool, account] as const;

/** The pool's userTierCount of the account, whatever tiers are asked (a chain read). */
export const ownedTiersKey = (pool: Address, account: Address | undefined) =>
  ["pool/userTierCount", pool, account] as const;

/** The staking contract's stakePayView of the account: its DWN and A8 balances and allowances (a chain read). */
export const stakePayViewKey = (staking: Address, account: Address | undefined) =>
  ["staking/stakePayView", staking, account] as const;

/** The account's stakes not redeemed with their schedules, from the chain (home's redeem window card). */
export const stakeSchedulesKey = (staking: Address, user: Address) =>
  ["staking/schedules", staking, user.toLowerCase()] as const;
