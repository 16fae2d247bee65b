import type { LanguageCode } from "../../i18n/languages";

/** The wallet menu's "Recent transactions" and "Add to wallet" (the `recent` namespace; it loads with the menu). */
const enUs = {
  open: "Recent transactions",
  title: "Recent transactions on this device",
  empty: "No transaction sent from this device yet",
  pending: "Pending",
  confirmed: "Confirmed",
  failed: "Failed",
  close: "Close",
  balance: "Balance",
  pendingCount: "{{count}} pending",
  pendingAction: "Pending…",
  earlier: "Transaction",
  addToken: "Add {{symbol}} to wallet",
  tokenAdded: "{{symbol}} is in your wallet",
  tokenNotAdded: "Your wallet did not add {{symbol}}",
};

export type RecentMessages = typeof enUs;

export const recentStrings: Partial<Record<LanguageCode, Partial<RecentMessages>>> = {
  "en-us": enUs,
  "zh-cn": {
    open: "最近交易",
    title: "本设备最近的交易",
    empty: "本设备尚未发送任何交易",
    pending: "处理中",
    confirmed: "已确认",
    failed: "失败",
    close: "关闭",
    balance: "余额",
    pendingCount: "{{count}} 笔处理中",
    pendingAction: "处理中…",
    earlier: "交易",
    addToken: "将 {{symbol}} 添加到钱包",
    tokenAdded: "{{symbol}} 已在您的钱包中",
    tokenNotAdded: "钱包未添加 {{symbol}}",
  } satisfies RecentMessages,
  "zh-tw": { open: "最近交易", title: "本裝置最近的交易", pending: "處理中", confirmed: "已確認", failed: "失敗" },
};
