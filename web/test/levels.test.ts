import { createI18n } from "../src/i18n/translate";
import { describe, expect, it } from "vitest";
import { loadResources } from "../src/i18n/resources";
import { levelKey } from "../src/lib/levels";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });

describe("member levels", () => {
  const names = (levels: number[]) => levels.map((level) => i18n.t(levelKey(level)));

  it("1–5 are named in order", () => {
    expect(names([1, 2, 3, 4, 5])).toEqual([
      "Budding journey",
      "Senior warrior",
      "Golden hero",
      "Diamond elite",
      "Immortal legend",
    ]);
  });

  it("0 and anything outside 1–5 read as none", () => {
    for (const level of [0, -1, 6, 2.5, Number.NaN]) expect(levelKey(level)).toBe("level.0");
    expect(i18n.t(levelKey(0))).toBe("None");
  });

  it("have Chinese names", async () => {
    await i18n.changeLanguage("zh-cn");
    expect(names([1, 5])).toEqual(["萌芽之旅", "不朽传奇"]);
  });
});
