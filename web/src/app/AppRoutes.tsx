import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { NotOpenRoute } from "../features/menu/NotOpenRoute";
import { AppLayout } from "./AppLayout";
import {
  AnnouncementDetailPage,
  AnnouncementListPage,
  BackpackPage,
  ContractDetailsPage,
  EcosystemPage,
  HomePage,
  IncomeLogPage,
  MinePage,
  NotBoundPage,
  PledgePage,
  SharePage,
} from "./lazyPages";

/** Goes home, keeping the query: `#/?address=…` must still carry the inviter to /home. */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: "/home", search }} replace />;
}

/** The routes of DESIGN.md §6 that this build has. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<ToHome />} />
        <Route path="home" element={<HomePage />} />
        <Route path="share" element={<SharePage />} />
        <Route path="mine" element={<MinePage />} />
        <Route path="backpack" element={<BackpackPage />} />
        <Route path="incomeLog" element={<IncomeLogPage />} />
        <Route path="pledge" element={<PledgePage />} />
        <Route path="contractDetails" element={<ContractDetailsPage />} />
        <Route path="not_bound" element={<NotBoundPage />} />
        <Route path="announcement" element={<AnnouncementListPage />} />
        <Route path="announcement/:id" element={<AnnouncementDetailPage />} />
        <Route path="ecosystem" element={<EcosystemPage />} />
        <Route path="market" element={<NotOpenRoute />} />
        <Route path="exchange" element={<NotOpenRoute />} />
        <Route path="notopen" element={<NotOpenRoute />} />
        <Route path="*" element={<ToHome />} />
      </Route>
    </Routes>
  );
}
