/**
 * Each screen's route (the router's pattern without the leading "/", DESIGN.md §6) and the
 * module that draws it, relative to src/ and without its extension. Home is part of the shell
 * (see screens.ts): no module of its own.
 *
 * Plain data, read by the app (screens.ts loads each module, one chunk each) and by the build
 * (build/preloadScreens.ts writes each screen's files into index.html). The test "loads every
 * screen's module" (test/boot.test.ts) checks that screens.ts loads the module named here.
 */
export const ROUTES = {
  home: null,
  share: "features/share/SharePage",
  mine: "features/mine/MinePage",
  backpack: "features/backpack/BackpackPage",
  incomeLog: "features/incomeLog/IncomeLogPage",
  pledge: "features/pledge/PledgePage",
  contractDetails: "features/contractDetails/ContractDetailsPage",
  not_bound: "features/notbound/NotBoundPage",
  announcement: "features/announcement/AnnouncementListPage",
  "announcement/:id": "features/announcement/AnnouncementDetailPage",
  ecosystem: "features/ecosystem/EcosystemPage",
  "team/:address": "features/team/TeamPage",
} as const satisfies Record<string, string | null>;

export type ScreenRoute = keyof typeof ROUTES;
