import { useTranslation } from "react-i18next";
import { useToastOnError } from "../../../components/useToastOnError";
import { useTeamInfo } from "../hooks/useTeamInfo";
import styles from "./TeamSummary.module.css";

/** Direct friends and community size; 0 when not signed in (spec §2). */
export function TeamSummary() {
  const { t } = useTranslation();
  const { data, error } = useTeamInfo();
  useToastOnError(error);
  return (
    <div className={styles.grid}>
      <div className={styles.cell}>
        <strong data-testid="team-friend-num">{data?.friend_num ?? 0}</strong>
        <span>{t("share.directFriends")}</span>
      </div>
      <div className={styles.cell}>
        <strong data-testid="team-community-num">{data?.community_num ?? 0}</strong>
        <span>{t("share.communitySize")}</span>
      </div>
    </div>
  );
}
