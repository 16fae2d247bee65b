import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { bootLogo } from "../build/bootLogo";
import { BOOT_SCRIPT, preloadScreens, preloadTable, type PreloadScreensOptions } from "../build/preloadScreens";
import type { BootPreloadTable } from "../src/app/bootPreloads";
import { runBootScript } from "./support/boot-script";
import { hookOf } from "./support/plugin-hooks";

const chunk = (fileName: string, fields: Partial<Rolldown.OutputChunk> = {}) =>
  ({ type: "chunk", fileName, imports: [], facadeModuleId: null, ...fields }) as Rolldown.OutputChunk;

/**
 * A small build: the entry with its shared chunk, two screens sharing a chunk, two languages,
 * the second importing the first, which it also falls back to.
 */
const bundle = (): Rolldown.OutputBundle => {
  const chunks = [
    chunk("index.js", { isEntry: true, imports: ["app.js"], facadeModuleId: "/w/index.html" }),
    chunk("app.js"),
    chunk("mine.js", {
      isDynamicEntry: true,
      imports: ["app.js", "shared.js"],
      facadeModuleId: "/w/src/Mine.tsx",
      viteMetadata: { importedCss: new Set(["mine.css"]), importedAssets: new Set(), __modules: {} },
    }),
    chunk("shared.js"),
    chunk("detail.js", { isDynamicEntry: true, imports: ["shared.js"], facadeModuleId: "/w/src/Detail.tsx" }),
    chunk("zh.js", { isDynamicEntry: true, facadeModuleId: "/w/src/zh-cn.ts" }),
    chunk("en.js", { isDynamicEntry: true, imports: ["zh.js"], facadeModuleId: "/w/src/en-us.ts" }),
    chunk("zh-screens.js", { isDynamicEntry: true, facadeModuleId: "/w/src/zh-cn-screens.ts" }),
  ];
  return Object.fromEntries([
    ...chunks.map((c) => [c.fileName, c]),
    ["mine.css", { type: "asset", fileName: "mine.css" } as Rolldown.OutputAsset],
  ]);
};

const options: PreloadScreensOptions = {
  base: "/chain/",
  routes: [
    { pattern: "home", module: undefined },
    { pattern: "mine", module: "/w/src/Mine" },
    { pattern: "notice/:id", module: "/w/src/Detail" },
  ],
  fallback: "home",
  languages: { "zh-cn": ["/w/src/zh-cn"], "en-us": ["/w/src/en-us", "/w/src/zh-cn"] },
  screenLanguages: { "zh-cn": ["/w/src/zh-cn-screens"], "en-us": ["/w/src/zh-cn-screens"] },
  defaultLanguage: "zh-cn",
};

describe("the table of each screen's files index.html carries", () => {
  it("lists each screen's and language's chunks beyond the entry's, with their styles, each file once", () => {
    expect(preloadTable(bundle(), options)).toEqual({
      base: "/chain/",
      files: ["mine.js", "shared.js", "mine.css", "detail.js", "zh.js", "en.js", "zh-screens.js"],
      routes: [
        ["home", []],
        ["mine", [0, 1, 2]],
        ["notice/:id", [3, 1]],
      ],
      fallback: [],
      languages: { "zh-cn": [4], "en-us": [5, 4] },
      screenLanguages: { "zh-cn": [6], "en-us": [6] },
      defaultLanguage: "zh-cn",
    } satisfies BootPreloadTable);
  });

  it("refuses a screen whose module is not a lazily loaded chunk of its own", () => {
    const built = bundle();
    (built["detail.js"] as Rolldown.OutputChunk).isDynamicEntry = false;
    expect(() => preloadTable(built, options)).toThrow("No lazily loaded chunk of its own for /w/src/Detail.");
    expect(() => preloadTable(bundle(), { ...options, routes: [{ pattern: "x", module: "/w/src/Gone" }] })).toThrow(
      "/w/src/Gone",
    );
  });

  it("goes into the page as a data block and a script that preloads from it", () => {
    const transform = hookOf(preloadScreens(options), "transformIndexHtml");
    const tags = transform.call(undefined as never, "<html></html>", {
      path: "/index.html",
      filename: "index.html",
      bundle: bundle(),
    });
    expect(tags).toEqual([
      {
        tag: "script",
        attrs: { id: "boot-preloads", type: "application/json" },
        children: JSON.stringify(preloadTable(bundle(), options)),
        injectTo: "head-prepend",
      },
      { tag: "script", children: BOOT_SCRIPT, injectTo: "head-prepend" },
    ]);
  });

  it("whose script, run alone as the page runs it, adds the links bootPreloads picks", () => {
    const table = preloadTable(bundle(), options);
    const { appended, expected } = runBootScript(BOOT_SCRIPT, table, "#/notice/7", "language=en-us");
    expect(appended).toEqual(expected);
    expect(appended.map((link) => link.href)).toEqual([
      "/chain/en.js",
      "/chain/zh.js",
      "/chain/detail.js",
      "/chain/shared.js",
      "/chain/zh-screens.js",
    ]);
  });
});

describe("the logo in the page's header", () => {
  it("is the SVG file's drawing, in place of the page's marker", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dwn-logo-"));
    try {
      const svg = path.join(dir, "logo.svg");
      writeFileSync(svg, '<svg viewBox="0 0 1 1"></svg>\n');
      const transform = hookOf(bootLogo(svg), "transformIndexHtml");
      expect(
        transform.call(undefined as never, "<div><!-- logo --></div>", { path: "/", filename: "index.html" }),
      ).toBe('<div><svg viewBox="0 0 1 1"></svg></div>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
