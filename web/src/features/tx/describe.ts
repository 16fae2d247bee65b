import type { TFunction } from "../../i18n/translate";
import type { Messages } from "../../i18n/locales/en-us";
import { formatTime } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import type { TxProblem } from "./errors";

type ErrorKey = keyof Messages["contractErrors"];

/** The custom errors a user can meet, with the arguments their sentences insert. */
const CONTRACT_ERRORS: Record<string, (args: readonly unknown[]) => Record<string, string>> = {
  InsufficientReserve: ([needed]) => ({ needed: `${formatMoney("figure", asBigint(needed))} DWN` }),
  NoStaticIncome: () => ({}),
  NoDynamicIncome: () => ({}),
  PoolBuyingNotOpen: ([openBuyTime]) => ({ time: formatTime(asBigint(openBuyTime)) }),
  PoolInvalidTier: () => ({}),
  PoolTierSoldOut: () => ({}),
  PoolTierLimitReached: ([, limit]) => ({ limit: String(asBigint(limit)) }),
  PoolUserNotBound: () => ({}),
  PoolQuoteMoved: ([, payusdt, paydwn8]) => ({
    usdt: `${formatMoney("price", asBigint(payusdt))} USDT`,
    dwn9: `${formatMoney("price", asBigint(paydwn8))} DWN9`,
  }),
  StakingTermsMoved: ([dwn, a8, cycleDays]) => ({
    dwn: `${formatMoney("price", asBigint(dwn))} DWN`,
    a8: `${formatMoney("price", asBigint(a8))} A8`,
    cycle: String(asBigint(cycleDays)),
  }),
  StakingAlreadyRedeemed: () => ({}),
  StakingInvalidUnits: ([, max]) => ({ max: String(asBigint(max)) }),
  StakingNotConfigured: () => ({}),
  StakingNotStakeOwner: () => ({}),
  StakingNothingToCollect: () => ({}),
  StakingRedeemWindowClosed: ([, opensAt, closesAt]) => ({
    opensAt: formatTime(asBigint(opensAt)),
    closesAt: formatTime(asBigint(closesAt)),
  }),
  StakingUnknownStake: () => ({}),
  EnforcedPause: () => ({}),
  ERC20InsufficientBalance: () => ({}),
  ERC20InsufficientAllowance: () => ({}),
};

function asBigint(value: unknown): bigint {
  return typeof value === "bigint" ? value : 0n;
}

/**
 * The sentence, in the user's language, for what went wrong with a transaction; `coin` is the
 * chain's currency (BNB), which pays the network fee. Never the error's own text.
 */
export function describeTxProblem(problem: TxProblem, t: TFunction<"translation">, coin = "BNB"): string {
  switch (problem.kind) {
    case "rejected":
      return t("tx.rejected");
    case "reverted":
      return t("tx.reverted");
    case "noGas":
      return t("tx.noGas", { coin });
    case "dropped":
      return t("tx.dropped");
    case "unreachable":
      return t("tx.unreachable");
    case "contract": {
      const values = CONTRACT_ERRORS[problem.name];
      if (!values) return t("contractErrors.unknown", { name: problem.name });
      // Each name of CONTRACT_ERRORS is a key of contractErrors (the tx test checks both
      // languages); the values differ per key, which t's per-key typing cannot follow here.
      const translate = t as unknown as (key: `contractErrors.${ErrorKey}`, values: Record<string, string>) => string;
      return translate(`contractErrors.${problem.name as ErrorKey}`, values(problem.args));
    }
    case "other":
      return t("tx.notSent");
  }
}
