import { useTranslation } from "../../i18n/react";
import { addNamespace } from "../../i18n/lazyNamespace";
import { useFollowPending } from "./pending";
import { recentStrings } from "./recentStrings";
import styles from "./PendingBadge.module.css";

/**
 * The header's "1 pending" beside the address while a transaction this device sent from the
 * account is pending (after a reload, and one another tab sent, too); it follows them to their
 * receipts. Nothing when none is pending.
 */
export function PendingBadge({ account }: { account: string }) {
  addNamespace(useTranslation().i18n, "recent", recentStrings);
  const { t } = useTranslation("recent");
  const pending = useFollowPending(account);
  if (pending.length === 0) return null;
  return (
    <span className={styles.badge} data-testid="wallet-pending">
      {t("pendingCount", { count: pending.length })}
    </span>
  );
}
