import type { QueryKey } from "@tanstack/react-query";
import type { Address } from "viem";
import {
  friendListKey,
  incomeListKey,
  nftListKey,
  ownedTiersKey,
  poolUserKey,
  stakeListsKey,
  stakePayViewKey,
  stakeRecordsKey,
  stakeSchedulesKey,
  teamBranchKey,
  teamInfoKey,
  teamSearchKey,
} from "../../lib/queryKeys";
import { LIVE_TOPICS, type LiveTopic } from "./events";

/** Whose reads a topic names: the signed-in account on the deployment's contracts. */
export interface TopicScope {
  account: Address;
  contracts: { pool: Address; staking: Address };
}

/**
 * What each topic of a `changed` event makes stale: the API reads it changes and the account's
 * chain reads that move with it (its incomes and hashrate, its tiers, its stakes' tokens), so
 * they show within a moment of the block instead of at their next poll. Every key is a prefix:
 * it reaches each page, filter and address of its read.
 */
export const TOPIC_KEYS: Record<LiveTopic, (scope: TopicScope) => readonly QueryKey[]> = {
  // Friends bound and descendants' hashrate: the team figures, the friend list, the explorer.
  team: ({ account }) => [teamInfoKey(account), friendListKey(account), teamBranchKey(account), teamSearchKey(account)],
  // Income credited or withdrawn: the income log and what is left to collect.
  income: ({ account, contracts }) => [incomeListKey(account), poolUserKey(contracts.pool, account)],
  // A stake made, claimed or redeemed: the records, the redeem windows, the tokens staking took.
  stakes: ({ account, contracts }) => [
    stakeListsKey(account),
    stakeRecordsKey(account),
    stakeSchedulesKey(contracts.staking, account),
    stakePayViewKey(contracts.staking, account),
  ],
  // An NFT bought: the backpack, the account's own hashrate (in its team figures and its own
  // branch's summary, and in a search that finds it), and the tiers it holds.
  nfts: ({ account, contracts }) => [
    nftListKey(account),
    teamInfoKey(account),
    teamBranchKey(account),
    teamSearchKey(account),
    poolUserKey(contracts.pool, account),
    ownedTiersKey(contracts.pool, account),
  ],
};

/** The keys `topics` make stale, each once. */
export function keysForTopics(topics: readonly LiveTopic[], scope: TopicScope): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics) for (const key of TOPIC_KEYS[topic](scope)) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

/** Every key a topic can name: what to read again when the stream comes back after missing events. */
export function allTopicKeys(scope: TopicScope): QueryKey[] {
  return keysForTopics(LIVE_TOPICS, scope);
}
