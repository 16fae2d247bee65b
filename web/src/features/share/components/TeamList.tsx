import type { Friend } from "@dwn/api";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { InfiniteList, type FetchPage } from "../../../components/InfiniteList";
import { NotConnected } from "../../../components/NotConnected";
import { useWalletConnectedTick } from "../../../components/useWalletConnectedTick";
import { useApi } from "../../../lib/api";
import { useWallet } from "../../wallet";
import { CommunityPopup } from "./CommunityPopup";
import { FriendRow } from "./FriendRow";
import styles from "./TeamList.module.css";

/** The direct friends, paged from user/getFriendList; the placeholder when not signed in. */
export function TeamList() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const call = useApi();
  const tick = useWalletConnectedTick();
  const [opened, setOpened] = useState<Friend | null>(null);
  const fetchPage = useCallback<FetchPage<Friend>>(
    async (page, size) => ({ items: await call("user/getFriendList", { page: String(page), limit: String(size) }) }),
    [call],
  );
  if (!hasLogin || !account) return <NotConnected />;
  return (
    <>
      <InfiniteList
        fetchPage={fetchPage}
        resetKey={`${account}:${tick}`}
        itemKey={(friend) => friend.address}
        header={
          <div className={styles.head}>
            <span>{t("share.teamColumnLeft")}</span>
            <span className={styles.end}>{t("share.teamColumnRight")}</span>
          </div>
        }
        renderItem={(friend) => <FriendRow friend={friend} onOpen={setOpened} />}
        testId="team-list"
      />
      <CommunityPopup friend={opened} onClose={() => setOpened(null)} />
    </>
  );
}
