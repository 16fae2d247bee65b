import { describe, expect, it, vi } from "vitest";
import { addNamespace } from "../src/i18n/lazyNamespace";
import { loadResources } from "../src/i18n/resources";
import { createI18n } from "../src/i18n/translate";
import { networkFeeStrings } from "../src/features/tx/networkFeeStrings";

const resources = await loadResources(["en-us", "zh-cn", "zh-tw", "ar-ae"]);

describe("the app's translations", () => {
  it("insert values and the strings a string refers to", () => {
    const i18n = createI18n({ resources, language: "en-us" });
    expect(i18n.t("home.invitedBy", { address: "0xabc" })).toBe("Invited by 0xabc");
    expect(i18n.t("home.staticIncome")).toBe("Static income");
    expect(i18n.getFixedT("zh-cn")("home.invitedBy", { address: "0xabc" })).toMatch(/0xabc/);
  });

  it("pick the plural form by count, in each language's rules", () => {
    const i18n = createI18n({ resources, language: "en-us" });
    addNamespace(i18n, "networkFee", networkFeeStrings);
    const en = i18n.getFixedT("en-us", "networkFee");
    expect(en("purchaseLater", { count: 1 })).toBe("for 1 approval + the purchase's fee, estimated after approval");
    expect(en("purchaseLater", { count: 2 })).toBe("for 2 approvals + the purchase's fee, estimated after approval");
    // Chinese has one form for every count.
    expect(i18n.getFixedT("zh-cn", "networkFee")("stakeLater", { count: 1 })).toBe(
      "1 笔授权的费用，另加质押本身的费用（授权后估算）",
    );
  });

  it("fall back per string, and read an unknown key as itself", () => {
    const i18n = createI18n({ resources, language: "zh-tw" });
    expect(i18n.t("nav.home")).toBe("首頁");
    expect(i18n.t("share.scanToJoin")).toBe("扫码立即加入");
    const t = i18n.getFixedT("en-us") as (key: string) => string;
    expect(t("nav.nowhere")).toBe("nav.nowhere");
  });

  it("tell their subscribers when the language changes, and only then", async () => {
    const i18n = createI18n({ resources, language: "zh-cn" });
    const changed = vi.fn();
    const stop = i18n.subscribe(changed);
    await i18n.changeLanguage("zh-cn");
    expect(changed).not.toHaveBeenCalled();
    await i18n.changeLanguage("ar-ae");
    expect(changed).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe("ar-ae");
    expect(i18n.t("nav.home")).toBe("الرئيسية");
    stop();
    await i18n.changeLanguage("en-us");
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
