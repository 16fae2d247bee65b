import type { LanguageCode } from "../../i18n/languages";

/** The confirm popups' network-fee line (the `networkFee` namespace; it loads with the popups). */
const enUs = {
  label: "Network fee",
  about: "≈ {{amount}} {{coin}}",
  below: "< {{amount}} {{coin}}",
  purchaseLater_one: "for {{count}} approval + the purchase's fee, estimated after approval",
  purchaseLater_other: "for {{count}} approvals + the purchase's fee, estimated after approval",
  stakeLater_one: "for {{count}} approval + the stake's fee, estimated after approval",
  stakeLater_other: "for {{count}} approvals + the stake's fee, estimated after approval",
  failed: "The network fee cannot be estimated now.",
  retry: "Try again",
};

export type NetworkFeeMessages = typeof enUs;

export const networkFeeStrings: Partial<Record<LanguageCode, Partial<NetworkFeeMessages>>> = {
  "en-us": enUs,
  "zh-cn": {
    label: "网络费用",
    about: "≈ {{amount}} {{coin}}",
    below: "< {{amount}} {{coin}}",
    purchaseLater_other: "{{count}} 笔授权的费用，另加购买本身的费用（授权后估算）",
    stakeLater_other: "{{count}} 笔授权的费用，另加质押本身的费用（授权后估算）",
    failed: "暂时无法估算网络费用。",
    retry: "重试",
  },
  "zh-tw": {
    label: "網路費用",
    purchaseLater_other: "{{count}} 筆授權的費用，另加購買本身的費用（授權後估算）",
    stakeLater_other: "{{count}} 筆授權的費用，另加質押本身的費用（授權後估算）",
    failed: "暫時無法估算網路費用。",
    retry: "重試",
  },
};
