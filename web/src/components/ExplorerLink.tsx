import { useTranslation } from "../i18n/react";
import { useRuntimeConfig } from "../lib/runtime";
import styles from "./ExplorerLink.module.css";

/** A transaction's page on the chain's explorer; undefined when the deployment names none (the devnet). */
export function explorerTxUrl(explorer: string | null, hash: string | undefined): string | undefined {
  return explorer && hash && /^0x[0-9a-fA-F]{64}$/.test(hash) ? `${explorer.replace(/\/$/, "")}/tx/${hash}` : undefined;
}

/**
 * A history row's link to its transaction on the explorer (BscScan on chain 56, the runtime
 * config's explorer elsewhere), so the user can check it; nothing without an explorer.
 */
export function ExplorerLink({ hash }: { hash: string | undefined }) {
  const { t } = useTranslation();
  const { chain } = useRuntimeConfig();
  const url = explorerTxUrl(chain.explorer, hash);
  if (!url) return null;
  return (
    <a className={styles.link} href={url} target="_blank" rel="noreferrer" data-testid="explorer-link">
      {t("tx.viewOnExplorer")}
    </a>
  );
}
