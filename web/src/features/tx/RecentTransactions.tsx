import Popup from "antd-mobile/es/components/popup";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExplorerLink } from "../../components/ExplorerLink";
import { addNamespace } from "../../i18n/lazyNamespace";
import { formatTime, shorten } from "../../lib/format";
import { useRuntimeConfig } from "../../lib/runtime";
import { usePublicClient } from "../../lib/usePublicClient";
import { readTxs, txHistory, type SentTx } from "./history";
import { recentStrings } from "./recentStrings";
import styles from "./RecentTransactions.module.css";

/** Pending transactions' receipts are asked for this often while the list is open. */
const POLL_MS = 3_000;

/** The account's transactions on this chain, kept up to date as they are sent and settled. */
function useSentTxs(chainId: number, account: string): SentTx[] {
  const [txs, setTxs] = useState(() => readTxs(chainId, account));
  useEffect(() => {
    setTxs(readTxs(chainId, account));
    return txHistory.subscribe(() => setTxs(readTxs(chainId, account)));
  }, [chainId, account]);
  return txs;
}

/**
 * "Recent transactions" (a bottom sheet from the wallet menu): every transaction this device
 * sent from `account` on this chain, newest first, with its state and its explorer link. A
 * transaction still pending (after a reload, say) is looked up until its receipt settles it.
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
  addNamespace(useTranslation().i18n, "recent", recentStrings);
  const { t } = useTranslation("recent");
  const { chain } = useRuntimeConfig();
  const client = usePublicClient();
  const txs = useSentTxs(chain.id, account);
  const pending = txs.filter((tx) => tx.state === "pending").map((tx) => tx.hash);

  useQuery({
    queryKey: ["recent-receipts", chain.id, account, pending],
    enabled: visible && pending.length > 0,
    refetchInterval: POLL_MS,
    queryFn: async () => {
      for (const hash of pending) {
        const receipt = await client.request({ method: "eth_getTransactionReceipt", params: [hash] });
        if (receipt) txHistory.settle(chain.id, account, hash, receipt.status === "0x1" ? "confirmed" : "failed");
      }
      return pending.length;
    },
  });

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
                <span className={styles.label}>{tx.label}</span>
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
