import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type Manifest } from "vite";
import { inlineScriptHashes } from "../../server/src/serve/security";
import { FIRST_VISIT_BUDGET_KB, measureFirstVisit } from "../build/firstVisit";
import { BOOT_SCRIPT } from "../build/preloadScreens";
import { bootPreloads, type BootPreloadTable } from "../src/app/bootPreloads";
import { ROUTES, type ScreenRoute } from "../src/app/routes";
import { SCREENS, screenOf } from "../src/app/screens";

const table: BootPreloadTable = {
  base: "/chain/",
  files: ["assets/Home.js", "assets/Mine.js", "assets/Mine.css", "assets/Detail.js", "assets/zh-cn.js", "assets/en.js"],
  routes: [
    ["home", [0]],
    ["mine", [1, 2]],
    ["announcement/:id", [3]],
  ],
  fallback: [0],
  languages: { "zh-cn": [4], "en-us": [5], "ja-jp": [5] },
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
    ]);
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

describe("the built index.html", () => {
  const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const outDir = mkdtempSync(path.join(tmpdir(), "dwn-web-boot-"));
  let html = "";
  let built: BootPreloadTable;

  beforeAll(async () => {
    // As `vite build` builds it: Vite takes NODE_ENV ("test" here) for the bundle's, and React's
    // development build would be measured.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({ root: webDir, logLevel: "warn", build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    html = readFileSync(path.join(outDir, "index.html"), "utf8");
    built = JSON.parse(/<script id="boot-preloads" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? "");
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("lists every screen of routes.ts, each with its own chunk but home, which is part of the shell", () => {
    expect(built.routes.map(([pattern]) => pattern)).toEqual(Object.keys(ROUTES));
    const mine = bootPreloads(built, "#/mine", "").map((link) => link.href);
    expect(mine.some((href) => /\/assets\/MinePage-[\w-]+\.js$/.test(href))).toBe(true);
    expect(mine.some((href) => /\/assets\/HomePage-/.test(href))).toBe(false);
    // Home, and a path without a screen, fetch only the strings beside the shell.
    for (const hash of ["#/", "#/home", "#/nowhere"])
      expect(bootPreloads(built, hash, "").map((link) => link.href)).toEqual([
        expect.stringMatching(/^\/chain\/assets\/zh-cn-[\w-]+\.js$/),
      ]);
  });

  it("keeps a first visit within its budget, the shared code in the chunks the build groups it into", () => {
    const firstVisit = measureFirstVisit(outDir);
    expect(firstVisit.total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KB * 1000);
    // React and the app's shell (home included) with the default language's strings.
    expect(firstVisit.files.map(({ file }) => /^assets\/(.+)-[\w-]{8}\.js$/.exec(file)?.[1]).sort()).toEqual([
      "app",
      "index",
      "react",
      "rolldown-runtime",
      "zh-cn",
    ]);
    // The code the screens share, antd-mobile's buttons and its overlays: chunks of their own.
    const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
    const names = new Set(Object.values(manifest).map((chunk) => chunk.name));
    for (const name of ["screens", "ui", "overlay"]) expect(names, name).toContain(name);
  });

  it("preloads before the stylesheet, which would hold an inline script back until it has loaded", () => {
    expect(html.indexOf('id="boot-preloads"')).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });

  it("runs one inline script, the preloads', which the server allows by the hash of the text inlined", () => {
    // The text between the page's one <script> without attributes and its end tag, as the browser hashes it.
    const start = html.indexOf("<script>") + "<script>".length;
    const inlined = html.slice(start, html.indexOf("</script>", start));
    expect(inlined.startsWith(BOOT_SCRIPT.slice(0, BOOT_SCRIPT.indexOf("(function")))).toBe(true);
    const hash = createHash("sha256").update(inlined, "utf8").digest("base64");
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${hash}'`]);
    // And that text is the preloading script: run alone, it adds the links bootPreloads picks.
    const appended: Record<string, unknown>[] = [];
    const document = {
      cookie: "",
      getElementById: (id: string) => (id === "boot-preloads" ? { textContent: JSON.stringify(built) } : null),
      createElement: (tag: string) => ({ tag }),
      head: { append: (element: Record<string, unknown>) => appended.push(element) },
    };
    new Function("document", "location", inlined)(document, { hash: "#/mine" });
    expect(appended).toEqual(
      bootPreloads(built, "#/mine", "").map((link) => ({ tag: "link", ...link, crossOrigin: "" })),
    );
    expect(appended.length).toBeGreaterThan(1);
  });
});
