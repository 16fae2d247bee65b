import { readFileSync } from "node:fs";
import { isAddress, getAddress, type Address } from "viem";
import type { TimelockOptions } from "./deploy";
import type { SystemParams } from "./params";
import { TOKEN_KEYS, type TokenKey } from "./record";

/** What a deployment to a real chain needs from the environment. */
export interface DeployEnv {
  root: Address;
  treasury: Address;
  feeRecipient: Address;
  tokens: Record<TokenKey, Address>;
  params: SystemParams;
  /** Present when TIMELOCK_MIN_DELAY is set (required on BNB Smart Chain; the deploy checks). */
  timelock?: TimelockOptions;
}

const TOKEN_VARS: Record<TokenKey, string> = {
  usdt: "USDT_ADDRESS",
  dwn9: "DWN9_ADDRESS",
  dwn: "DWN_ADDRESS",
  a8: "A8_ADDRESS",
  udbk: "UDBK_ADDRESS",
};

/**
 * Reads and validates the deployment configuration. Every problem is reported at once, each as
 * a sentence that names its variable.
 */
export function readDeployEnv(env: NodeJS.ProcessEnv, readFile = (p: string) => readFileSync(p, "utf8")): DeployEnv {
  const problems: string[] = [];
  const address = (name: string): Address => {
    const value = env[name];
    if (!value) problems.push(`${name} is not set: give the address.`);
    else if (!isAddress(value, { strict: false }))
      problems.push(`${name} must be a 20-byte 0x address; it is "${value}".`);
    else return getAddress(value);
    return "0x0000000000000000000000000000000000000000";
  };
  const root = address("ROOT_ADDRESS");
  const treasury = address("TREASURY_ADDRESS");
  const feeRecipient = address("FEE_RECIPIENT_ADDRESS");
  const tokens = Object.fromEntries(TOKEN_KEYS.map((k) => [k, address(TOKEN_VARS[k])])) as Record<TokenKey, Address>;
  let params: SystemParams | undefined;
  const file = env.DEPLOY_PARAMS;
  if (!file) problems.push("DEPLOY_PARAMS is not set: name the JSON file with the tiers, rates and staking terms.");
  else {
    try {
      params = parseParams(JSON.parse(readFile(file)));
    } catch (error) {
      problems.push(`DEPLOY_PARAMS (${file}) is not usable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let timelock: TimelockOptions | undefined;
  if (env.TIMELOCK_MIN_DELAY !== undefined || env.OWNER_MULTISIG_ADDRESS !== undefined) {
    const delay = env.TIMELOCK_MIN_DELAY ?? "";
    if (!/^\d+$/.test(delay)) problems.push(`TIMELOCK_MIN_DELAY must be a number of seconds; it is "${delay}".`);
    const multisig = address("OWNER_MULTISIG_ADDRESS");
    timelock = { minDelay: /^\d+$/.test(delay) ? BigInt(delay) : 0n, multisig };
  }
  if (problems.length > 0 || !params) throw new Error(problems.join("\n"));
  return { root, treasury, feeRecipient, tokens, params, ...(timelock ? { timelock } : {}) };
}

/**
 * Parses the economics from JSON, where every amount is a decimal string of base units (JSON
 * numbers cannot hold 18-decimal amounts exactly).
 */
export function parseParams(json: unknown): SystemParams {
  const obj = (v: unknown, where: string): Record<string, unknown> => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${where} must be an object.`);
    return v as Record<string, unknown>;
  };
  const int = (v: unknown, where: string): bigint => {
    if (typeof v !== "string" || !/^\d+$/.test(v))
      throw new Error(`${where} must be a string of digits; it is ${JSON.stringify(v)}.`);
    return BigInt(v);
  };
  const root = obj(json, "The file");
  if (!Array.isArray(root.tiers) || root.tiers.length !== 5) throw new Error("tiers must list the five tiers.");
  if (!Array.isArray(root.dynamicRates)) throw new Error("dynamicRates must be an array of basis points.");
  const s = obj(root.staking, "staking");
  return {
    tiers: root.tiers.map((t: unknown, i: number) => {
      const tier = obj(t, `tiers[${i}]`);
      return {
        id: i + 1,
        supply: int(tier.supply, `tiers[${i}].supply`),
        usdtprice: int(tier.usdtprice, `tiers[${i}].usdtprice`),
        dwn8price: int(tier.dwn8price, `tiers[${i}].dwn8price`),
        multiple: int(tier.multiple, `tiers[${i}].multiple`),
        limit: int(tier.limit, `tiers[${i}].limit`),
      };
    }),
    staticRewardPerSecond: int(root.staticRewardPerSecond, "staticRewardPerSecond"),
    directPushRate: int(root.directPushRate, "directPushRate"),
    dynamicRates: root.dynamicRates.map((r: unknown, i: number) => Number(int(r, `dynamicRates[${i}]`))),
    dwnPriceUsdt: int(root.dwnPriceUsdt, "dwnPriceUsdt"),
    makeupPercent: int(root.makeupPercent, "makeupPercent"),
    maxMakeupCount: int(root.maxMakeupCount, "maxMakeupCount"),
    openCapitalPool: root.openCapitalPool === true,
    maxGuaranteePercent: int(root.maxGuaranteePercent, "maxGuaranteePercent"),
    staking: {
      dwnAmount: int(s.dwnAmount, "staking.dwnAmount"),
      a8Amount: int(s.a8Amount, "staking.a8Amount"),
      cycleDays: int(s.cycleDays, "staking.cycleDays"),
      gracePeriod: int(s.gracePeriod, "staking.gracePeriod"),
      rewardPerUnitPerSecond: int(s.rewardPerUnitPerSecond, "staking.rewardPerUnitPerSecond"),
      unstakeFeeRate: int(s.unstakeFeeRate, "staking.unstakeFeeRate"),
      collectFeeRate: int(s.collectFeeRate, "staking.collectFeeRate"),
    },
  };
}
