import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createI18n } from "../src/i18n/translate";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "../src/i18n/react";
import { HashRouter } from "../src/app/hashRouter";
import { describe, expect, it } from "vitest";
import { feeFigures } from "../src/features/shared/utils/fees";
import { cumulativeGains, signedAmount, withdrawable } from "../src/features/incomeLog/utils/incomes";
import { StakeRecordCard } from "../src/features/pledge/components/StakeRecordCard";
import { loadResources } from "../src/i18n/resources";
import { AMOUNT_KINDS, formatMoney, type AmountKind } from "../src/lib/money";

/**
 * One amount, one rounding rule (issue 22 item 6): every token amount on screen goes through
 * `formatMoney(kind, …)`, each kind has one rounding, and each place that shows an amount names
 * the kind of what it shows. The tables below are the oracle, written by hand: what each kind
 * must do, and the kind of every amount each screen shows. A new screen that shows an amount
 * fails here until it is listed, with its kind, and one that formats a token amount another way
 * (formatAmount's own options, a kind chosen at run time) fails too.
 */

const SRC = join(import.meta.dirname, "../src");
const e18 = 10n ** 18n;

/** What the user receives or has earned is never shown rounded up; what they pay or hold is rounded half up. */
const RULE: Record<AmountKind, "down" | "halfUp"> = {
  income: "down",
  reward: "down",
  receivable: "down",
  price: "halfUp",
  fee: "halfUp",
  principal: "halfUp",
  balance: "halfUp",
  figure: "halfUp",
};

/** Every call of formatMoney in the app: file (under src/), the amount it formats, and that amount's kind. */
const SITES: readonly [file: string, amount: string, kind: AmountKind][] = [
  // home
  ["features/home/components/IncomeCard.tsx", "d.staticProfit + d.dynamicProfit", "income"],
  ["features/home/components/IncomeCard.tsx", "d.staticProfit", "income"],
  ["features/home/components/IncomeCard.tsx", "d.dynamicProfit", "income"],
  ["features/home/components/StakingCard.tsx", "v.dwnAmount", "price"],
  ["features/home/components/StakingCard.tsx", "v.a8Amount", "price"],
  ["features/home/components/IncomeCard.tsx", "hashrate", "figure"],
  // /mine
  ["features/mine/components/PowerCard.tsx", "hashrate", "figure"],
  ["features/mine/components/CollectSection.tsx", "v", "income"],
  ["features/mine/components/WithdrawDialog.tsx", "amount", "income"],
  ["features/mine/components/ReserveInfo.tsx", "d.reserve", "figure"],
  ["features/mine/components/TierSlide.tsx", "tier.usdtprice", "price"],
  ["features/mine/components/BuyPopup.tsx", "v", "balance"],
  ["features/mine/components/BuyPopup.tsx", "quote.payusdt", "price"],
  ["features/mine/components/BuyPopup.tsx", "quote.payusdt", "price"],
  ["features/mine/components/BuyPopup.tsx", "quote.paydwn8", "price"],
  ["features/mine/components/BuyPopup.tsx", "quote.hashrate", "figure"],
  ["features/mine/components/BuyPopup.tsx", "quote.makeupHashrate", "figure"],
  // backpack
  ["features/backpack/components/NftRow.tsx", "nftPower(nft)", "figure"],
  ["features/backpack/components/NftRow.tsx", "parseAmount(nft.usdtprice)", "price"],
  // income log
  ["features/incomeLog/components/IncomeSummary.tsx", "v", "income"],
  ["features/incomeLog/components/IncomeSummary.tsx", "withdrawable(v)", "income"],
  ["features/incomeLog/utils/incomes.ts", "parseAmount(amount)", "income"],
  // /pledge
  ["features/pledge/components/StakeRecordCard.tsx", "parseAmount(record.pay_dwn)", "principal"],
  ["features/pledge/components/StakeRecordCard.tsx", "v", "reward"],
  ["features/pledge/components/ProductsTab.tsx", "v", "price"],
  ["features/pledge/components/ProductsTab.tsx", "v", "price"],
  ["features/pledge/components/ProductsTab.tsx", "v", "balance"],
  ["features/pledge/components/ProductsTab.tsx", "v", "balance"],
  ["features/pledge/components/StakeTerms.tsx", "value", "reward"],
  ["features/pledge/components/ReserveCard.tsx", "value", "figure"],
  // /contractDetails
  ["features/contractDetails/components/DetailCard.tsx", "v.dwnAmount", "principal"],
  ["features/contractDetails/components/DetailCard.tsx", "v", "reward"],
  ["features/contractDetails/components/DetailCard.tsx", "v", "reward"],
  ["features/contractDetails/components/RewardRow.tsx", "reward", "reward"],
  ["features/contractDetails/components/RewardRow.tsx", "reward - fee", "receivable"],
  ["features/contractDetails/components/RewardRow.tsx", "fee", "fee"],
  ["features/shared/utils/fees.ts", "amount", "reward"],
  ["features/shared/utils/fees.ts", "amount", "principal"],
  ["features/shared/utils/fees.ts", "fee", "fee"],
  ["features/shared/utils/fees.ts", "receivable", "receivable"],
  // share
  // the team explorer
  ["features/team/components/MemberSummary.tsx", "parseAmount(amount)", "figure"],
  // toasts and sentences
  ["features/tx/received.ts", "net", "receivable"],
  ["features/tx/received.ts", "net", "income"],
  ["features/tx/describe.ts", "asBigint(needed)", "figure"],
  ["features/tx/describe.ts", "asBigint(payusdt)", "price"],
  ["features/tx/describe.ts", "asBigint(paydwn8)", "price"],
  ["features/tx/describe.ts", "asBigint(dwn)", "price"],
  ["features/tx/describe.ts", "asBigint(a8)", "price"],
  ["features/changes/describe.ts", "total", "figure"],
  ["features/changes/describe.ts", "big(value) * DAY", "figure"],
  // the wallet menu
  ["features/wallet/components/WalletMenu.tsx", "coins.data", "balance"],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level arguments of the call whose "(" is at `open`, as written. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i));
        break;
      }
    } else if (c === "," && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return args.map((a) => a.replace(/\s+/g, " ").trim()).filter((a) => a !== "");
}

/** Every formatMoney call in the app, as [file, amount, kind as written]. */
function calls(): [string, string, string][] {
  return sourceFiles(SRC)
    .filter((path) => !path.endsWith("lib/money.ts"))
    .flatMap((path) => {
      const text = readFileSync(path, "utf8");
      const file = relative(SRC, path).split("\\").join("/");
      return [...text.matchAll(/\bformatMoney\(/g)].map((match): [string, string, string] => {
        const [kind, amount] = callArguments(text, match.index + "formatMoney".length);
        return [file, amount ?? "", kind ?? ""];
      });
    });
}

const key = ([file, amount, kind]: readonly [string, string, string]) => `${file} · ${amount} · ${kind}`;

describe("one rounding rule for one kind of amount", () => {
  it("each kind rounds as the rule says: what the user receives is cut, the rest rounded half up", () => {
    expect(AMOUNT_KINDS).toEqual(RULE);
    const justBelow = 60n * e18 - 1n;
    for (const kind of Object.keys(RULE) as AmountKind[]) {
      expect(formatMoney(kind, justBelow), kind).toBe(RULE[kind] === "down" ? "59.9999" : "60");
    }
  });

  it("every screen formats each amount through formatMoney, naming its kind as a literal", () => {
    const raw = sourceFiles(SRC)
      .filter((path) => !/lib\/(format|money)\.ts$/.test(path))
      .filter((path) => /\bformatAmount\b/.test(readFileSync(path, "utf8")))
      .map((path) => relative(SRC, path));
    expect(raw, "token amounts go through formatMoney(kind, …), not formatAmount").toEqual([]);
    for (const [file, , kind] of calls()) {
      expect(kind, `${file}: the kind is a literal`).toMatch(/^"\w+"$/);
    }
  });

  it("every amount on every screen has the kind this table gives it, and no call is left unlisted", () => {
    const found = calls()
      .map(([file, amount, kind]) => key([file, amount, kind.replace(/"/g, "")]))
      .sort();
    expect(found).toEqual(SITES.map(key).sort());
  });
});

describe("the same amount reads the same on every screen", () => {
  it("a stake's reward on its record card is cut as on its details page (59.9999, not 60)", async () => {
    const i18n = createI18n({ resources: await loadResources(["en-us"]), language: "en-us" });
    const html = renderToStaticMarkup(
      createElement(I18nProvider, {
        i18n,
        children: createElement(HashRouter, {
          children: createElement(StakeRecordCard, {
            record: {
              id: "1",
              status: 0,
              pay_dwn: String(60n * e18),
              pay_a8: String(30n * e18),
              units: "1",
              days: 30,
              start_timestamp: 1_700_000_000,
              end_timestamp: 1_702_592_000,
              redeemed: false,
            },
            status: 0,
            pending: 60n * e18 - 1n,
            address: null,
          }),
        }),
      }),
    );
    expect(html).toMatch(/data-testid="stake-udbk"[^>]*>59\.9999 UDBK</);
    expect(feeFigures(60n * e18 - 1n, 0n, "reward").amount).toBe("59.9999");
  });

  it("a payout reads the same in the income log as in its toast (+326.1103, never rounded up)", () => {
    expect(signedAmount({ type: "direct", amount: "326110399999999999999" })).toBe("+326.1103");
    expect(signedAmount({ type: "collect_dynamic", amount: "326110399999999999999" })).toBe("-326.1103");
  });

  it("cumulative gains never reads above withdrawable before any withdrawal (20.0145 beside 20.0145)", () => {
    const now = { staticProfit: 10_007_250_000_000_000_000n, dynamicProfit: 10_007_250_000_000_000_000n };
    expect(formatMoney("income", cumulativeGains(now, 0n))).toBe(formatMoney("income", withdrawable(now)));
    expect(formatMoney("income", withdrawable(now))).toBe("20.0145");
  });
});
