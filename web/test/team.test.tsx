import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { TeamBranch } from "@dwn/api";
import { MemberSummary } from "../src/features/team/components/MemberSummary";
import { branchRoute, crumbsOf, searchPrefix } from "../src/features/team/teamPaths";
import { teamStrings } from "../src/features/team/teamStrings";
import { addNamespace } from "../src/i18n/lazyNamespace";
import { loadResources } from "../src/i18n/resources";
import { createI18n } from "../src/i18n/translate";
import { markup } from "./support/markup";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "zh-cn" });
addNamespace(i18n, "team", teamStrings);

describe("the team search's prefix", () => {
  it("takes 0x and 6 to 40 hex digits, either case, lower-cased and trimmed", () => {
    expect(searchPrefix("0xabcdef")).toBe("0xabcdef");
    expect(searchPrefix("  0XAbCdEf12 ")).toBe("0xabcdef12");
    expect(searchPrefix(`0x${"F".repeat(40)}`)).toBe(`0x${"f".repeat(40)}`);
  });

  it("refuses fewer than 6 digits, more than 40, other characters, or no 0x", () => {
    for (const typed of ["", "0x", "0xabcde", "abcdef12", `0x${"a".repeat(41)}`, "0xabcdeg", "0x abcdef", "1xabcdef"])
      expect(searchPrefix(typed), typed).toBeNull();
  });
});

describe("a branch's breadcrumbs", () => {
  const me = "0x1111111111111111111111111111111111111111";
  const a = "0x2222222222222222222222222222222222222222";
  const b = "0x3333333333333333333333333333333333333333";

  it("are the caller alone on its own branch, current and self", () => {
    expect(crumbsOf([], me)).toEqual([{ address: me, self: true, current: true }]);
  });

  it("go from the caller down the path to the member, only the member being current", () => {
    expect(crumbsOf([me, a], b)).toEqual([
      { address: me, self: true, current: false },
      { address: a, self: false, current: false },
      { address: b, self: false, current: true },
    ]);
  });

  it("link to each member's branch by its lower-case address", () => {
    expect(branchRoute("0xAbC0000000000000000000000000000000000001")).toBe(
      "/team/0xabc0000000000000000000000000000000000001",
    );
  });
});

describe("a member's summary", () => {
  const e18 = 10n ** 18n;
  const branch: TeamBranch = {
    member: {
      address: "0x1111111111111111111111111111111111111111",
      create_time: 1_700_000_000,
      generation: 2,
      own_hashrate: String(1_234_567n * e18),
      team_hashrate: String(5n * e18 + 5n * 10n ** 13n),
      team_performance: "0",
      small_performance: "0",
      friend_num: 3,
      community_num: 9,
      branch_depth: 4,
      top_tier: 0,
      level: 0,
    },
    path: [],
    largest_leg: null,
    friends: [],
  };
  const figures = (html: string) =>
    [...html.matchAll(/<dd[^>]*data-testid="([\w-]+)">(.*?)<\/dd>/g)].map(([, id, text]) => [
      id,
      text.replace(/<[^>]+>/g, ""),
    ]);

  it("shows a placeholder for every figure until the branch is read, never a 0", async () => {
    await i18n.changeLanguage("zh-cn");
    const html = markup(createElement(MemberSummary, { branch: undefined }), { i18n });
    const shown = figures(html);
    expect(shown.length).toBe(11);
    for (const [id, text] of shown) expect(text, id).toBe("--");
    expect(html).not.toContain("team-small-area-note");
  });

  it("shows the figures as the money helpers format them, in both languages", async () => {
    for (const [language, tier, none] of [
      ["zh-cn", "无", "还没有直推好友"],
      ["en-us", "None", "No direct friends yet"],
    ] as const) {
      await i18n.changeLanguage(language);
      const html = markup(createElement(MemberSummary, { branch }), { i18n });
      expect(Object.fromEntries(figures(html))).toMatchObject({
        "team-own-hashrate": "1,234,567",
        "team-team-hashrate": "5.0001",
        "team-friend-count": "3",
        "team-community-size": "9",
        "team-branch-depth": "4",
        "team-generation": "2",
        "team-top-tier": tier,
        "community-address": branch.member.address,
        "community-performance": "0",
      });
      expect(html).toContain(none);
    }
  });
});
