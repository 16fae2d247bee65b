import type { Friend } from "@dwn/api";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { InfiniteList, type FetchPage } from "../../../components/InfiniteList";
import { NotConnected } from "../../../components/NotConnected";
import { useApi } from "../../../lib/api";
import { useWallet } from "../../wallet";
import { FriendRow } from "./FriendRow";
import styles from "./TeamList.module.css";

// Fetched on the first tap on a friend: the popup's animation code is not needed for the list.
const CommunityPopup = lazy(() => import("./CommunityPopup").then((m) => ({ default: m.CommunityPopup })));

/** The direct friends, paged from user/getFriendList; the placeholder when not signed in. */
export function TeamList() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const call = useApi();
  const [opened, setOpened] = useState<Friend | null>(null);
  const [popupWanted, setPopupWanted] = useState(false);
  const open = (friend: Friend) => {
    setPopupWanted(true);
    setOpened(friend);
  };
  const fetchPage = useCallback<FetchPage<Friend>>(
    async (page, size) => ({ items: await call("user/getFriendList", { page: String(page), limit: String(size) }) }),
    [call],
  );
  if (!hasLogin || !account) return <NotConnected what="team" />;
  return (
    <>
      <InfiniteList
        queryKey={["user/getFriendList", account]}
        fetchPage={fetchPage}
        itemKey={(friend) => friend.address}
        header={
          <div className={styles.head}>
            <span>{t("share.teamColumnLeft")}</span>
            <span className={styles.end}>{t("share.teamColumnRight")}</span>
          </div>
        }
        renderItem={(friend) => <FriendRow friend={friend} onOpen={open} />}
        testId="team-list"
      />
      {popupWanted && (
        <Suspense fallback={null}>
          <CommunityPopup friend={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
}
