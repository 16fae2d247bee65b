import type { TeamMember } from "@dwn/api";
import { Link } from "wouter";
import { useTranslation } from "../../../i18n/react";
import { parseAmount } from "../../../lib/amount";
import { displayAddress } from "../../../lib/displayAddress";
import { formatCompact, shorten } from "../../../lib/format";
import { branchRoute } from "../teamPaths";
import rows from "../../../components/ListRow.module.css";
import styles from "../TeamPage.module.css";

/** One member of a list (a direct friend, a search result): a link to its branch. */
export function MemberRow({
  member,
  largest = false,
}: {
  member: Pick<TeamMember, "address" | "friend_num" | "team_performance">;
  largest?: boolean;
}) {
  const { t } = useTranslation("team");
  return (
    <Link to={branchRoute(member.address)} className={rows.row} data-testid="team-member-row">
      <span className={rows.cell}>
        <span className={rows.address} data-testid="team-member-address">
          {shorten(displayAddress(member.address), 6)}
        </span>
        <span>
          {largest && (
            <strong className={styles.largest} data-testid="team-member-largest">
              {t("largest")}
            </strong>
          )}
          {t("rowFriends", { count: member.friend_num })}
        </span>
      </span>
      <span className={`${rows.cell} ${rows.end}`}>
        <strong data-testid="team-member-performance">{formatCompact(parseAmount(member.team_performance))}</strong>
        <span>{t("legSize")}</span>
      </span>
    </Link>
  );
}
