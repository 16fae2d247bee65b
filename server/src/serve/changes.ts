import type { SettingValue, UpcomingChange } from "@dwn/api";
import { poolAbi, stakingAbi, timelockAbi } from "@dwn/contracts";
import { decodeSettingCall } from "@dwn/contracts/settings";
import { decodeFunctionData, getAddress, type Address, type Hex, type PublicClient } from "viem";
import type { Db } from "../store/db";

export interface ChangeContracts {
  pool: Address;
  staking: Address;
  timelock?: Address;
}

/** How long a setting's value read from the chain is reused: the page polls, the chain is not asked each time. */
const CURRENT_TTL_MS = 10_000;

/** A decoded argument as the API sends it: integers as decimal strings, addresses checksummed. */
function valueOf(v: unknown): SettingValue {
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map((x) => String(x));
  return String(v);
}

/** Arguments by parameter name, without Solidity's trailing underscore (`treasury_` → `treasury`). */
function named(args: Record<string, unknown>): Record<string, SettingValue> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k.replace(/_$/, ""), valueOf(v)]));
}

type Decoded = Pick<UpcomingChange, "contract" | "setting" | "values">;

/** Which contract a queued call targets and which of its functions it calls, with what. */
export function decodeChange(contracts: ChangeContracts, target: Address, data: Hex): Decoded {
  const setting = decodeSettingCall(contracts, target, data);
  if (setting) return { contract: setting.contract, setting: setting.functionName, values: named(setting.args) };
  if (contracts.timelock && getAddress(target) === getAddress(contracts.timelock)) {
    try {
      const call = decodeFunctionData({ abi: timelockAbi, data });
      const item = timelockAbi.find(
        (x) => x.type === "function" && x.name === call.functionName && x.inputs.length === (call.args?.length ?? 0),
      ) as { inputs: readonly { name: string }[] } | undefined;
      const args = Object.fromEntries((item?.inputs ?? []).map((input, i) => [input.name, call.args?.[i]]));
      return { contract: "timelock", setting: call.functionName, values: named(args) };
    } catch {
      // Not a function of the timelock: shown as a raw call below.
    }
  }
  return { contract: "other", setting: "call", values: { target: getAddress(target), data } };
}

/**
 * The values a setting has now, under the same names as its new values; undefined for calls
 * that are not a setting with a value to compare (creditGuarantee, ownership, raw calls).
 */
async function readCurrent(
  client: Pick<PublicClient, "readContract">,
  contracts: ChangeContracts,
  change: Decoded,
): Promise<Record<string, SettingValue> | undefined> {
  const pool = { address: contracts.pool, abi: poolAbi } as const;
  const staking = { address: contracts.staking, abi: stakingAbi } as const;
  const text = (v: bigint | number) => v.toString();
  switch (`${change.contract}.${change.setting}`) {
    case "pool.setTier": {
      const tiers = await client.readContract({ ...pool, functionName: "info" });
      const tier = tiers.find((t) => t.id.toString() === change.values.tierId);
      if (!tier) return undefined;
      return {
        tierId: text(tier.id),
        supply: text(tier.supply),
        usdtprice: text(tier.usdtprice),
        dwn8price: text(tier.dwn8price),
        multiple: text(tier.multiple),
        limit: text(tier.limit),
      };
    }
    case "pool.setStaticRewardPerSecond":
      return { rewardPerSecond: text(await client.readContract({ ...pool, functionName: "staticRewardPerSecond" })) };
    case "pool.setDirectPushRate":
      return { rate: text(await client.readContract({ ...pool, functionName: "directPushRate" })) };
    case "pool.setDynamicRates":
      return { rates: (await client.readContract({ ...pool, functionName: "dynamicRates" })).map(text) };
    case "pool.setDwnPrice":
      return { price: text(await client.readContract({ ...pool, functionName: "dwnPriceUsdt" })) };
    case "pool.setOpenBuyTime":
      return { time: text(await client.readContract({ ...pool, functionName: "openBuyTime" })) };
    case "pool.setMakeup": {
      const [makeupPercent, maxMakeupCount] = await client.readContract({ ...pool, functionName: "makeup" });
      return { makeupPercent: text(makeupPercent), maxMakeupCount: text(maxMakeupCount) };
    }
    case "pool.setTreasury":
      return { treasury: await client.readContract({ ...pool, functionName: "treasury" }) };
    case "pool.setOpenCapitalPool":
      return { open: await client.readContract({ ...pool, functionName: "openCapitalPool" }) };
    case "staking.setStakeTerms": {
      const [terms, reward] = await Promise.all([
        client.readContract({ ...staking, functionName: "stakeView" }),
        client.readContract({ ...staking, functionName: "rewardPerUnitPerSecond" }),
      ]);
      return {
        dwnAmount: text(terms.dwnAmount),
        a8Amount: text(terms.a8Amount),
        cycleDays: text(terms.cycle),
        gracePeriod: text(terms.gracePeriod),
        rewardPerUnitPerSecond: text(reward),
      };
    }
    case "staking.setFeeRates": {
      const [unstake, collect] = await Promise.all([
        client.readContract({ ...staking, functionName: "unstakeFeeRate" }),
        client.readContract({ ...staking, functionName: "collectFeeRate" }),
      ]);
      return { unstakeFeeRate: text(unstake), collectFeeRate: text(collect) };
    }
    case "staking.setFeeRecipient":
      return { recipient: await client.readContract({ ...staking, functionName: "feeRecipient" }) };
    default:
      return undefined;
  }
}

interface QueuedRow {
  op_id: string;
  op_index: number;
  target: string;
  data: string;
  scheduled_at: string;
  ready_at: string;
  tx_hash: string;
}

/**
 * The owner changes still queued in the timelock, oldest first, each decoded, with the values
 * the setting has now when the chain answers (null when it does not: the change is still listed).
 */
export function createUpcomingChanges(options: {
  db: Db;
  client: Pick<PublicClient, "readContract">;
  contracts: ChangeContracts;
}) {
  const cache = new Map<string, { at: number; value: Promise<Record<string, SettingValue> | undefined> }>();

  function current(change: Decoded) {
    const key = `${change.contract}.${change.setting}:${String(change.values.tierId ?? "")}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CURRENT_TTL_MS) return hit.value;
    const value = readCurrent(options.client, options.contracts, change);
    cache.set(key, { at: Date.now(), value });
    // A failed read is not kept: the next request asks the chain again.
    value.catch(() => cache.delete(key));
    return value;
  }

  return async function list(): Promise<UpcomingChange[]> {
    const rows = await options.db.query<QueuedRow>(
      `SELECT op_id, op_index, target, data, scheduled_at::text, ready_at::text, tx_hash FROM owner_changes_view
       WHERE executed_block IS NULL AND cancelled_block IS NULL
       ORDER BY owner_changes_view.ready_at, owner_changes_view.block_number, owner_changes_view.log_index`,
    );
    return Promise.all(
      rows.map(async (row) => {
        const change = decodeChange(options.contracts, row.target as Address, row.data as Hex);
        const now = await current(change).catch(() => null);
        return {
          id: row.op_id,
          index: Number(row.op_index),
          ...change,
          current: now ?? null,
          scheduled_at: Number(row.scheduled_at),
          ready_at: Number(row.ready_at),
          tx_hash: row.tx_hash,
        };
      }),
    );
  };
}
