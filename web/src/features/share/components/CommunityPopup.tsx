import type { Friend } from "@dwn/api";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "../../../i18n/react";
import { parseAmount } from "../../../lib/amount";
import { displayAddress } from "../../../lib/displayAddress";
import { formatMoney } from "../../../lib/money";
import { levelKey } from "../../../lib/levels";
import styles from "./CommunityPopup.module.css";
import { useBackCloses } from "../../../components/useBackCloses";

/** Community details of a friend: address, level name and community performance. */
export function CommunityPopup({ friend, onClose }: { friend: Friend | null; onClose: () => void }) {
  const { t } = useTranslation();
  useBackCloses(friend !== null, onClose);
  return (
    <Popup
      visible={friend !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName={styles.body}
      data-testid="community-popup"
    >
      {friend && (
        <>
          <h2 className={styles.title}>{t("community.title")}</h2>
          <dl className={styles.list}>
            <dt>{t("community.friendAddress")}</dt>
            <dd className={styles.address} data-testid="community-address">
              {displayAddress(friend.address)}
            </dd>
            <dt>{t("community.level")}</dt>
            <dd data-testid="community-level">{t(levelKey(friend.level))}</dd>
            <dt>{t("community.performance")}</dt>
            <dd data-testid="community-performance">{formatMoney("figure", parseAmount(friend.team_performance))}</dd>
          </dl>
        </>
      )}
    </Popup>
  );
}
