import type { PartialMessages } from "./partial";

/** Japanese: navigation and common texts; the rest falls back to en-us. */
export const jaJp: PartialMessages = {
  nav: {
    home: "ホーム",
    pledge: "ステーキング",
    market: "マーケット",
    exchange: "交換",
    ecosystem: "エコシステム",
    share: "シェア",
    announcement: "お知らせ",
    menu: "メニュー",
    language: "言語",
  },
  common: {
    noMore: "これ以上ありません~",
    noData: "データがありません",
    loadFailed: "読み込みに失敗しました",
    requestFailedReload: "リクエストに失敗しました。タップして再読み込み",
    notOpenYet: "まだ公開されていません",
    comingSoon: "近日公開",
    wallet: "ウォレット",
    copy: "コピー",
    copied: "クリップボードにコピーしました",
    copyFailed: "コピーに失敗しました。手動でコピーしてください",
    confirm: "確認",
    cancel: "キャンセル",
    back: "戻る",
  },
};
