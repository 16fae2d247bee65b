import { describe, expect, it } from "vitest";
import type { BootPreloadTable } from "../src/app/bootPreloads";
import { chooseShell, START_ID, type ShellTable } from "../src/app/bootShell";
import { BOOT_SCRIPT, TABLE_ID } from "../build/preloadScreens";
import { shellStylesheets, withShells } from "../build/prerenderShells";
import { shellMarkup, type Shells } from "../src/app/shellMarkup";

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

/** As src/app/prerender.tsx gives them: React's rendering through shellMarkup. */
const shells: Shells = {
  "zh-cn": {
    home: shellMarkup('<main data-testid="home">首页</main><script>$RT=1</script>'),
    mine: "<main>矿机 --</main>",
  },
  "en-us": { home: "<main>Home</main>", mine: shellMarkup('<main data-testid="mine-page">Mine --</main>') },
};
const table: ShellTable = {
  base: "/chain/",
  screens: { home: [], mine: ["assets/Mine.css"] },
  languages: ["zh-cn", "en-us"],
  defaultLanguage: "zh-cn",
};
/** The built stylesheets' texts, by file under the base. */
const css = {
  "assets/app.css": ".boot-card{height:9rem}\n",
  "assets/Mine.css": "._tier_1{color:#123}",
  "assets/Other.css": "._other{color:#456}",
};
const built = withShells(page, shells, table, css);

/** The page's executable inline scripts, in order. */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);

interface FakeElement {
  tag: string;
  [key: string]: unknown;
}

/** A <style> of the page, its attributes as the page carries them. */
interface FakeStyle {
  attributes: Map<string, string>;
  removeAttribute(name: string): void;
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
  const styles = [...built.matchAll(/<style([^>]*)>/g)].map(([, attributes]): FakeStyle => {
    const style: FakeStyle = {
      attributes: new Map([...attributes.matchAll(/ ([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
      removeAttribute: (name) => style.attributes.delete(name),
    };
    return style;
  });
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
      const style = /^style\[data-shell-css="([^"]+)"\]$/.exec(selector)?.[1];
      if (style !== undefined) return styles.find((s) => s.attributes.get("data-shell-css") === style) ?? null;
      // The page's own links (its stylesheets, disabled) and those the scripts added.
      const link = /^link\[rel="stylesheet"\]\[href="([^"]+)"\]$/.exec(selector)?.[1];
      if (link !== undefined) {
        const inPage = built.includes(`<link rel="stylesheet" crossorigin href="${link}"`);
        return inPage ? {} : (head.find((e) => e.rel === "stylesheet" && e.href === link) ?? null);
      }
      const key = /^template\[data-shell="([^"]+)"\]$/.exec(selector)?.[1];
      const shell = key === undefined ? undefined : templates.get(key);
      return shell === undefined ? null : { content: { cloneNode: () => shell } };
    },
  };
  const rootElement = {
    replaceChildren: (...nodes: unknown[]) => (root.children = nodes),
    setAttribute: (name: string, value: string) => root.attributes.set(name, value),
    // The times a shell shows (the built shells show none).
    querySelectorAll: () => [],
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
  /** The shells' stylesheets the page applies (no media attribute), by file. */
  const applied = () =>
    styles.flatMap((s) =>
      s.attributes.has("data-shell-css") && !s.attributes.has("media") ? [s.attributes.get("data-shell-css")] : [],
    );
  return { head, html, attributes, root, paint, load, applied };
}

const fields = (elements: FakeElement[]) =>
  elements.map(({ tag, rel, href, as, disabled, type, src }) =>
    Object.fromEntries(Object.entries({ tag, rel, href, as, disabled, type, src }).filter(([, v]) => v !== undefined)),
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
    expect(() => withShells(page.replace(/<script type="module"[^>]*><\/script>/, ""), shells, table, css)).toThrow(
      /module script/,
    );
  });

  it("carries every stylesheet of the first paint inside the page: its own where Vite linked it, each shell's switched off", () => {
    // The page's own: its rules inline, then its link, disabled: it fetches nothing, and the app's
    // module loader takes the stylesheet as loaded.
    expect(built).toContain(
      '<style>.boot-card{height:9rem}</style><link rel="stylesheet" crossorigin href="/chain/assets/app.css" disabled>',
    );
    // Each shell's stylesheet once, at the end of the head, applying nothing until a shell is chosen.
    expect(
      [...built.matchAll(/<style ([^>]*)>([^<]*)<\/style>/g)].map(([, attributes, rules]) => [attributes, rules]),
    ).toEqual([['data-shell-css="assets/Mine.css" media="not all"', "._tier_1{color:#123}"]]);
    expect(built.indexOf("data-shell-css")).toBeGreaterThan(built.indexOf("app.css"));
    expect(built.indexOf("data-shell-css")).toBeLessThan(built.indexOf("</head>"));
    // A stylesheet the build did not make, or one that would end the <style> early, fails the build.
    expect(() => withShells(page, shells, table, { "assets/app.css": "a{}" })).toThrow(
      /no stylesheet assets\/Mine.css/,
    );
    expect(() => withShells(page, shells, table, { ...css, "assets/Mine.css": "a{content:'</style>'}" })).toThrow(
      /cannot be inlined/,
    );
  });

  it("orders the shells' stylesheets so that each screen's keep the order the app adds them in", () => {
    /** Each file once, and each screen's files in its own order. */
    const keepsOrders = (screens: Record<string, string[]>) => {
      const order = shellStylesheets(screens);
      expect(new Set(order).size).toBe(order.length);
      expect(new Set(order)).toEqual(new Set(Object.values(screens).flat()));
      for (const files of Object.values(screens))
        expect(
          order.filter((file) => files.includes(file)),
          files.join(),
        ).toEqual(files);
    };
    keepsOrders({ home: [], mine: ["Mine.css", "screens.css"], pledge: ["Pledge.css", "screens.css", "ui.css"] });
    keepsOrders({ a: ["x.css", "y.css"], b: ["x.css", "z.css", "y.css"], c: ["w.css", "x.css"] });
    expect(() => shellStylesheets({ a: ["x.css", "y.css"], b: ["y.css", "x.css"] })).toThrow(/no one order/);
  });

  it("a visitor at #/mine with no language cookie: the Chinese shell, its stylesheet from the page, the scripts after the load and the first paint", () => {
    const { head, attributes, root, paint, load, applied } = boot("#/mine");
    expect(attributes.get("data-shell")).toBe("zh-cn mine");
    expect(root.children).toEqual(["<main>矿机 --</main>"]);
    expect(root.attributes.get("data-shell")).toBe("zh-cn mine");
    // The page's copy of its stylesheet applies; its link, disabled, fetches nothing.
    expect(applied()).toEqual(["assets/Mine.css"]);
    expect(fields(head)).toEqual([{ tag: "link", rel: "stylesheet", href: "/chain/assets/Mine.css", disabled: "" }]);
    paint();
    expect(head).toHaveLength(1);
    load();
    const started = fields(head.slice(1));
    expect(started.at(-1)).toEqual(entry);
    expect(started).toContainEqual(react);
    expect(started).toContainEqual({ tag: "link", rel: "modulepreload", href: "/chain/assets/Mine.js" });
    // Its stylesheet is not fetched again by the screen's preloads.
    expect(started.filter((link) => link.href === "/chain/assets/Mine.css")).toEqual([]);
  });

  it("the scripts start whichever of the load and the first paint comes last; a hidden page, which paints nothing, at its load", () => {
    const loadFirst = boot("#/mine");
    loadFirst.load();
    expect(loadFirst.head).toHaveLength(1);
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
      const { head, attributes, root, applied } = boot(hash, cookie);
      expect(attributes.has("data-shell")).toBe(false);
      expect(root.children).toEqual([]);
      expect(applied()).toEqual([]);
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
