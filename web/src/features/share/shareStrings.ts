import type { LanguageCode } from "../../i18n/languages";

/** The share screen's own actions (the `shareActions` namespace; it loads with the screen). */
const enUs = {
  share: "Share invite link",
  title: "Join me on DWN",
  text: "Open this link to join my team on DWN",
  copiedInstead: "This browser cannot share, so the link was copied instead",
  saveQr: "Save QR image",
  openIn: "Open this page in a wallet app",
};

export type ShareActionMessages = typeof enUs;

export const shareActionStrings: Partial<Record<LanguageCode, ShareActionMessages>> = {
  "en-us": enUs,
  "zh-cn": {
    share: "分享邀请链接",
    title: "和我一起加入 DWN",
    text: "打开此链接，加入我在 DWN 的团队",
    copiedInstead: "此浏览器无法分享，已改为复制链接",
    saveQr: "保存二维码图片",
    openIn: "在钱包 App 中打开本页",
  },
};
