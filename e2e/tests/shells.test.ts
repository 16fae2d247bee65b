import { test } from "node:test";
import assert from "node:assert/strict";
import { SERVED_FIGURES_ID } from "@dwn/api";
import { axeViolations, describeViolations } from "../support/axe";
import { builtPage } from "../support/stack";
import { e2eSuite } from "../support/suite";

// Every visitor screen paints its own content before its JavaScript runs (issue 26 item 2): the
// page carries each screen's shell, rendered at build time from the app's own components
// (web/build/prerenderShells.ts). A shell must be the screen the app then draws in its place,
// not a copy that drifts from it: its text is the text of the app's first render, in each
// language, for a visitor.

const suite = e2eSuite();

const SCREENS = ["home", "share", "mine", "pledge", "announcement"];
const LANGUAGES = ["zh-cn", "en-us"];

/**
 * Records #root's text twice: once the page's boot script has put the shell in, and at the app's
 * first render in its place (the first mutation that brings the app's test ids).
 */
const RECORD = `(() => {
  const texts = (window.__shellTexts = {});
  new MutationObserver(() => {
    const root = document.getElementById("root");
    if (!root) return;
    if (texts.shell === undefined && root.hasAttribute("data-shell")) {
      texts.shell = root.textContent;
      texts.key = root.getAttribute("data-shell");
    }
    if (texts.shell !== undefined && texts.app === undefined && root.querySelector("[data-testid]")) texts.app = root.textContent;
  }).observe(document, { childList: true, subtree: true, attributes: true });
})()`;

const normal = (text: string) => text.replace(/\s+/g, " ").trim();

/** The screens whose shells the server renders with what it puts into the page: the chain's figures, the newest announcements. */
const FIGURE_SCREENS = ["home", "mine", "pledge", "announcement"];
/** The note of a card showing the page's figures, in each language. */
const AS_OF_BLOCK: Record<string, RegExp> = { "en-us": /As of block #\d+/, "zh-cn": /截至区块 #\d+/ };

for (const language of LANGUAGES)
  for (const figures of [false, true])
    test(`each visitor screen's shell in ${language} reads as the app's first render of it, ${figures ? "with" : "without"} the chain's figures`, async () => {
      for (const screen of figures ? FIGURE_SCREENS : SCREENS) {
        const phone = await suite.phone();
        const { page, context } = phone;
        await context.addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
        // Without the chain's figures the server puts into the page (its data block, and the
        // shells it renders with them), as when the RPC does not answer it, the app's first
        // render shows placeholders where they would go, as the built shell does; with them,
        // both show them, saying their block.
        if (!figures)
          await page.route(
            (url) => url.pathname === "/chain/" || url.pathname === "/chain/index.html",
            async (route) => {
              const response = await route.fetch();
              assert.match(await response.text(), new RegExp(`<script id="${SERVED_FIGURES_ID}"`));
              await route.fulfill({ response, body: builtPage() });
            },
          );
        await page.addInitScript(RECORD);
        await page.goto(suite.stack.app(`/${screen}`));
        const texts = await page
          .waitForFunction(
            () => {
              const recorded = (window as { __shellTexts?: { app?: string } }).__shellTexts;
              return recorded?.app !== undefined && recorded;
            },
            undefined,
            { timeout: 30_000 },
          )
          .then((handle) => handle.jsonValue() as Promise<{ key: string; shell: string; app: string }>);
        assert.equal(texts.key, `${language} ${screen}`);
        assert.ok(normal(texts.shell).length > 0, `${screen}'s shell has text`);
        if (figures && screen !== "announcement")
          assert.match(texts.shell, AS_OF_BLOCK[language], `${screen}'s shell shows the page's figures`);
        assert.equal(normal(texts.shell), normal(texts.app), `${language} ${screen}`);
        await context.close();
      }
    });

test("a visitor's screen paints from the page alone: no stylesheet fetched before it, none of its own fetched again by the app, nothing moved", async () => {
  for (const screen of SCREENS) {
    const { page, context } = await suite.phone();
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css"))
        stylesheets.push(new URL(request.url()).pathname);
    });
    // The shell's place and size as it first paints, and the app's once it has drawn the screen.
    await page.addInitScript(`(() => {
      const boxes = (window.__shellBoxes = {});
      const box = (root) => {
        const r = root.firstElementChild.getBoundingClientRect();
        return [r.top, r.left, r.width, r.height].map(Math.round).join(" ");
      };
      new MutationObserver(() => {
        const root = document.getElementById("root");
        if (!root?.firstElementChild) return;
        if (boxes.shell === undefined && root.hasAttribute("data-shell")) {
          boxes.shell = box(root);
          boxes.requestsBefore = performance.getEntriesByType("resource").filter((e) => /\\.css$/.test(e.name)).length;
        }
        if (boxes.shell !== undefined && boxes.app === undefined && root.querySelector("[data-testid]")) boxes.app = box(root);
      }).observe(document, { childList: true, subtree: true });
    })()`);
    await page.goto(suite.stack.app(`/${screen}`));
    const boxes = await page
      .waitForFunction(() => {
        const recorded = (window as { __shellBoxes?: { app?: string } }).__shellBoxes;
        return recorded?.app !== undefined && recorded;
      })
      .then((handle) => handle.jsonValue() as Promise<{ shell: string; app: string; requestsBefore: number }>);
    await page.waitForLoadState("networkidle");
    // The page carries its own rules and the shell's: the shell paints with no stylesheet request.
    assert.equal(boxes.requestsBefore, 0, `${screen}: stylesheets fetched before the shell painted`);
    // The app takes those as loaded: it fetches none of them (the shell's are named by its
    // disabled links), only stylesheets of parts the shell does not show.
    const inline = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
        (link) => new URL(link.href).pathname,
      ),
    ]);
    assert.ok(
      inline.some((file) => /\/assets\/app-[\w-]+\.css$/.test(file)),
      `${screen}: the page's own stylesheet`,
    );
    assert.deepEqual(
      stylesheets.filter((file) => inline.includes(file)),
      [],
      `${screen}: fetched again though the page carries them`,
    );
    // Styled the same from its first paint: the app draws the screen where the shell was.
    assert.equal(boxes.app, boxes.shell, `${screen}: the shell's box and the app's`);
    await context.close();
  }
});

// antd-mobile's stepper (on /pledge) writes aria-valuemax="NaN" and no name into its markup: the
// app mends it after each render (UnitsStepper), and its shell comes mended from the build and the
// server, named as the app names it.
test("each visitor shell, before the app's scripts run, passes axe and fits at 320 px and in landscape, in both languages", async () => {
  const problems: string[] = [];
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 740, height: 360 },
  ])
    for (const language of LANGUAGES)
      for (const screen of SCREENS) {
        const { page, context } = await suite.phone();
        await page.setViewportSize(viewport);
        await context.addCookies([{ name: "language", value: language, url: suite.stack.origin }]);
        // The app's scripts never arrive: what a slow phone shows until they do.
        await page.route("**/*.js", (route) => route.abort());
        await page.goto(suite.stack.app(`/${screen}`));
        await page.waitForSelector(`#root[data-shell="${language} ${screen}"]`);
        const where = `${screen} ${language} ${viewport.width}x${viewport.height}`;
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${where}: ${overflow} px wider than the screen`);
        problems.push(...describeViolations(where, await axeViolations(page)));
        if (screen === "pledge") {
          const field = page.getByRole("spinbutton", { name: language === "en-us" ? "Quantity" : "数量" });
          if ((await field.count()) !== 1) problems.push(`${where}: no units field named as the app names it`);
          else if ((await field.getAttribute("aria-describedby")) !== "pledge-units-note")
            problems.push(`${where}: the units field is not described by its note`);
        }
        if ((await page.content()).includes('"NaN"')) problems.push(`${where}: an attribute says NaN`);
        await context.close();
      }
  assert.deepEqual(problems, []);
});
