import type { RuntimeConfig } from "@dwn/api";
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { parse } from "regexparam";
import { HomePage, prefetchHome } from "../features/home/HomePage";
import { loadScreenStrings } from "../i18n";
import { pathOfHash } from "./hashRouter";
import type { ScreenRoute } from "./routes";

/** What a screen may start before its first render: the public reads its largest element shows. */
export interface ScreenContext {
  queryClient: QueryClient;
  config: RuntimeConfig;
}

export interface ScreenModule {
  Screen: ComponentType;
  /** Starts the screen's first public reads, or seeds them from the page's figures (lib/served.ts): true when it did the latter. */
  prefetch?: (context: ScreenContext) => boolean;
}

/** A screen's module once the screens' strings are in place too (i18n/index.ts): it never renders a key. */
async function withStrings(screen: Promise<ScreenModule>): Promise<ScreenModule> {
  const [module] = await Promise.all([screen, loadScreenStrings()]);
  return module;
}

/**
 * Each screen of routes.ts, in a chunk of its own: a first visit downloads the shell and the
 * opened screen only. Each loads the module routes.ts names for it, whose files index.html
 * fetches beside the shell's (build/preloadScreens.ts).
 *
 * Home is part of the shell. It is the landing screen, and its reads (the pool and the staking
 * views, the contract-call decoding) are what most screens read too: in the shell's chunk they
 * cost a first visit to home fewer bytes than its own dozen small chunks did, and spare every
 * other screen those requests.
 */
export const SCREENS: Record<ScreenRoute, () => Promise<ScreenModule>> = {
  home: () => Promise.resolve({ Screen: HomePage, prefetch: prefetchHome }),
  share: () => withStrings(import("../features/share/SharePage").then((m) => ({ Screen: m.SharePage }))),
  mine: () =>
    withStrings(import("../features/mine/MinePage").then((m) => ({ Screen: m.MinePage, prefetch: m.prefetchMine }))),
  backpack: () => withStrings(import("../features/backpack/BackpackPage").then((m) => ({ Screen: m.BackpackPage }))),
  incomeLog: () =>
    withStrings(import("../features/incomeLog/IncomeLogPage").then((m) => ({ Screen: m.IncomeLogPage }))),
  pledge: () =>
    withStrings(
      import("../features/pledge/PledgePage").then((m) => ({ Screen: m.PledgePage, prefetch: m.prefetchPledge })),
    ),
  contractDetails: () =>
    withStrings(
      import("../features/contractDetails/ContractDetailsPage").then((m) => ({ Screen: m.ContractDetailsPage })),
    ),
  not_bound: () => withStrings(import("../features/notbound/NotBoundPage").then((m) => ({ Screen: m.NotBoundPage }))),
  announcement: () =>
    withStrings(
      import("../features/announcement/AnnouncementListPage").then((m) => ({
        Screen: m.AnnouncementListPage,
        prefetch: m.prefetchAnnouncements,
      })),
    ),
  "announcement/:id": () =>
    withStrings(
      import("../features/announcement/AnnouncementDetailPage").then((m) => ({ Screen: m.AnnouncementDetailPage })),
    ),
  ecosystem: () =>
    withStrings(import("../features/ecosystem/EcosystemPage").then((m) => ({ Screen: m.EcosystemPage }))),
  "team/:address": () => withStrings(import("../features/team/TeamPage").then((m) => ({ Screen: m.TeamPage }))),
};

/** The screen a hash route shows: home for the index and for any path without a screen. */
export function screenOf(hash: string): ScreenRoute {
  const path = pathOfHash(hash);
  // The router's own patterns (wouter parses routes with regexparam).
  return (Object.keys(SCREENS) as ScreenRoute[]).find((route) => parse(`/${route}`).pattern.test(path)) ?? "home";
}

/**
 * Loads the screen at `hash` and starts its public reads while the shell still renders, so
 * the screen's data is on its way before the screen first asks for it.
 */
export async function preloadScreen(hash: string, context: ScreenContext): Promise<void> {
  const route = screenOf(hash);
  const screen = await SCREENS[route]();
  LOADED.set(route, screen.Screen);
  screen.prefetch?.(context);
}

/** The screens whose modules preloadScreen has loaded, by route. */
const LOADED = new Map<ScreenRoute, ComponentType>();

/**
 * The screen of `route` if its module is already loaded: rendered at once, not through a lazy
 * component's first suspense, so the app's first render draws it where the page's shell drew it
 * (no skeleton between them).
 */
export function loadedScreen(route: ScreenRoute): ComponentType | undefined {
  return LOADED.get(route);
}
