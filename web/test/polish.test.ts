import { ApiError } from "@dwn/api";
import { describe, expect, it } from "vitest";
import { linkify } from "../src/features/announcement/linkify";
import { stakeIdOfLink } from "../src/features/shared/utils/pledgeIdsObj";
import { NO_REPLY } from "../src/lib/api";
import { isTransient } from "../src/lib/readError";

describe("an announcement that does not exist", () => {
  it("is a refusal (10001) that is not asked again, so the screen can say so instead of spinning", () => {
    expect(isTransient(new ApiError(10001, "No such announcement"))).toBe(false);
    expect(isTransient(new ApiError(429, "Too many requests"))).toBe(false);
    expect(isTransient(new ApiError(500, "Server error"))).toBe(true);
    expect(isTransient(new ApiError(NO_REPLY, "Can't reach the server"))).toBe(true);
  });
});

describe("links inside an announcement", () => {
  it("are the http(s) addresses in its text, without the sentence's closing punctuation", () => {
    expect(linkify("See https://dwn.example/guide. Then http://x.example/a?b=1&c=2, done")).toEqual([
      { text: "See " },
      { url: "https://dwn.example/guide" },
      { text: ". Then " },
      { url: "http://x.example/a?b=1&c=2" },
      { text: ", done" },
    ]);
    expect(linkify("详情见 https://dwn.example/zh。")).toEqual([
      { text: "详情见 " },
      { url: "https://dwn.example/zh" },
      { text: "。" },
    ]);
    expect(linkify("no link here")).toEqual([{ text: "no link here" }]);
    // Nothing but http(s): no javascript: or data: link can come out of the text.
    expect(linkify("javascript:alert(1) data:text/html,x")).toEqual([{ text: "javascript:alert(1) data:text/html,x" }]);
  });
});

describe("a /contractDetails link", () => {
  it("names a stake only by a whole number from 1", () => {
    const of = (query: string) => stakeIdOfLink(new URLSearchParams(query));
    expect(of("id=12")).toBe(12n);
    expect(of(`pledgeIdsObj=${encodeURIComponent(JSON.stringify({ id: "7" }))}`)).toBe(7n);
    for (const bad of ["id=abc", "id=0", "id=-1", "id=1e3", "pledgeIdsObj=%7Bnot-json", ""]) {
      expect(of(bad)).toBeUndefined();
    }
  });
});
