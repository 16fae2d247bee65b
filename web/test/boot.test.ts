import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bootPreloads, type BootPreloadTable } from "../src/app/bootPreloads";
import { bootShellBody } from "../src/app/bootShell";
import { formatTime } from "../src/lib/format";
import { ROUTES, type ScreenRoute } from "../src/app/routes";
import { SCREENS, screenOf } from "../src/app/screens";

const table: BootPreloadTable = {
  base: "/chain/",
  files: [
    "assets/Home.js",
    "assets/Mine.js",
    "assets/Mine.css",
    "assets/Detail.js",
    "assets/zh-cn.js",
    "assets/en.js",
    "assets/zh-cn-screens.js",
    "assets/en-screens.js",
  ],
  routes: [
    ["home", [0]],
    ["mine", [1, 2]],
    ["announcement/:id", [3]],
  ],
  fallback: [0],
  languages: { "zh-cn": [4], "en-us": [5], "ja-jp": [5] },
  screenLanguages: { "zh-cn": [6], "en-us": [7], "ja-jp": [7] },
  defaultLanguage: "zh-cn",
};

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

const hrefs = (hash: string, cookie = "") => bootPreloads(table, hash, cookie).map((link) => link.href);

describe("the boot preloads index.html makes", () => {
  it("fetches the opened screen's chunks and styles, and the default language's strings", () => {
    expect(bootPreloads(table, "#/mine", "")).toEqual([
      { rel: "modulepreload", href: "/chain/assets/zh-cn.js", fetchPriority: "auto" },
      { rel: "modulepreload", href: "/chain/assets/Mine.js", fetchPriority: "low" },
      { rel: "preload", as: "style", href: "/chain/assets/Mine.css", fetchPriority: "low" },
      { rel: "modulepreload", href: "/chain/assets/zh-cn-screens.js", fetchPriority: "low" },
    ]);
  });

  it("fetches the screens' strings in the cookie's language for a screen other than home, and never for home", () => {
    expect(hrefs("#/mine", "language=ja-jp")).toContain("/chain/assets/en-screens.js");
    expect(hrefs("#/mine", "language=constructor")).toContain("/chain/assets/zh-cn-screens.js");
    for (const hash of ["#/home", "#/", "#/nowhere"])
      expect(hrefs(hash).filter((href) => /screens/.test(href))).toEqual([]);
  });

  it("reads the route from the hash, with its query and parameters", () => {
    expect(hrefs("#/mine?address=0xabc")).toContain("/chain/assets/Mine.js");
    expect(hrefs("#/announcement/42")).toContain("/chain/assets/Detail.js");
    expect(hrefs("#/announcement/42/")).toContain("/chain/assets/Detail.js");
  });

  it("falls back to home for the index, an unknown path and no hash", () => {
    for (const hash of ["#/", "", "#/nowhere", "#/announcement"])
      expect(hrefs(hash)).toContain("/chain/assets/Home.js");
  });

  it("picks the strings of the language cookie, and the default for an unknown one", () => {
    expect(hrefs("#/home", "theme=dark; language=en-us")).toContain("/chain/assets/en.js");
    expect(hrefs("#/home", "language=EN-US")).toContain("/chain/assets/en.js");
    expect(hrefs("#/home", "language=xx-yy")).toContain("/chain/assets/zh-cn.js");
    expect(hrefs("#/home", "mylanguage=en-us")).toContain("/chain/assets/zh-cn.js");
  });
});

describe("the screen a hash route opens", () => {
  it("is the screen of its route, or home", () => {
    expect(screenOf("#/mine")).toBe("mine");
    expect(screenOf("#/pledge?tab=1")).toBe("pledge");
    expect(screenOf("#/announcement/7")).toBe("announcement/:id");
    expect(screenOf("#/announcement")).toBe("announcement");
    expect(screenOf("#/")).toBe("home");
    expect(screenOf("")).toBe("home");
    expect(screenOf("#/market")).toBe("home");
  });

  it("loads every screen's module, each with its component", async () => {
    for (const [path, load] of Object.entries(SCREENS)) {
      const screen = await load();
      expect(typeof screen.Screen, path).toBe("function");
    }
    // The build reads routes.ts for each screen's files: the app loads the modules it names.
    expect(Object.keys(ROUTES)).toEqual(Object.keys(SCREENS));
    for (const [route, module] of Object.entries(ROUTES)) {
      const from = module === null ? "features/home/HomePage" : module;
      const file = path.join(srcDir, `${from}.tsx`);
      const exports: Record<string, unknown> = await import(/* @vite-ignore */ file);
      expect(exports[from.split("/").pop() ?? ""], route).toBe((await SCREENS[route as ScreenRoute]()).Screen);
    }
    // Transforming every screen's module graph the first time takes seconds on a busy machine.
  }, 60_000);
});

describe("the shell the page's boot script puts in", () => {
  it("has its times written by the app's own formatTime, whose source the page carries alone", () => {
    // The page inlines formatTime's source: it must need nothing outside its own body.
    const inlined = new Function(`return ${formatTime.toString()}`)() as typeof formatTime;
    for (const unix of [0, 1_700_000_000, 1_732_867_199, 2_000_000_000, 4_102_444_800])
      expect(inlined(unix)).toBe(formatTime(unix));

    // A shell the server rendered in its own time zone: each marked time is written again.
    const times = [1_700_000_000, 1_732_867_199].map((unix) => ({
      textContent: "as the server wrote it",
      getAttribute: (name: string) => (name === "data-local-time" ? String(unix) : null),
    }));
    const root = {
      replaceChildren: () => {},
      setAttribute: () => {},
      querySelectorAll: (selector: string) => (selector === "time[data-local-time]" ? times : []),
    };
    const document = {
      documentElement: { getAttribute: () => "en-us announcement" },
      querySelector: () => ({ content: { cloneNode: () => ({}) } }),
      getElementById: () => root,
      readyState: "loading",
      visibilityState: "visible",
    } as unknown as Document;
    let started = false;
    bootShellBody(
      () => (started = true),
      document,
      { addEventListener: () => {} },
      (unix) => `local ${unix}`,
    );
    expect(times.map((time) => time.textContent)).toEqual(["local 1700000000", "local 1732867199"]);
    // The app's scripts wait for the page's load.
    expect(started).toBe(false);
  });
});
