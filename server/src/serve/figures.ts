import { languages, LIST_PAGE_SIZE, type RuntimeConfig, type ServedFigures, type ServedNotice } from "@dwn/api";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SERVED_FIGURES_ID, SHELL_RENDERER } from "@dwn/api";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import type { PublicClient } from "viem";
import type { Sql } from "../store/db";
import { notices } from "../store/queries";

type Contracts = Pick<RuntimeConfig["contracts"], "pool" | "staking" | "dwn">;
type Client = Pick<PublicClient, "getBlockNumber" | "readContract">;

/** Integers as the page carries them: decimal strings, each field of a struct by name. */
function decimals<T extends Record<string, bigint>>(struct: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(struct).map(([k, v]) => [k, v.toString()])) as { [K in keyof T]: string };
}

/** The public figures the first screens show, every one read at the same (latest) block. */
export async function readServedFigures(client: Client, contracts: Contracts): Promise<ServedFigures> {
  const blockNumber = await client.getBlockNumber();
  const pool = { address: contracts.pool, abi: poolAbi, blockNumber } as const;
  const staking = { address: contracts.staking, abi: stakingAbi, blockNumber } as const;
  const [tiers, reserve, staticRewardPerSecond, stakeView, rewardPerUnitPerSecond, unstakeFeeRate, collectFeeRate] =
    await Promise.all([
      client.readContract({ ...pool, functionName: "info" }),
      client.readContract({
        address: contracts.dwn,
        abi: tokenAbi,
        functionName: "balanceOf",
        args: [contracts.pool],
        blockNumber,
      }),
      client.readContract({ ...pool, functionName: "staticRewardPerSecond" }),
      client.readContract({ ...staking, functionName: "stakeView" }),
      client.readContract({ ...staking, functionName: "rewardPerUnitPerSecond" }),
      client.readContract({ ...staking, functionName: "unstakeFeeRate" }),
      client.readContract({ ...staking, functionName: "collectFeeRate" }),
    ]);
  return {
    block: blockNumber.toString(),
    contracts: { pool: contracts.pool, staking: contracts.staking, dwn: contracts.dwn },
    tiers: tiers.map((tier) => decimals(tier)),
    poolReserve: decimals({ reserve, staticRewardPerSecond }),
    stakeView: decimals(stakeView),
    rewardPerUnitPerSecond: rewardPerUnitPerSecond.toString(),
    feeRates: decimals({ unstakeFeeRate, collectFeeRate }),
  };
}

/**
 * The newest announcements in each language, as notice/getList answers its first page, without
 * their bodies: what /announcement's shell and first render show before the app has asked.
 */
export async function readServedNotices(db: Sql): Promise<NonNullable<ServedFigures["notices"]>> {
  const pages = await Promise.all(
    languages.map(async (language) =>
      (await notices(db, language === "en-us", 0, LIST_PAGE_SIZE)).map((row): ServedNotice => ({
        id: row.id,
        title: row.title,
        create_time: Number(row.created_at),
        update_time: Number(row.updated_at),
      })),
    ),
  );
  return Object.fromEntries(languages.map((language, i) => [language, pages[i]])) as Record<
    (typeof languages)[number],
    ServedNotice[]
  >;
}

export interface ServedFiguresOptions {
  read: () => Promise<ServedFigures>;
  /** Figures older than this are read again (in the background while younger than `keepMs`). */
  refreshMs?: number;
  /** Figures older than this are not served: the page goes without them rather than wait. */
  keepMs?: number;
  /** How long a page waits for figures it has none of (or only too old ones) before going without. */
  waitMs?: number;
  now?: () => number;
}

/**
 * The last figures read, for the page. A page never waits on the RPC for long: figures younger
 * than `refreshMs` are served as they are; older ones (still younger than `keepMs`) are served
 * while a new read runs; with none fit to serve, the page waits up to `waitMs` for the read and
 * otherwise goes without (the app then reads the chain itself once the screen has settled).
 * However many pages ask, one read runs at a time. A failed read keeps the last figures, and for
 * `refreshMs` after it no page waits for the RPC or asks it again.
 */
export function createServedFigures({
  read,
  refreshMs = 3_000,
  keepMs = 60_000,
  waitMs = 300,
  now = Date.now,
}: ServedFiguresOptions) {
  let last: { at: number; figures: ServedFigures } | undefined;
  let failedAt = -Infinity;
  let reading: Promise<void> | undefined;
  const refresh = () => {
    const startedAt = now();
    reading ??= read()
      .then(
        (figures) => void (last = { at: startedAt, figures }),
        () => void (failedAt = now()),
      )
      .finally(() => (reading = undefined));
    return reading;
  };
  return async (): Promise<ServedFigures | undefined> => {
    const age = last ? now() - last.at : Infinity;
    if (age < refreshMs) return last!.figures;
    const kept = age < keepMs ? last!.figures : undefined;
    // The RPC failed a moment ago: it is asked again in a while, not by every page meanwhile.
    if (now() - failedAt < refreshMs) return kept;
    if (kept) {
      void refresh();
      return kept;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([refresh(), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return last && now() - last.at < keepMs ? last.figures : undefined;
  };
}

/** The figures as the page's data block carries them: JSON, `<` escaped so no value can close the element. */
export function servedFiguresText(figures: ServedFigures): string {
  return JSON.stringify(figures).replace(/</g, "\\u003c");
}

/**
 * index.html with the figures in it, just before `</head>`: a JSON data block, which the browser
 * never runs (so the page's Content-Security-Policy needs no hash for it). `<` is escaped so no
 * value can close the element.
 */
export function withServedFigures(html: string, figures: ServedFigures | undefined): string {
  if (!figures) return html;
  const json = servedFiguresText(figures);
  return html.replace("</head>", `<script id="${SERVED_FIGURES_ID}" type="application/json">${json}</script></head>`);
}

/** Each language's shell of each screen, as the page's templates carry them (web/src/app/shellMarkup.ts). */
export type Shells = Record<string, Record<string, string>>;

/**
 * index.html with `shells` in place of the built ones: each `<template data-shell="language screen">`'s
 * content replaced by that shell's markup; a shell the page has no template for is left out.
 */
export function withServedShells(html: string, shells: Shells | undefined): string {
  if (!shells) return html;
  let page = html;
  for (const [language, screens] of Object.entries(shells))
    for (const [screen, markup] of Object.entries(screens)) {
      const open = `<template data-shell="${language} ${screen}">`;
      const start = page.indexOf(open);
      const end = start === -1 ? -1 : page.indexOf("</template>", start);
      if (end === -1) continue;
      page = page.slice(0, start + open.length) + markup + page.slice(end);
    }
  return page;
}

/** The built app's shells renderer (@dwn/api's SHELL_RENDERER): the shells showing `figures`, with them. */
export type RenderServedShells = (figures: string, config: RuntimeConfig) => Promise<Shells | undefined>;

/** The renderer the web app's build keeps in `webDir`, if it has one that loads. */
export async function loadShellRenderer(webDir: string): Promise<RenderServedShells | undefined> {
  const file = join(webDir, SHELL_RENDERER);
  if (!existsSync(file)) return undefined;
  const module: unknown = await import(pathToFileURL(file).href);
  const render = typeof module === "object" && module !== null ? Reflect.get(module, "renderServedShells") : undefined;
  if (typeof render !== "function") throw new Error(`${file} exports no renderServedShells().`);
  return render as RenderServedShells;
}
