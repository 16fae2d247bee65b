/**
 * The devnet wallet's own strings. They travel with the devnet wallet (dev server and devnet
 * build only), not with every visitor's language strings.
 */
const enUs = {
  chooseAccount: "Devnet wallet: choose an account",
  warning: "Local test keys: never use them on a real chain.",
  signTitle: "Sign this message?",
  sendTitle: "Send this transaction?",
  account: "Account",
  to: "To",
  call: "Call",
  value: "Value",
  confirm: "Confirm",
  cancel: "Cancel",
};

const zhCn: typeof enUs = {
  chooseAccount: "开发网钱包：选择账户",
  warning: "本地测试密钥：切勿在真实链上使用。",
  signTitle: "签名此消息？",
  sendTitle: "发送此交易？",
  account: "账户",
  to: "接收方",
  call: "调用",
  value: "金额",
  confirm: "确认",
  cancel: "取消",
};

/** The strings in the page's language (`<html lang>`, which i18n/index.ts sets): Chinese for zh-*, else English. */
export function devnetStrings(lang: string = document.documentElement.lang): typeof enUs {
  return lang.startsWith("zh") ? zhCn : enUs;
}
