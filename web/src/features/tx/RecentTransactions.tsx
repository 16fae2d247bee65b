import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "../../i18n/react";
import { ExplorerLink } from "../../components/ExplorerLink";
import { addNamespace } from "../../i18n/lazyNamespace";
import { formatTime, shorten } from "../../lib/format";
import { useRuntimeConfig } from "../../lib/runtime";
import { labelText } from "./label";
import { useSentTxs } from "./pending";
import { recentStrings } from "./recentStrings";
import styles from "./RecentTransactions.module.css";
import { useBackCloses } from "../../components/useBackCloses";

/**
 * "Recent transactions" (a bottom sheet from the wallet menu): every transaction this device
 * sent from `account` on this chain, newest first, with what it did in the language of the
 * moment, its state and its explorer link. A transaction still pending (after a reload, say)
 * is looked up until its receipt settles it.
 */
export function RecentTransactions({
  account,
  visible,
  onClose,
}: {
  account: string;
  visible: boolean;
  onClose(): void;
}) {
  const { i18n, t: appT } = useTranslation();
  addNamespace(i18n, "recent", recentStrings);
  const { t } = useTranslation("recent");
  const { chain } = useRuntimeConfig();
  // The header's pending badge follows pending transactions to their receipts (useFollowPending).
  const txs = useSentTxs(chain.id, account);
  useBackCloses(visible, onClose);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <header className={styles.head}>
        <h2 className={styles.title}>{t("title")}</h2>
        <button type="button" className={styles.close} onClick={onClose} data-testid="recent-close">
          {t("close")}
        </button>
      </header>
      {txs.length === 0 ? (
        <p className={styles.empty} data-testid="recent-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className={styles.list} data-testid="recent-txs">
          {txs.map((tx) => (
            <li key={tx.hash} className={styles.row} data-testid="recent-tx" data-hash={tx.hash} data-state={tx.state}>
              <div className={styles.main}>
                <span className={styles.label} data-testid="recent-tx-label">
                  {tx.label ? labelText(appT, tx.label) : t("earlier")}
                </span>
                <span className={styles[tx.state]} data-testid="recent-tx-state">
                  {t(tx.state)}
                </span>
              </div>
              <div className={styles.meta}>
                <span>{formatTime(Math.floor(tx.sentAt / 1000))}</span>
                <span>{shorten(tx.hash, 8)}</span>
                <ExplorerLink hash={tx.hash} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Popup>
  );
}
