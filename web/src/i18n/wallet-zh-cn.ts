import type { WalletStrings } from "./wallet-en-us";

/** The wallet feature's strings in Simplified Chinese; loaded with the zh-cn strings (locales/zh-cn.ts). */
export const walletZhCn: WalletStrings = {
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
  },
};
