import type { ScreenCatalog } from "./en-us-screens";

/**
 * English strings: the canonical key set. Every other language is typed against this shape
 * (zh-cn completely, the others partially), and the spec's English texts are quoted here as
 * the spec gives them. Screens that are not built yet keep their strings (DESIGN.md §6).
 */
export const enUs = {
  nav: {
    home: "Home",
    pledge: "Pledge",
    market: "Market",
    stakingCustody: "Staking custody",
    exchange: "Exchange",
    ecosystem: "Ecosystem",
    share: "Share",
    announcement: "Announcement",
    menu: "Menu",
    nft: "NFT",
    assets: "Assets",
    language: "Language",
  },
  readError: {
    chain: "Can't reach {{chain}}. Retrying…",
    api: "Can't reach the server. Retrying…",
    retry: "Retry",
  },
  screenError: {
    text: "This screen could not be shown.",
    reload: "Reload",
  },
  common: {
    noMore: "No more~",
    noData: "No data",
    loadFailed: "Load failed",
    failedToGetData: "Failed to get data",
    requestFailedReload: "Request failed, click to reload",
    loadingError: "Loading error",
    requestTimedOut: "Request timed out",
    notOpenYet: "Not open yet",
    comingSoon: "Coming soon",
    wallet: "Wallet",
    copy: "Copy",
    copied: "Content copied to clipboard",
    copiedAlt: "Content has been copied to clipboard",
    copyFailed: "Copy failed, please copy manually",
    confirm: "Confirm",
    cancel: "Cancel",
    back: "Back",
    more: "More",
    days: "{{days}} days",
    daysUnit: "days",
    hours: "{{hours}} hours",
  },
  header: {
    logo: "DWN home",
    openMenu: "Open the menu",
  },
  level: {
    "0": "None",
    "1": "Budding journey",
    "2": "Senior warrior",
    "3": "Golden hero",
    "4": "Diamond elite",
    "5": "Immortal legend",
  },
  /** Each income's one name (DESIGN.md §6), which every screen, filter, row and toast uses. */
  income: {
    static: "Static income",
    dynamic: "Dynamic income",
    generation: "Generation income",
    direct: "Direct push income",
    guarantee: "Guaranteed return",
    withdrawals: "Withdrawals",
  },
  home: {
    welcome: "Build hashrate, earn DWN, grow your team",
    invitedBy: "Invited by {{address}}",
    hashrate: "My computing power",
    pendingIncome: "Income to collect",
    staticIncome: "$t(income.static)",
    dynamicIncome: "$t(income.dynamic)",
    connectHint: "Connect your wallet to see your computing power and income",
    staking: "Staking",
    myStakes: "My stakes",
    unitPrice: "Price per unit",
    unitPriceValue: "{{dwn}} DWN + {{a8}} A8",
    cycle: "Cycle",
    invite: "Invite friends",
    inviteText: "Share your invite link and build your team",
    inviteAction: "Invite now",
    latestNotice: "Latest announcement",
    noNotice: "No announcements yet",
  },
  pledge: {
    goStake: "Stake now",
  },
};

/** The strings a first visit loads (home, the shell, the errors and the transaction flow). */
export type FirstMessages = typeof enUs;

/**
 * The full key set with plain string leaves, what every complete language must provide: the
 * first visit's strings and the other screens' (en-us-screens.ts, which load with them).
 */
export type Messages = FirstMessages & ScreenCatalog;

/** The wallet feature's English strings travel in this chunk (i18n/resources.ts merges them). */
export { walletEnUs } from "../wallet-en-us";

/** antd-mobile's English texts travel in this chunk too (i18n/antdLocale.ts). */
export { default as antdEnUs } from "antd-mobile/es/locales/en-US";
