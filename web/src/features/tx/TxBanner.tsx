import { useSyncExternalStore } from "react";
import { useTranslation } from "../../i18n/react";
import { shorten } from "../../lib/format";
import { useRuntimeConfig } from "../../lib/runtime";
import { labelText } from "./label";
import { txStore, type TxEntry } from "./store";
import styles from "./TxBanner.module.css";

const TITLE_KEYS = {
  wallet: "tx.awaitingWallet",
  pending: "tx.pending",
  confirmed: "tx.confirmed",
  failed: "tx.failed",
} as const;

/**
 * The transaction the user is following, under the header on every screen: waiting for the
 * wallet, pending with its hash (linked to the chain's explorer when it has one), then
 * confirmed or failed with the reason. Renders nothing when there is none.
 */
export function TxBanner() {
  const entry = useSyncExternalStore(txStore.subscribe, txStore.get);
  if (!entry) return null;
  return <Banner entry={entry} />;
}

function Banner({ entry }: { entry: TxEntry }) {
  const { t } = useTranslation();
  const { chain } = useRuntimeConfig();
  const link = entry.hash && chain.explorer ? `${chain.explorer.replace(/\/$/, "")}/tx/${entry.hash}` : undefined;
  return (
    <div
      className={`${styles.banner} ${styles[entry.phase]}`}
      role="status"
      aria-live="polite"
      data-testid="tx-status"
      data-phase={entry.phase}
    >
      <div className={styles.text}>
        <strong>{t(TITLE_KEYS[entry.phase], { label: labelText(t, entry.label) })}</strong>
        {entry.reason && <span data-testid="tx-status-reason">{entry.reason}</span>}
        {entry.hash && (
          <span className={styles.hash} data-testid="tx-status-hash" title={entry.hash}>
            {link ? (
              <a href={link} target="_blank" rel="noreferrer">
                {shorten(entry.hash, 8)} · {t("tx.viewOnExplorer")}
              </a>
            ) : (
              shorten(entry.hash, 8)
            )}
          </span>
        )}
      </div>
      {(entry.phase === "confirmed" || entry.phase === "failed") && (
        <button
          type="button"
          className={styles.close}
          aria-label={t("tx.close")}
          onClick={() => txStore.dismiss(entry.id)}
        >
          ×
        </button>
      )}
    </div>
  );
}
