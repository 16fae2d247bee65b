/**
 * Every string the wallet feature (and the devnet wallet) shows, under the `wallet.` prefix.
 * Nested objects, so i18next finds `wallet.bind.title` with its default key separator; the
 * shell's i18n/index.ts merges these into each language's resources.
 */

const enUs = {
  wallet: {
    connect: "Connect wallet",
    wallet: "Wallet",
    menu: "Wallet menu",
    copy: "Copy address",
    disconnect: "Disconnect",
    copied: "Content copied to clipboard",
    copyFailed: "Copy failed, please copy manually",
    loginSuccess: "Login successful",
    rejected: "User rejected the access request",
    connectFailed: "Connection failed, please try again",
    disconnectFailed: "Disconnect failed",
    noWallet: "No wallet found in this browser: install a wallet extension, or open this page in your wallet app",
    picker: {
      title: "Choose a wallet",
      injected: "Browser wallet",
      walletConnect: "WalletConnect (wallet on another device or app)",
    },
    openIn: {
      title: "Open this page in your wallet app",
    },
    network: {
      title: "Wrong network",
      message: "Network error: please switch to {{name}} (chain {{id}})",
      name: "Network name",
      rpc: "RPC URL",
      chainId: "Chain ID",
      symbol: "Currency symbol",
      switch: "Switch network",
      switchFailed: "The network could not be switched; please switch it in your wallet",
    },
    bind: {
      title: "Please enter wallet address",
      heading: "Bind your inviter",
      inviter: "Inviter",
      button: "Bind",
      invalid: "Invalid invitation address!",
      malformed: "This invite link's address is not a wallet address, so it cannot be used.",
      outsideTree: "This invite link's address has not joined yet, so it cannot invite you.",
      askAnother: "Ask the person who invited you for a new invite link, then open it here.",
      failed: "Binding failed",
    },
    api: {
      timedOut: "Request timed out",
      failed: "Request failed",
      unreachable: "Can't reach the server. Please try again in a moment.",
    },
    devnet: {
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
    },
  },
};

/** The shape of a language's strings: the same keys as en-us. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

const zhCn: Strings<typeof enUs> = {
  wallet: {
    connect: "连接钱包",
    wallet: "钱包",
    menu: "钱包菜单",
    copy: "复制地址",
    disconnect: "断开连接",
    copied: "内容已复制到剪贴板",
    copyFailed: "复制失败，请手动复制",
    loginSuccess: "登录成功",
    rejected: "用户拒绝了访问请求",
    connectFailed: "连接失败，请重试",
    disconnectFailed: "断开连接失败",
    noWallet: "此浏览器中未检测到钱包：请安装钱包插件，或在钱包 App 中打开本页",
    picker: {
      title: "选择钱包",
      injected: "浏览器钱包",
      walletConnect: "WalletConnect（其他设备或应用中的钱包）",
    },
    openIn: {
      title: "在钱包 App 中打开本页",
    },
    network: {
      title: "网络错误",
      message: "网络错误：请切换到 {{name}}（链 ID {{id}}）",
      name: "网络名称",
      rpc: "RPC 地址",
      chainId: "链 ID",
      symbol: "货币符号",
      switch: "切换网络",
      switchFailed: "无法切换网络，请在钱包中切换",
    },
    bind: {
      title: "请输入钱包地址",
      heading: "绑定邀请人",
      inviter: "邀请人",
      button: "绑定",
      invalid: "无效的邀请地址！",
      malformed: "此邀请链接中的地址不是钱包地址，无法使用。",
      outsideTree: "此邀请链接中的地址尚未加入，不能邀请您。",
      askAnother: "请向邀请您的人索取新的邀请链接，然后在这里打开。",
      failed: "绑定失败",
    },
    api: {
      timedOut: "请求超时",
      failed: "请求失败",
      unreachable: "无法连接服务器，请稍后再试。",
    },
    devnet: {
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
    },
  },
};

export const walletStrings: { "zh-cn": Strings<typeof enUs>; "en-us": typeof enUs } = { "zh-cn": zhCn, "en-us": enUs };

/** Every dotted key of the wallet strings, e.g. `"wallet.bind.title"`. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type WalletKey = Leaves<typeof enUs>;
