import { createI18n } from "../src/i18n/translate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_COOKIE, languageCookie, readLanguageCookie } from "../src/i18n/languageCookie";
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGES,
  LANGUAGES,
  PICKER_LANGUAGES,
  languagesToLoad,
  textDirection,
  toApiLanguage,
} from "../src/i18n/languages";
import { loadResources } from "../src/i18n/resources";

/** What a browser keeps of a `document.cookie = …` assignment: the name=value pair. */
const stored = (assignment: string) => assignment.split(";")[0];

describe("the language cookie", () => {
  it("round-trips every language", () => {
    for (const code of LANGUAGES) expect(readLanguageCookie(stored(languageCookie(code)))).toBe(code);
  });

  it("is named language, site-wide, kept for a year", () => {
    const cookie = languageCookie("en-us");
    expect(cookie.startsWith(`${LANGUAGE_COOKIE}=en-us;`)).toBe(true);
    expect(LANGUAGE_COOKIE).toBe("language");
    expect(cookie).toContain("path=/");
    expect(cookie).toContain(`max-age=${365 * 24 * 3600}`);
  });

  it("is found among other cookies, in any letter case", () => {
    expect(readLanguageCookie("a=1; language=en-US; b=2")).toBe("en-us");
    expect(readLanguageCookie("xlanguage=en-us; language=ja-jp")).toBe("ja-jp");
  });

  it("falls back to zh-cn when absent or unknown", () => {
    expect(DEFAULT_LANGUAGE).toBe("zh-cn");
    expect(readLanguageCookie("")).toBe("zh-cn");
    expect(readLanguageCookie("language=fr-fr")).toBe("zh-cn");
    expect(readLanguageCookie("language=")).toBe("zh-cn");
  });
});

describe("languages", () => {
  it("the picker offers only Simplified Chinese and English", () => {
    expect(PICKER_LANGUAGES).toEqual([
      { code: "zh-cn", name: "简体中文" },
      { code: "en-us", name: "English" },
    ]);
  });

  it("only Arabic is right to left", () => {
    expect(LANGUAGES.filter((code) => textDirection(code) === "rtl")).toEqual(["ar-ae"]);
  });

  it("the API hears zh-cn for Chinese and en-us otherwise", () => {
    expect(LANGUAGES.map(toApiLanguage)).toEqual(["zh-cn", "zh-cn", "en-us", "en-us", "en-us", "en-us"]);
  });

  it("a complete language loads alone; a partial one with its fallback", () => {
    expect(languagesToLoad("zh-cn")).toEqual(["zh-cn"]);
    expect(languagesToLoad("en-us")).toEqual(["en-us"]);
    expect(languagesToLoad("zh-tw")).toEqual(["zh-tw", "zh-cn"]);
    expect(languagesToLoad("ar-ae")).toEqual(["ar-ae", "en-us"]);
  });

  it("missing strings fall back: zh-tw to zh-cn, the others to en-us", async () => {
    const i18n = createI18n({
      resources: await loadResources(LANGUAGES),
      language: "zh-tw",
      fallbacks: FALLBACK_LANGUAGES,
    });
    expect(i18n.t("nav.home")).toBe("首頁");
    expect(i18n.t("share.scanToJoin")).toBe("扫码立即加入");
    expect(i18n.t("tx.rejected")).toBe("您已在钱包中拒绝了该交易。");
    for (const code of ["ja-jp", "ko-kr", "ar-ae"] as const) {
      await i18n.changeLanguage(code);
      expect(i18n.t("share.scanToJoin")).toBe("Scan and join now");
      expect(i18n.t("nav.home")).not.toBe("Home");
    }
  });
});

describe("start-up", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A document with just what setupI18n and changeLanguage touch. */
  function fakeDocument(cookie: string) {
    const html = { lang: "", dir: "" };
    const doc = {
      documentElement: html,
      get cookie() {
        return cookie;
      },
      set cookie(assignment: string) {
        cookie = stored(assignment);
      },
    };
    vi.stubGlobal("document", doc);
    return { html, cookie: () => cookie };
  }

  it("reads the cookie and renders Arabic right to left", async () => {
    const { html } = fakeDocument("language=ar-ae");
    const { setupI18n, i18n } = await import("../src/i18n");
    const { getDefaultConfig } = await import("antd-mobile/es/components/config-provider");
    await setupI18n();
    expect(i18n.language).toBe("ar-ae");
    expect(html).toEqual({ lang: "ar-ae", dir: "rtl" });
    // antd-mobile has no Arabic: its English texts, in place before the app renders.
    expect(getDefaultConfig().locale.common.confirm).toBe("Confirm");
  });

  it("starts in zh-cn without a cookie, and a change is stored and applied", async () => {
    const doc = fakeDocument("");
    const { setupI18n, changeLanguage, i18n } = await import("../src/i18n");
    const { getDefaultConfig } = await import("antd-mobile/es/components/config-provider");
    await setupI18n();
    expect(i18n.t("common.noMore")).toBe("没有更多了~");
    expect(doc.html).toEqual({ lang: "zh-cn", dir: "ltr" });
    // antd-mobile's own texts (dialog buttons) follow the language: its own default in Chinese.
    expect(getDefaultConfig().locale.common.confirm).toBe("确定");
    await changeLanguage("en-us");
    expect(i18n.t("common.noMore")).toBe("No more~");
    expect(getDefaultConfig().locale.common.confirm).toBe("Confirm");
    expect(doc.cookie()).toBe("language=en-us");
    expect(doc.html).toEqual({ lang: "en-us", dir: "ltr" });
    await changeLanguage("ar-ae");
    expect(i18n.t("nav.home")).toBe("الرئيسية");
    expect(doc.html).toEqual({ lang: "ar-ae", dir: "rtl" });
  });

  it("loads the other screens' strings with the first such screen, for every language in use and any chosen later", async () => {
    fakeDocument("language=zh-cn");
    const { setupI18n, changeLanguage, i18n } = await import("../src/i18n");
    const { SCREENS } = await import("../src/app/screens");
    await setupI18n();
    // Home's strings are there; /share's are not downloaded by a visit that never leaves home.
    expect(i18n.t("home.invite")).toBe("邀请好友");
    expect(i18n.getResourceBundle("zh-cn", "translation")).not.toHaveProperty("share");
    expect(i18n.getResourceBundle("zh-cn", "translation")).not.toHaveProperty("contractErrors");
    // Opening /share brings them, and the screen only renders once they are in place.
    const screen = await SCREENS.share();
    expect(screen.Screen).toBeTypeOf("function");
    expect(i18n.t("share.scanToJoin")).toBe("扫码立即加入");
    expect(i18n.t("tx.rejected")).toBe("您已在钱包中拒绝了该交易。");
    // The groups both parts have keep the keys of both (home's "Stake now" beside /pledge's).
    expect(i18n.t("pledge.goStake")).toBe("去质押");
    expect(i18n.t("pledge.stake")).toBe("质押");
    // A language chosen afterwards comes with them: Arabic falls back to the English ones.
    await changeLanguage("ar-ae");
    expect(i18n.t("share.scanToJoin")).toBe("Scan and join now");
    expect(i18n.t("nav.home")).toBe("الرئيسية");
  });
});
