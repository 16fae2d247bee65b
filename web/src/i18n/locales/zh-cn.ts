import type { FirstMessages } from "./en-us";

/**
 * Simplified Chinese: the default language, complete (typed against the English key set); the
 * other screens' strings are in zh-cn-screens.ts.
 */
export const zhCn: FirstMessages = {
  nav: {
    home: "首页",
    pledge: "质押",
    market: "市场",
    stakingCustody: "质押托管",
    exchange: "兑换",
    ecosystem: "生态",
    share: "分享",
    announcement: "公告",
    menu: "菜单",
    nft: "NFT",
    assets: "资产",
    language: "语言",
  },
  readError: {
    chain: "无法连接 {{chain}}，正在重试…",
    api: "无法连接服务器，正在重试…",
    retry: "重试",
  },
  screenError: {
    text: "此页面无法显示。",
    reload: "重新加载",
  },
  common: {
    noMore: "没有更多了~",
    noData: "暂无数据",
    loadFailed: "加载失败",
    failedToGetData: "获取数据失败",
    requestFailedReload: "请求失败，点击重新加载",
    loadingError: "加载出错",
    requestTimedOut: "请求超时",
    notOpenYet: "暂未开放",
    comingSoon: "敬请期待",
    wallet: "钱包",
    copy: "复制",
    copied: "内容已复制到剪贴板",
    copiedAlt: "内容已复制到剪贴板",
    copyFailed: "复制失败，请手动复制",
    confirm: "确认",
    cancel: "取消",
    back: "返回",
    more: "更多",
    days: "{{days}} 天",
    daysUnit: "天",
    hours: "{{hours}} 小时",
  },
  header: {
    logo: "DWN 首页",
    openMenu: "打开菜单",
  },
  level: {
    "0": "无",
    "1": "萌芽之旅",
    "2": "资深勇士",
    "3": "黄金英雄",
    "4": "钻石精英",
    "5": "不朽传奇",
  },
  /** Each income's one name (DESIGN.md §6), which every screen, filter, row and toast uses. */
  income: {
    static: "静态收益",
    dynamic: "动态收益",
    generation: "代数收益",
    direct: "直推收益",
    guarantee: "保本收益",
    withdrawals: "提取",
  },
  home: {
    welcome: "积累算力，赚取 DWN，壮大团队",
    invitedBy: "邀请人 {{address}}",
    hashrate: "我的算力",
    pendingIncome: "待领取收益",
    staticIncome: "$t(income.static)",
    dynamicIncome: "$t(income.dynamic)",
    connectHint: "连接钱包后查看您的算力和收益",
    staking: "质押",
    myStakes: "我的质押",
    unitPrice: "每份价格",
    unitPriceValue: "{{dwn}} DWN + {{a8}} A8",
    cycle: "周期",
    invite: "邀请好友",
    inviteText: "分享您的邀请链接，组建您的团队",
    inviteAction: "立即邀请",
    latestNotice: "最新公告",
    noNotice: "暂无公告",
  },
  pledge: {
    goStake: "去质押",
  },
};

/** The wallet feature's Chinese strings travel in this chunk (i18n/resources.ts merges them). */
export { walletZhCn } from "../wallet-zh-cn";
