import { lazy } from "react";

/*
 * Each screen is its own chunk, loaded when its route is first visited: a first visit to
 * /chain/#/home downloads the shell and the home screen only.
 */
export const HomePage = lazy(() => import("../features/home/HomePage").then((m) => ({ default: m.HomePage })));
export const SharePage = lazy(() => import("../features/share/SharePage").then((m) => ({ default: m.SharePage })));
export const NotBoundPage = lazy(() =>
  import("../features/notbound/NotBoundPage").then((m) => ({ default: m.NotBoundPage })),
);
export const AnnouncementListPage = lazy(() =>
  import("../features/announcement/AnnouncementListPage").then((m) => ({ default: m.AnnouncementListPage })),
);
export const AnnouncementDetailPage = lazy(() =>
  import("../features/announcement/AnnouncementDetailPage").then((m) => ({ default: m.AnnouncementDetailPage })),
);
export const PledgePage = lazy(() => import("../features/pledge/PledgePage").then((m) => ({ default: m.PledgePage })));
export const ContractDetailsPage = lazy(() =>
  import("../features/contractDetails/ContractDetailsPage").then((m) => ({ default: m.ContractDetailsPage })),
);
export const EcosystemPage = lazy(() =>
  import("../features/ecosystem/EcosystemPage").then((m) => ({ default: m.EcosystemPage })),
);
export const MinePage = lazy(() => import("../features/mine/MinePage").then((m) => ({ default: m.MinePage })));
export const BackpackPage = lazy(() =>
  import("../features/backpack/BackpackPage").then((m) => ({ default: m.BackpackPage })),
);
export const IncomeLogPage = lazy(() =>
  import("../features/incomeLog/IncomeLogPage").then((m) => ({ default: m.IncomeLogPage })),
);
