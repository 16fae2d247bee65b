import type { LanguageCode } from "./languages";

/**
 * Strings of the screens' own controls that a first visit to home never shows (the `screens`
 * namespace): the units field's note and Max, the visitor placeholder's sentence, and the block
 * a card's figures from the page are of (components/ServedBlockNote). They load
 * with the screens that use them (i18n/lazyNamespace.ts), outside the first visit's budget.
 */
const enUs = {
  asOfBlock: "As of block #{{block}}",
  units: {
    max: "Max",
    maxLabel: "The most units your DWN and A8 balances allow",
    changed: "Whole units only: “{{typed}}” was read as {{units}}.",
    noneAffordable: "Your DWN and A8 balances do not cover one unit yet.",
  },
  visitor: {
    nfts: "Connect your wallet to see your NFTs.",
    income: "Connect your wallet to see your income.",
    team: "Connect your wallet to see your team.",
    stakes: "Connect your wallet to see your stakes.",
    rewards: "Connect your wallet to see this stake's rewards.",
  },
};

export type ScreenMessages = typeof enUs;

export const screenStrings: Partial<Record<LanguageCode, ScreenMessages>> = {
  "en-us": enUs,
  "zh-cn": {
    asOfBlock: "截至区块 #{{block}}",
    units: {
      max: "最大",
      maxLabel: "您的 DWN 和 A8 余额最多可质押的份数",
      changed: "只能输入整数份数：“{{typed}}”已按 {{units}} 份计。",
      noneAffordable: "您的 DWN 和 A8 余额暂不足一份。",
    },
    visitor: {
      nfts: "连接钱包后查看您的 NFT。",
      income: "连接钱包后查看您的收益。",
      team: "连接钱包后查看您的团队。",
      stakes: "连接钱包后查看您的质押。",
      rewards: "连接钱包后查看这笔质押的收益。",
    },
  },
};
