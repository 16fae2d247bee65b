import type { TeamLeg, TeamOrder } from "@dwn/api";
import { useCallback } from "react";
import type { Address } from "viem";
import { useTranslation } from "../../../i18n/react";
import { navigate, useSearchParams } from "../../../app/hashRouter";
import { branchRoute } from "../teamPaths";
import { InfiniteList, type FetchPage } from "../../../components/InfiniteList";
import { Section } from "../../../components/Section";
import { Tabs } from "../../../components/Tabs";
import { useApi } from "../../../lib/api";
import { teamBranchKey } from "../../../lib/queryKeys";
import { MemberRow } from "./MemberRow";

const ORDERS: readonly TeamOrder[] = ["joined", "legs"];

/**
 * A member's direct friends, paged from user/getTeamBranch: as they joined, or its legs largest
 * first (`?view=legs`, so back returns to the view left), the largest marked. Each opens its branch.
 */
export function BranchFriends({ account, address }: { account: Address; address: string }) {
  const { t } = useTranslation("team");
  const call = useApi();
  const params = useSearchParams();
  const order: TeamOrder = params.get("view") === "legs" ? "legs" : "joined";
  const fetchPage = useCallback<FetchPage<TeamLeg>>(
    async (page, size) => ({
      items: (await call("user/getTeamBranch", { address, page: String(page), limit: String(size), order })).friends,
    }),
    [call, address, order],
  );
  return (
    <Section title={t("directFriends")} testId="team-friends">
      <div aria-label={t("views")} role="group">
        <Tabs
          tabs={[
            { key: 0, title: t("friends") },
            { key: 1, title: t("legs") },
          ]}
          active={ORDERS.indexOf(order)}
          onChange={(key) =>
            navigate(key === 1 ? `${branchRoute(address)}?view=legs` : branchRoute(address), { replace: true })
          }
        />
      </div>
      <InfiniteList
        queryKey={[...teamBranchKey(account), address, "friends", order]}
        fetchPage={fetchPage}
        itemKey={(friend) => friend.address}
        renderItem={(friend) => <MemberRow member={friend} largest={friend.largest} />}
        testId="team-friend-list"
      />
    </Section>
  );
}
