import type { PartialMessages } from "./partial";

/** Korean: navigation and common texts; the rest falls back to en-us. */
export const koKr: PartialMessages = {
  nav: {
    home: "홈",
    pledge: "스테이킹",
    market: "마켓",
    exchange: "교환",
    ecosystem: "생태계",
    share: "공유",
    announcement: "공지사항",
    menu: "메뉴",
    language: "언어",
  },
  common: {
    noMore: "더 이상 없습니다~",
    noData: "데이터가 없습니다",
    loadFailed: "불러오기 실패",
    requestFailedReload: "요청에 실패했습니다. 눌러서 다시 불러오기",
    notOpenYet: "아직 오픈되지 않았습니다",
    comingSoon: "출시 예정",
    wallet: "지갑",
    copy: "복사",
    copied: "클립보드에 복사되었습니다",
    copyFailed: "복사에 실패했습니다. 직접 복사해 주세요",
    confirm: "확인",
    cancel: "취소",
    back: "뒤로",
  },
};
