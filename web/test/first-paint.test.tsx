import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { createElement, type ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryObserver } from "@tanstack/react-query";
import { SERVED_FIGURES_ID, type ServedFigures } from "@dwn/api";
import { createQueryClient } from "../src/app/queryClient";
import { PLACEHOLDER_TEXT } from "../src/components/Placeholder";
import { NftExchange } from "../src/features/mine/components/NftExchange";
import { ProductsTab } from "../src/features/pledge/components/ProductsTab";
import { tiersQuery } from "../src/features/mine/hooks/useTiers";
import { prefetchMine } from "../src/features/mine/MinePage";
import { prefetchPledge } from "../src/features/pledge/PledgePage";
import { prefetchAnnouncements } from "../src/features/announcement/AnnouncementListPage";
import { poolReserveQuery } from "../src/features/mine/hooks/usePoolReserve";
import { forgetServedFigures, seed, seedServed, servedBlock } from "../src/lib/served";
import { tierImage } from "../src/features/shared/utils/tiers";
import { loadResources } from "../src/i18n/resources";
import { chainFromConfig, publicClientFor } from "../src/lib/chain";
import type { Tier } from "../src/lib/reads/pool";
import { enUsScreens as en } from "../src/i18n/locales/en-us-screens";
import { config, createHarness } from "./support/wallet-harness";
import { markup } from "./support/markup";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });

/**
 * A screen's part as it is first drawn: before any read has answered (the markup of the first
 * render, no query settled), for a visitor (no wallet connected).
 */
async function firstRender(
  element: ReactElement,
  language: LanguageCode = "en-us",
  client = createQueryClient(),
): Promise<string> {
  await i18n.changeLanguage(language);
  const { machine } = createHarness({ noWallet: true });
  return markup(element, { i18n, client, config, wallet: { machine, chain: chainFromConfig(config) } });
}

/** The element of `testId` with what it holds (the first closing tag of its own name). */
function element(html: string, testId: string, tag: string): string {
  const match = new RegExp(`<${tag}[^>]*data-testid="${testId}"[^>]*>.*?</${tag}>`).exec(html);
  if (!match) throw new Error(`No <${tag}> with data-testid="${testId}" in ${html}`);
  return match[0];
}

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
const PLACEHOLDER = `data-placeholder="" aria-busy="true">${PLACEHOLDER_TEXT}</span>`;

// The largest part of /mine and /pledge is drawn with the screen, not after a read of the chain
// from another origin: what a phone shows first, and what Lighthouse measures as its largest paint.
describe("the first paint of a screen whose figures come from the chain", () => {
  it("/mine's carousel shows the pool's five tiers at once: picture and description, each figure a placeholder", async () => {
    const html = await firstRender(createElement(NftExchange));
    for (const id of [1, 2, 3, 4, 5]) {
      const slide = element(html, `tier-${id}`, "article");
      expect(slide).toContain(`src="${tierImage(id)}"`);
      const description = en.mine.nftDescription[String(id) as keyof typeof en.mine.nftDescription];
      expect(text(element(slide, `tier-${id}-title`, "h3"))).toBe(`${PLACEHOLDER_TEXT} USDT · ${description}`);
      expect(element(slide, `tier-${id}-title`, "h3")).toContain(PLACEHOLDER);
      for (const figure of ["power", "remaining", "limit"]) {
        expect(element(slide, `tier-${id}-${figure}`, "p")).toContain(PLACEHOLDER);
      }
      // Nothing to buy at a price not read yet.
      expect(element(slide, `tier-${id}-buy`, "button")).toMatch(/<button[^>]*disabled=""/);
      expect(text(element(slide, `tier-${id}-buy`, "button"))).toBe(`${PLACEHOLDER_TEXT} USDT`);
    }
    expect(html.match(/<article/g)).toHaveLength(5);
    // No figure made up: no digit outside the descriptions and the pictures' sources.
    expect(text(html)).not.toMatch(/\d/);
  });

  it("/mine's carousel shows the tiers' figures once info() has answered, the same five slides", async () => {
    const client = createQueryClient();
    const e18 = 10n ** 18n;
    const tiers: Tier[] = [1n, 2n, 3n, 4n, 5n].map((id) => ({
      id,
      supply: 1000n * id,
      sold: 7n,
      usdtprice: 100n * id * e18,
      dwn8price: 10n * e18,
      multiple: 15000n,
      limit: 3n,
    }));
    client.setQueryData(tiersQuery(publicClientFor(config), config.contracts.pool).queryKey, tiers);
    const html = await firstRender(createElement(NftExchange), "en-us", client);
    expect(html).not.toContain("data-placeholder");
    expect(html.match(/<article/g)).toHaveLength(5);
    expect(text(element(html, "tier-2-title", "h3"))).toBe("200 USDT · Builder node");
    expect(text(element(html, "tier-2-power", "p"))).toBe("1.5 power");
    expect(text(element(html, "tier-2-remaining", "p"))).toBe("Remaining 1993");
    expect(text(element(html, "tier-2-limit", "p"))).toBe("Limit 3 per wallet");
    expect(element(html, "tier-2-buy", "button")).not.toMatch(/<button[^>]*disabled=""/);
    expect(text(element(html, "tier-2-buy", "button"))).toBe("200 USDT");
  });

  it("/pledge's instructions are the sentence at once, its cycle and redeem window placeholders", async () => {
    for (const [language, words] of [
      ["en-us", ["Each pledge lasts ", " days. After it expires you have ", " hours to withdraw"]],
      ["zh-cn", ["每次质押为期 ", " 天。到期后您有 ", " 小时可提取本金"]],
    ] as const) {
      const sentence = element(await firstRender(createElement(ProductsTab), language), "pledge-instructions", "p");
      expect(sentence.split(PLACEHOLDER)).toHaveLength(3);
      const shown = text(sentence);
      let at = 0;
      for (const word of words) {
        const found = shown.indexOf(word, at);
        expect(found, `"${word}" in "${shown}"`).toBeGreaterThanOrEqual(at);
        at = found + word.length;
      }
      expect(shown).not.toMatch(/\d/);
    }
  });
});

/** What the server writes into the page (server/src/serve/figures.ts): the chain's public figures at one block. */
const pageFigures = (): ServedFigures => ({
  block: "73",
  contracts: { pool: config.contracts.pool, staking: config.contracts.staking, dwn: config.contracts.dwn },
  tiers: [1n, 2n, 3n, 4n, 5n].map((id) => ({
    id: String(id),
    supply: String(1000n * id),
    sold: "7",
    usdtprice: String(100n * id * 10n ** 18n),
    dwn8price: String(10n * 10n ** 18n),
    multiple: "15000",
    limit: "3",
  })),
  poolReserve: { reserve: String(123n * 10n ** 18n), staticRewardPerSecond: "1000" },
  stakeView: {
    dwnAmount: String(100n * 10n ** 18n),
    a8Amount: String(50n * 10n ** 18n),
    cycle: "30",
    gracePeriod: "86400",
  },
  rewardPerUnitPerSecond: "1000000000000",
  feeRates: { unstakeFeeRate: "500", collectFeeRate: "300" },
});

/** The page as the browser has it: its data element holding `text`. */
function pageWith(text: string | undefined) {
  forgetServedFigures();
  Reflect.set(globalThis, "document", {
    getElementById: (id: string) => (id === SERVED_FIGURES_ID && text !== undefined ? { textContent: text } : null),
  });
}

describe("a page that carries the chain's figures (lib/served.ts)", () => {
  beforeEach(() => pageWith(JSON.stringify(pageFigures())));
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "document");
    forgetServedFigures();
    vi.useRealTimers();
  });

  it("/mine paints the tiers from the page, says which block they are of, and starts no read", async () => {
    const client = createQueryClient();
    prefetchMine({ queryClient: client, config });
    expect(client.isFetching()).toBe(0);
    const html = await firstRender(createElement(NftExchange), "en-us", client);
    expect(html).not.toContain("data-placeholder");
    expect(text(element(html, "tier-2-title", "h3"))).toBe("200 USDT · Builder node");
    expect(text(element(html, "tier-2-remaining", "p"))).toBe("Remaining 1993");
    expect(text(element(html, "served-block", "p"))).toBe("As of block #73");
    expect(client.getQueryData(poolReserveQuery(publicClientFor(config), config.contracts).queryKey)).toEqual({
      reserve: 123n * 10n ** 18n,
      staticRewardPerSecond: 1000n,
    });
  });

  it("/pledge paints its sentence and terms from the page, in either language, with the block", async () => {
    const client = createQueryClient();
    prefetchPledge({ queryClient: client, config });
    expect(client.isFetching()).toBe(0);
    const en = await firstRender(createElement(ProductsTab), "en-us", client);
    expect(text(element(en, "pledge-instructions", "p"))).toMatch(
      /^Each pledge lasts 30 days\. After it expires you have 24 hours to withdraw/,
    );
    expect(text(element(en, "pledge-redeem-fee", "dd"))).toBe("5%");
    expect(text(element(en, "pledge-claim-fee", "dd"))).toBe("3%");
    expect(text(element(en, "served-block", "p"))).toBe("As of block #73");
    const zh = await firstRender(createElement(ProductsTab), "zh-cn", client);
    expect(text(element(zh, "served-block", "p"))).toBe("截至区块 #73");
  });

  it("figures of another deployment, or that do not parse as whole numbers, are not used", () => {
    const other = pageFigures();
    other.contracts.pool = "0x00000000000000000000000000000000000000aa";
    const badTier = pageFigures();
    badTier.tiers[0].sold = "-1";
    const fraction = pageFigures();
    fraction.poolReserve.reserve = "1.5";
    const missing: Partial<ServedFigures> = pageFigures();
    delete missing.feeRates;
    for (const page of [
      JSON.stringify(other),
      JSON.stringify(badTier),
      JSON.stringify(fraction),
      JSON.stringify(missing),
      "{",
      "",
      undefined,
    ]) {
      pageWith(page);
      const client = createQueryClient();
      const key = tiersQuery(publicClientFor(config), config.contracts.pool).queryKey;
      expect(
        seedServed(client, config.contracts, (figures) => [seed(key, figures.tiers)]),
        String(page),
      ).toBe(false);
      expect(client.getQueryData(key)).toBeUndefined();
    }
  });

  it("once the screen has settled, a query still showing the page's figures reads the chain and the block goes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const client = createQueryClient();
    const key = tiersQuery(publicClientFor(config), config.contracts.pool).queryKey;
    expect(seedServed(client, config.contracts, (figures) => [seed(key, figures.tiers)])).toBe(true);
    const own = [{ id: 1n, supply: 1000n, sold: 8n, usdtprice: 1n, dwn8price: 1n, multiple: 10000n, limit: 3n }];
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => (reads++, own),
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    expect(servedBlock(config.contracts, observer.getCurrentResult())).toBe(73n);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(reads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(1);
    expect(observer.getCurrentResult().data).toEqual(own);
    expect(servedBlock(config.contracts, observer.getCurrentResult())).toBeUndefined();
    stop();
  });
});

describe("a page that carries the newest announcements", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "document");
    forgetServedFigures();
  });
  const notice = { id: 3, title: "Staking opens", create_time: 1_700_000_000, update_time: 1_700_000_100 };
  const listKey = (language: string) => ["notice/getList", language];

  it("/announcement's list starts with them in each language, bodies left for the API, and asks nothing yet", () => {
    pageWith(JSON.stringify({ ...pageFigures(), notices: { "en-us": [notice], "zh-cn": [] } }));
    const client = createQueryClient();
    expect(prefetchAnnouncements({ queryClient: client, config })).toBe(true);
    expect(client.isFetching()).toBe(0);
    expect(client.getQueryData(listKey("en-us"))).toEqual({
      pages: [{ items: [{ ...notice, body: "" }] }],
      pageParams: [1],
    });
    expect(client.getQueryData(listKey("zh-cn"))).toEqual({ pages: [{ items: [] }], pageParams: [1] });
  });

  it("seeds nothing from a page without them, with one that does not parse, or of another deployment", () => {
    const pages = [
      { ...pageFigures() },
      { ...pageFigures(), notices: { "en-us": [{ ...notice, title: 7 }] } },
      { ...pageFigures(), notices: { "en-us": [{ ...notice, create_time: -1 }] } },
      { ...pageFigures(), notices: { "en-us": "none" } },
      {
        ...pageFigures(),
        notices: { "en-us": [notice] },
        contracts: { ...pageFigures().contracts, pool: `0x${"9".repeat(40)}` },
      },
    ];
    for (const page of pages) {
      pageWith(JSON.stringify(page));
      const client = createQueryClient();
      expect(prefetchAnnouncements({ queryClient: client, config }), JSON.stringify(page.notices)).toBe(false);
      expect(client.getQueryData(listKey("en-us"))).toBeUndefined();
    }
  });
});
