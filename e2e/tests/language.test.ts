import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { expectText, screenshot } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { ar, en, zh } from "../support/strings";

const suite = e2eSuite();

const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

test("English chosen in the menu is kept in the language cookie and survives a reload", async () => {
  const phone = await suite.phone();
  const { page } = phone;
  await page.goto(suite.stack.app("/home"));
  await expectText(page, "wallet-connect", zh.wallet.connect);
  await expectText(page, "tab-home", zh.nav.home);
  assert.deepEqual(await documentLanguage(page), { lang: "zh-cn", dir: "ltr" });

  await page.getByTestId("header-menu").tap();
  await expectText(page, "menu-item-share", zh.nav.share);
  assert.equal(await page.getByTestId("language-zh-cn").getAttribute("aria-checked"), "true");
  await page.getByTestId("language-en-us").tap();
  await expectText(page, "menu-item-share", en.nav.share);
  await expectText(page, "menu-item-announcement", en.nav.announcement);
  assert.equal(await page.getByTestId("language-en-us").getAttribute("aria-checked"), "true");
  await expectText(page, "wallet-connect", en.wallet.connect);
  await screenshot(page, "menu-english");

  const cookie = (await page.context().cookies(suite.stack.origin)).find((c) => c.name === "language");
  assert.equal(cookie?.value, "en-us");
  assert.equal(cookie?.path, "/");
  assert.ok((cookie?.expires ?? 0) > Date.now() / 1000 + 300 * 24 * 3600, "the cookie lasts about a year");

  await page.reload();
  await expectText(page, "wallet-connect", en.wallet.connect);
  await expectText(page, "tab-home", en.nav.home);
  await expectText(page, "home-connect", en.wallet.connect);
  assert.deepEqual(await documentLanguage(page), { lang: "en-us", dir: "ltr" });
  await screenshot(page, "home-english-after-reload");
});

test("Arabic (language=ar-ae) renders right to left", async () => {
  const phone = await suite.phone();
  const { page } = phone;
  await phone.context.addCookies([{ name: "language", value: "ar-ae", url: suite.stack.origin }]);
  const arabicHome = ar.nav?.home;
  assert.ok(arabicHome, "the Arabic strings name Home");
  await page.goto(suite.stack.app("/home"));
  await expectText(page, "tab-home", arabicHome);
  assert.deepEqual(await documentLanguage(page), { lang: "ar-ae", dir: "rtl" });
  // What the Arabic strings lack falls back to English.
  await expectText(page, "wallet-connect", en.wallet.connect);

  // The header reads from the right: the logo there, the wallet button to its left.
  const logo = await page.getByTestId("header-logo").boundingBox();
  const connect = await page.getByTestId("wallet-connect").boundingBox();
  assert.ok(logo && connect && logo.x > connect.x, "the logo is right of the connect button");
  await screenshot(page, "arabic-home");

  // The side menu comes in from the left edge.
  await page.getByTestId("tab-menu").tap();
  await expectText(page, "menu-item-home", arabicHome);
  const menu = page.getByTestId("menu-popup").locator(".adm-popup-body");
  const atLeftEdge = await page
    .waitForFunction(() => {
      const box = document.querySelector('[data-testid="menu-popup"] .adm-popup-body')?.getBoundingClientRect();
      return box !== undefined && box.width > 0 && box.left === 0 && box.right < window.innerWidth;
    })
    .then(
      () => true,
      () => false,
    );
  assert.ok(atLeftEdge, `the menu slides in to rest at the left edge: ${JSON.stringify(await menu.boundingBox())}`);
  await screenshot(page, "arabic-menu");
});
