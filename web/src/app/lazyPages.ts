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
export const EcosystemPage = lazy(() =>
  import("../features/ecosystem/EcosystemPage").then((m) => ({ default: m.EcosystemPage })),
);
