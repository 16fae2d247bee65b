import type { Language } from "@dwn/api";

/** Every message the API sends, in each language it speaks. `{name}` marks a parameter. */
const MESSAGES = {
  ok: { "en-us": "Success", "zh-cn": "成功" },
  notSignedIn: { "en-us": "Please connect your wallet and sign in again", "zh-cn": "请连接钱包并重新登录" },
  serverFault: { "en-us": "The server failed; please try again later", "zh-cn": "服务器出错，请稍后再试" },
  databaseAway: {
    "en-us": "The server cannot reach its database; please try again in a few seconds",
    "zh-cn": "服务器暂时无法连接数据库，请几秒后再试",
  },
  notFound: { "en-us": "No such API call: {path}", "zh-cn": "没有这个接口：{path}" },
  badRequest: { "en-us": "The request could not be read", "zh-cn": "无法读取请求" },
  badContentType: {
    "en-us": "The request body must be form-encoded (application/x-www-form-urlencoded)",
    "zh-cn": "请求体必须是表单编码（application/x-www-form-urlencoded）",
  },
  notText: { "en-us": "{field} must be sent once, as text", "zh-cn": "{field} 只能发送一次，且必须是文本" },
  tooLarge: { "en-us": "The request is too large", "zh-cn": "请求过大" },
  tooMany: {
    "en-us": "Too many requests; please try again in {seconds} seconds",
    "zh-cn": "请求过于频繁，请 {seconds} 秒后再试",
  },
  tooManyStreams: {
    "en-us": "Too many live updates are open for this account; close a page or try again in {seconds} seconds",
    "zh-cn": "此账户打开的实时更新连接过多，请关闭一个页面或 {seconds} 秒后再试",
  },
  sessionKey: { "en-us": "The session key could not be read", "zh-cn": "无法读取会话密钥" },
  sessionKeyRequired: { "en-us": "This call must be encrypted", "zh-cn": "此请求必须加密" },
  badSign: { "en-us": "The request signature is missing or wrong", "zh-cn": "请求签名缺失或错误" },
  badTime: {
    "en-us": "The request time is more than 5 minutes off; check your device's clock",
    "zh-cn": "请求时间偏差超过5分钟，请检查设备时间",
  },
  missing: { "en-us": "{field} is required", "zh-cn": "缺少 {field}" },
  notAddress: { "en-us": "{field} must be a wallet address", "zh-cn": "{field} 必须是钱包地址" },
  notInteger: {
    "en-us": "{field} must be a whole number from {min} to {max}",
    "zh-cn": "{field} 必须是 {min} 到 {max} 之间的整数",
  },
  notOneOf: { "en-us": "{field} must be one of: {values}", "zh-cn": "{field} 必须是以下之一：{values}" },
  notSignature: { "en-us": "signs must be a hex signature", "zh-cn": "signs 必须是十六进制签名" },
  timeOrder: { "en-us": "start_time must not be after end_time", "zh-cn": "start_time 不能晚于 end_time" },
  noChallenge: {
    "en-us": "No sign-in message is waiting for this address, or it expired; please try again",
    "zh-cn": "该地址没有待签名的登录消息，或已过期，请重试",
  },
  badSignature: {
    "en-us": "The signature does not match the sign-in message and address",
    "zh-cn": "签名与登录消息或地址不符",
  },
  notBound: {
    "en-us": "This address has no inviter yet; bind one first",
    "zh-cn": "该地址尚未绑定邀请人，请先绑定",
  },
  notInTeam: {
    "en-us": "This address is not in your team",
    "zh-cn": "该地址不在您的团队中",
  },
  badPrefix: {
    "en-us": "{field} must be 0x followed by 6 to 40 hex characters",
    "zh-cn": "{field} 必须是 0x 加 6 到 40 个十六进制字符",
  },
  noStake: { "en-us": "No such stake record", "zh-cn": "没有这条质押记录" },
  noNotice: { "en-us": "No such announcement", "zh-cn": "没有这条公告" },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
