import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { useTeamInfo } from "../../shared/hooks/useTeamInfo";
import styles from "./TeamSummary.module.css";

/** Direct friends and community size; placeholders until read or when not signed in. */
export function TeamSummary() {
  const { t } = useTranslation();
  const { data } = useTeamInfo();
  return (
    <div className={styles.grid}>
      <div className={styles.cell}>
        <strong data-testid="team-friend-num">{known(data?.friend_num, String)}</strong>
        <span>{t("share.directFriends")}</span>
      </div>
      <div className={styles.cell}>
        <strong data-testid="team-community-num">{known(data?.community_num, String)}</strong>
        <span>{t("share.communitySize")}</span>
      </div>
    </div>
  );
}
