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
  tx: {
    awaitingWallet: "{{label}}: confirm in your wallet",
    pending: "{{label}}: pending",
    confirmed: "{{label}}: confirmed",
    failed: "{{label}}: failed",
    viewOnExplorer: "View on explorer",
    close: "Close",
    reverted: "The transaction failed on chain.",
    rejected: "You rejected the transaction in your wallet.",
    noGas: "Not enough {{coin}} to pay the network fee.",
    dropped:
      "The transaction was not confirmed within 5 minutes: it may have been dropped. Check your wallet's activity before trying again.",
    unreachable: "Can't reach the chain: the transaction was not sent. Please try again.",
    notSent: "The transaction could not be sent. Please try again.",
    indexerBehind:
      "Your latest transaction (block {{block}}) is still being recorded; records up to block {{indexed}} are shown.",
    approve: "Approve {{token}}",
    buy: "Buy NFT",
    collectStatic: "Withdraw static income",
    collectDynamic: "Withdraw dynamic income",
    stake: "Stake",
    claim: "Claim reward",
    redeem: "Redeem principal",
  },
  contractErrors: {
    unknown: "The contract refused the transaction ({{name}}).",
    InsufficientReserve: "The reserve cannot pay {{needed}} now; your balance is untouched.",
    NoStaticIncome: "No static income!",
    NoDynamicIncome: "No dynamic income!",
    PoolBuyingNotOpen: "Buying opens at {{time}}.",
    PoolInvalidTier: "This NFT tier does not exist.",
    PoolTierSoldOut: "Insufficient remaining quantity!",
    PoolTierLimitReached: "You already own the most NFTs of this tier ({{limit}}).",
    PoolUserNotBound: "Please bind the parent address!",
    PoolQuoteMoved:
      "The price or computing power changed before your purchase went through (now {{usdt}} + {{dwn9}}). Nothing was charged: check the new terms and try again.",
    StakingTermsMoved:
      "The staking terms changed before your stake went through (now {{dwn}} + {{a8}}, {{cycle}}-day cycle). Nothing was taken: check the new terms and try again.",
    StakingAlreadyRedeemed: "This pledge has already been redeemed.",
    StakingInvalidUnits: "The quantity must be between 1 and {{max}}.",
    StakingNotConfigured: "Staking is not open yet.",
    StakingNotStakeOwner: "This pledge belongs to another address.",
    StakingNothingToCollect: "There is no reward to claim yet.",
    StakingRedeemWindowClosed: "The principal can be redeemed from {{opensAt}} until {{closesAt}}.",
    StakingUnknownStake: "This pledge does not exist.",
    EnforcedPause: "The contract is paused; please try again later.",
    ERC20InsufficientBalance: "Insufficient token balance.",
    ERC20InsufficientAllowance: "The approved amount is too small; please approve again.",
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
