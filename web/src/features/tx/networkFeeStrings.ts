import type { LanguageCode } from "../../i18n/languages";

/** The confirm popups' network-fee line (the `networkFee` namespace; it loads with the popups). */
const enUs = {
  label: "Network fee",
  about: "≈ {{amount}} {{coin}}",
  below: "< {{amount}} {{coin}}",
  approvals_one: "for {{count}} approval",
  approvals_other: "for {{count}} approvals",
  purchaseLater: "+ the purchase's fee, estimated after approval",
  stakeLater: "+ the stake's fee, estimated after approval",
  failed: "The network fee cannot be estimated now.",
};

export type NetworkFeeMessages = typeof enUs;

export const networkFeeStrings: Partial<Record<LanguageCode, Partial<NetworkFeeMessages>>> = {
  "en-us": enUs,
  "zh-cn": {
    label: "网络费用",
    about: "≈ {{amount}} {{coin}}",
    below: "< {{amount}} {{coin}}",
    approvals_other: "（{{count}} 笔授权）",
    purchaseLater: "另加购买的网络费用，授权后估算",
    stakeLater: "另加质押的网络费用，授权后估算",
    failed: "暂时无法估算网络费用。",
  },
  "zh-tw": {
    label: "網路費用",
    approvals_other: "（{{count}} 筆授權）",
    purchaseLater: "另加購買的網路費用，授權後估算",
    stakeLater: "另加質押的網路費用，授權後估算",
    failed: "暫時無法估算網路費用。",
  },
};
