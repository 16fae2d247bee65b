/**
 * The owner's settings of Pool and Staking as calls: encoding one from the command line's words,
 * and decoding one (from a timelock's `CallScheduled`, say) into which setting and which values.
 * The operator command uses both; the server's indexer imports the decoding via
 * `@dwn/contracts/settings`.
 */
import { decodeFunctionData, encodeFunctionData, getAddress, isAddress, type Abi, type Address, type Hex } from "viem";
import { poolAbi, stakingAbi } from "../generated/deployments";

export type SettingsContract = "pool" | "staking";

type Parser = (word: string, name: string) => unknown;

const uint: Parser = (word, name) => {
  if (!/^\d+$/.test(word)) throw new Error(`${name} must be a whole number (base units); it is "${word}".`);
  return BigInt(word);
};
const address: Parser = (word, name) => {
  if (!isAddress(word, { strict: false })) throw new Error(`${name} must be a 0x address; it is "${word}".`);
  return getAddress(word);
};
const bool: Parser = (word, name) => {
  if (word !== "true" && word !== "false") throw new Error(`${name} must be true or false; it is "${word}".`);
  return word === "true";
};
const rates: Parser = (word, name) =>
  word === "" ? [] : word.split(",").map((r, i) => Number(uint(r, `${name}[${i}]`) as bigint));
const addresses: Parser = (word, name) => word.split(",").map((a, i) => address(a, `${name}[${i}]`));
const uints: Parser = (word, name) => word.split(",").map((a, i) => uint(a, `${name}[${i}]`));

/** Every owner setting: its contract, its parameters in order and how each is written on the command line. */
export const SETTINGS: Record<string, { contract: SettingsContract; params: [string, Parser][] }> = {
  setTier: {
    contract: "pool",
    params: [
      ["tierId", uint],
      ["supply", uint],
      ["usdtprice", uint],
      ["dwn8price", uint],
      ["multiple", uint],
      ["limit", uint],
    ],
  },
  setStaticRewardPerSecond: { contract: "pool", params: [["rewardPerSecond", uint]] },
  setDirectPushRate: { contract: "pool", params: [["rate", uint]] },
  setDynamicRates: { contract: "pool", params: [["rates (comma-separated basis points)", rates]] },
  setDwnPrice: { contract: "pool", params: [["price", uint]] },
  setOpenBuyTime: { contract: "pool", params: [["time", uint]] },
  setMakeup: {
    contract: "pool",
    params: [
      ["makeupPercent", uint],
      ["maxMakeupCount", uint],
    ],
  },
  setTreasury: { contract: "pool", params: [["treasury", address]] },
  setOpenCapitalPool: { contract: "pool", params: [["open", bool]] },
  creditGuarantee: {
    contract: "pool",
    params: [
      ["users (comma-separated)", addresses],
      ["amounts (comma-separated)", uints],
    ],
  },
  "pool.pause": { contract: "pool", params: [] },
  "pool.unpause": { contract: "pool", params: [] },
  setStakeTerms: {
    contract: "staking",
    params: [
      ["dwnAmount", uint],
      ["a8Amount", uint],
      ["cycleDays", uint],
      ["gracePeriod", uint],
      ["rewardPerUnitPerSecond", uint],
    ],
  },
  setFeeRates: {
    contract: "staking",
    params: [
      ["unstakeFeeRate", uint],
      ["collectFeeRate", uint],
    ],
  },
  setFeeRecipient: { contract: "staking", params: [["recipient", address]] },
  "staking.pause": { contract: "staking", params: [] },
  "staking.unpause": { contract: "staking", params: [] },
};

const abiOf = (contract: SettingsContract) => (contract === "pool" ? poolAbi : stakingAbi);
const functionOf = (setting: string) => setting.replace(/^(pool|staking)\./, "");

/** The calldata of `setting` with `words` as written on the command line; a sentence on bad input. */
export function encodeSetting(setting: string, words: readonly string[]): { contract: SettingsContract; data: Hex } {
  const spec = SETTINGS[setting];
  if (!spec) throw new Error(`Unknown setting "${setting}". Settings: ${Object.keys(SETTINGS).join(", ")}.`);
  if (words.length !== spec.params.length) {
    const usage = spec.params.map(([n]) => `<${n}>`).join(" ");
    throw new Error(`${setting} takes ${spec.params.length} value(s): ${setting} ${usage}`.trim());
  }
  const args = spec.params.map(([name, parse], i) => parse(words[i], name));
  const data = encodeFunctionData({
    abi: abiOf(spec.contract) as Abi,
    functionName: functionOf(setting),
    args,
  });
  return { contract: spec.contract, data };
}

/** One decoded setting call: which contract, which function, and its arguments by name. */
export interface DecodedSetting {
  contract: SettingsContract;
  functionName: string;
  args: Record<string, unknown>;
}

/**
 * Decodes a call to Pool or Staking (`target` is matched against `contracts`); undefined for any
 * other target or for data that is no function of that contract.
 */
export function decodeSettingCall(
  contracts: { pool: Address; staking: Address },
  target: Address,
  data: Hex,
): DecodedSetting | undefined {
  const t = getAddress(target);
  const contract: SettingsContract | undefined =
    t === getAddress(contracts.pool) ? "pool" : t === getAddress(contracts.staking) ? "staking" : undefined;
  if (!contract) return undefined;
  const abi = abiOf(contract);
  let decoded: { functionName: string; args?: readonly unknown[] };
  try {
    decoded = decodeFunctionData({ abi, data }) as { functionName: string; args?: readonly unknown[] };
  } catch {
    return undefined;
  }
  const item = abi.find(
    (x) => x.type === "function" && x.name === decoded.functionName && x.inputs.length === (decoded.args?.length ?? 0),
  ) as { inputs: readonly { name: string }[] } | undefined;
  const args = Object.fromEntries((item?.inputs ?? []).map((input, i) => [input.name, decoded.args?.[i]]));
  return { contract, functionName: decoded.functionName, args };
}

/** A decoded setting as one line: `pool.setFeeRates(unstakeFeeRate=500, collectFeeRate=300)`. */
export function describeSetting(d: DecodedSetting): string {
  const show = (v: unknown): string => (Array.isArray(v) ? `[${v.map(show).join(",")}]` : String(v));
  return `${d.contract}.${d.functionName}(${Object.entries(d.args)
    .map(([k, v]) => `${k}=${show(v)}`)
    .join(", ")})`;
}
