import type { PartialMessages } from "./partial";

/** Traditional Chinese: navigation and common texts; the rest falls back to zh-cn. */
export const zhTw: PartialMessages = {
  nav: {
    home: "首頁",
    pledge: "質押",
    market: "市場",
    stakingCustody: "質押託管",
    exchange: "兌換",
    ecosystem: "生態",
    share: "分享",
    announcement: "公告",
    menu: "選單",
    assets: "資產",
    language: "語言",
  },
  common: {
    noMore: "沒有更多了~",
    noData: "暫無資料",
    loadFailed: "載入失敗",
    requestFailedReload: "請求失敗，點擊重新載入",
    notOpenYet: "暫未開放",
    comingSoon: "敬請期待",
    wallet: "錢包",
    copy: "複製",
    copied: "內容已複製到剪貼簿",
    copyFailed: "複製失敗，請手動複製",
    confirm: "確認",
    cancel: "取消",
    back: "返回",
  },
  level: {
    "0": "無",
    "1": "萌芽之旅",
    "2": "資深勇士",
    "3": "黃金英雄",
    "4": "鑽石精英",
    "5": "不朽傳奇",
  },
};
