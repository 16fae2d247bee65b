import { useTranslation } from "../../../i18n/react";
import styles from "./StatusBadge.module.css";

const COLOURS = ["inProgress", "waiting", "ended"] as const;

/** A stake status badge (spec §2): 0 in progress (green), 1 waiting for renewal (blue), 2 ended (grey). */
export function StatusBadge({ status }: { status: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles[COLOURS[status]]}`} data-testid="stake-status" data-status={status}>
      {t(`stakeStatus.badge.${status}`)}
    </span>
  );
}
