import { describe, expect, it } from "vitest";
import type { BootPreloadTable } from "../src/app/bootPreloads";
import { chooseShell, START_ID, type ShellTable } from "../src/app/bootShell";
import { BOOT_SCRIPT, TABLE_ID } from "../build/preloadScreens";
import { shellMarkup, withShells, type Shells } from "../build/prerenderShells";

/** A page as Vite builds it, build/preloadScreens.ts's table and script at the head's start. */
const preloads: BootPreloadTable = {
  base: "/chain/",
  files: ["assets/Mine.js", "assets/Mine.css", "assets/zh-cn.js", "assets/en-us.js"],
  routes: [
    ["home", []],
    ["mine", [0, 1]],
    ["backpack", []],
  ],
  fallback: [],
  languages: { "zh-cn": [2], "en-us": [3], "ja-jp": [3] },
  screenLanguages: {},
  defaultLanguage: "zh-cn",
};
const page = [
  '<!doctype html><html lang="zh-cn"><head>',
  `<script id="${TABLE_ID}" type="application/json">${JSON.stringify(preloads)}</script>`,
  `<script>${BOOT_SCRIPT}</script>`,
  '<script type="module" crossorigin src="/chain/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/chain/assets/react.js">',
  '<link rel="stylesheet" crossorigin href="/chain/assets/app.css">',
  '</head><body><div id="root"><div class="boot-card"></div></div></body></html>',
].join("\n");

const shells: Shells = {
  "zh-cn": { home: '<main data-testid="home">首页</main><script>$RT=1</script>', mine: "<main>矿机 --</main>" },
  "en-us": { home: "<main>Home</main>", mine: '<main data-testid="mine-page">Mine --</main>' },
};
const table: ShellTable = {
  base: "/chain/",
  screens: { home: [], mine: ["assets/Mine.css"] },
  languages: ["zh-cn", "en-us"],
  defaultLanguage: "zh-cn",
};
const built = withShells(page, shells, table);

/** The page's executable inline scripts, in order. */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);

interface FakeElement {
  tag: string;
  [key: string]: unknown;
}

/**
 * Runs the built page's inline scripts as a browser would, in a document of `cookie` at `hash`:
 * returns what they added to <head>, #root's content and attributes, and a function that fires
 * the page's load and the frames after it.
 */
function boot(hash: string, cookie = "", visibilityState = "visible") {
  const head: FakeElement[] = [];
  const attributes = new Map<string, string>();
  const root = { children: [] as unknown[], attributes: new Map<string, string>() };
  const templates = new Map(
    [...built.matchAll(/<template data-shell="([^"]+)">([\s\S]*?)<\/template>/g)].map(([, key, html]) => [key, html]),
  );
  const onLoad: (() => void)[] = [];
  const onPaint: ((
    entries: { getEntriesByName(name: string): unknown[] },
    observer: { disconnect(): void },
  ) => void)[] = [];
  const html = {
    lang: "zh-cn",
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    getAttribute: (name: string) => attributes.get(name) ?? null,
  };
  const document = {
    cookie,
    readyState: "interactive",
    visibilityState,
    documentElement: html,
    head: {
      append: (element: FakeElement) => head.push(element),
    },
    createElement: (tag: string): FakeElement => ({
      tag,
      setAttribute(this: FakeElement, name: string, value: string) {
        this[name] = value;
      },
    }),
    getElementById: (id: string) => {
      if (id === "root") return rootElement;
      const block = new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(built)?.[1];
      return block === undefined ? null : { textContent: block };
    },
    querySelector: (selector: string) => {
      const key = /^template\[data-shell="([^"]+)"\]$/.exec(selector)?.[1];
      const shell = key === undefined ? undefined : templates.get(key);
      return shell === undefined ? null : { content: { cloneNode: () => shell } };
    },
  };
  const rootElement = {
    replaceChildren: (...nodes: unknown[]) => (root.children = nodes),
    setAttribute: (name: string, value: string) => root.attributes.set(name, value),
  };
  const window = {
    addEventListener: (name: string, listener: () => void) => name === "load" && onLoad.push(listener),
    PerformanceObserver: class {
      static supportedEntryTypes = ["paint"];
      constructor(callback: (typeof onPaint)[number]) {
        onPaint.push(callback);
      }
      observe() {}
    },
  };
  for (const script of inlineScripts(built)) {
    new Function("document", "location", "window", script)(document, { hash }, window);
  }
  /** The page's first paint (a paint entry of another name first, which starts nothing). */
  const paint = () => {
    for (const name of ["first-paint", "first-contentful-paint"])
      for (const callback of onPaint)
        callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect() {} });
  };
  const load = () => onLoad.splice(0).forEach((listener) => listener());
  return { head, html, attributes, root, paint, load };
}

const fields = (elements: FakeElement[]) =>
  elements.map(({ tag, rel, href, as, blocking, type, src }) =>
    Object.fromEntries(Object.entries({ tag, rel, href, as, blocking, type, src }).filter(([, v]) => v !== undefined)),
  );
const entry = { tag: "script", type: "module", src: "/chain/assets/index.js" };
const react = { tag: "link", rel: "modulepreload", href: "/chain/assets/react.js" };

describe("the shells the build puts into index.html", () => {
  it("carries each language's shell of each screen, without React's inline scripts, its test ids as the shell's", () => {
    const templates = [...built.matchAll(/<template data-shell="([^"]+)">([\s\S]*?)<\/template>/g)];
    expect(templates.map(([, key, html]) => [key, html])).toEqual([
      ["zh-cn home", '<main data-shell-testid="home">首页</main>'],
      ["zh-cn mine", "<main>矿机 --</main>"],
      ["en-us home", "<main>Home</main>"],
      ["en-us mine", '<main data-shell-testid="mine-page">Mine --</main>'],
    ]);
    expect(shellMarkup('<p data-testid="x">a</p><script>b()</script>')).toBe('<p data-shell-testid="x">a</p>');
  });

  it("no longer names the app's scripts in tags: the boot scripts add them, and the page runs three inline scripts", () => {
    expect(built).not.toContain('<script type="module"');
    expect(built).toContain(
      `<script id="${START_ID}" type="application/json">{"entry":"/chain/assets/index.js","modulePreloads":["/chain/assets/react.js"]}</script>`,
    );
    expect(built).not.toContain('<link rel="modulepreload"');
    expect(inlineScripts(built)).toHaveLength(3);
    // The first before the stylesheet (an inline script after it waits for it), the last before the body.
    expect(built.indexOf("<script>")).toBeLessThan(built.indexOf('rel="stylesheet"'));
    expect(built.lastIndexOf("</template><script>")).toBeGreaterThan(built.indexOf("<body>"));
    expect(() => withShells(page.replace(/<script type="module"[^>]*><\/script>/, ""), shells, table)).toThrow(
      /module script/,
    );
  });

  it("a visitor at #/mine with no language cookie: the Chinese shell, its stylesheet render-blocking, the scripts after the load and the first paint", () => {
    const { head, attributes, root, paint, load } = boot("#/mine");
    expect(attributes.get("data-shell")).toBe("zh-cn mine");
    expect(root.children).toEqual(["<main>矿机 --</main>"]);
    expect(root.attributes.get("data-shell")).toBe("zh-cn mine");
    // Fetched ahead by the first script, added after the page's own by the last.
    expect(fields(head)).toEqual([
      { tag: "link", rel: "preload", as: "style", href: "/chain/assets/Mine.css" },
      { tag: "link", rel: "stylesheet", href: "/chain/assets/Mine.css", blocking: "render" },
    ]);
    paint();
    expect(head).toHaveLength(2);
    load();
    const started = fields(head.slice(2));
    expect(started.at(-1)).toEqual(entry);
    expect(started).toContainEqual(react);
    expect(started).toContainEqual({ tag: "link", rel: "modulepreload", href: "/chain/assets/Mine.js" });
  });

  it("the scripts start whichever of the load and the first paint comes last; a hidden page, which paints nothing, at its load", () => {
    const loadFirst = boot("#/mine");
    loadFirst.load();
    expect(loadFirst.head).toHaveLength(2);
    loadFirst.paint();
    expect(fields(loadFirst.head).at(-1)).toEqual(entry);
    const hidden = boot("#/mine", "", "hidden");
    hidden.load();
    expect(fields(hidden.head).at(-1)).toEqual(entry);
  });

  it("the language cookie picks the English shell; the index route shows home's", () => {
    const english = boot("#/mine", "theme=x; language=en-us");
    expect(english.root.children).toEqual(['<main data-shell-testid="mine-page">Mine --</main>']);
    const home = boot("", "language=en-us");
    expect(home.attributes.get("data-shell")).toBe("en-us home");
    expect(home.root.children).toEqual(["<main>Home</main>"]);
  });

  it("a screen or a language without a shell keeps the skeleton and starts the scripts at once", () => {
    for (const [hash, cookie] of [
      ["#/backpack", ""],
      ["#/mine", "language=ja-jp"],
    ]) {
      const { head, attributes, root } = boot(hash, cookie);
      expect(attributes.has("data-shell")).toBe(false);
      expect(root.children).toEqual([]);
      expect(fields(head).at(-1)).toEqual(entry);
      expect(fields(head)).toContainEqual(react);
    }
  });

  it("chooses by the route without its query or trailing slash", () => {
    expect(chooseShell(table, "#/mine?x=1", "")).toEqual({ language: "zh-cn", screen: "mine" });
    expect(chooseShell(table, "#/mine/", "language=EN-US")).toEqual({ language: "en-us", screen: "mine" });
    expect(chooseShell(table, "#/nowhere", "")).toBeUndefined();
  });
});
