import type { Friend } from "@dwn/api";
import { useCallback } from "react";
import { useTranslation } from "../../../i18n/react";
import { Link } from "wouter";
import { navigate } from "../../../app/hashRouter";
import { InfiniteList, type FetchPage } from "../../../components/InfiniteList";
import { NotConnected } from "../../../components/NotConnected";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { useApi } from "../../../lib/api";
import { friendListKey } from "../../../lib/queryKeys";
import { branchRoute, teamStrings } from "../../team";
import { useWallet } from "../../wallet";
import { FriendRow } from "./FriendRow";
import styles from "./TeamList.module.css";

/**
 * The direct friends, paged from user/getFriendList; the placeholder when not signed in. A
 * friend opens its branch in the team explorer (/team/:address), as "Explore my team" opens the
 * member's own.
 */
export function TeamList() {
  const { t, i18n } = useTranslation();
  addNamespace(i18n, "team", teamStrings);
  const { t: team } = useTranslation("team");
  const { account, hasLogin } = useWallet();
  const call = useApi();
  const open = (friend: Friend) => navigate(branchRoute(friend.address));
  const fetchPage = useCallback<FetchPage<Friend>>(
    async (page, size) => ({ items: await call("user/getFriendList", { page: String(page), limit: String(size) }) }),
    [call],
  );
  if (!hasLogin || !account) return <NotConnected what="team" />;
  return (
    <>
      <Link to={branchRoute(account)} className={styles.explore} data-testid="team-explore">
        {team("explore")}
      </Link>
      <InfiniteList
        queryKey={friendListKey(account)}
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
    </>
  );
}
